import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { AppConfig } from '@arena/config';
import { PostgresEventStore } from '@arena/event-store';
import { ensureProjection } from '@arena/projection-runner';
import { projectors } from '@arena/projections/registry';
import { clearRedisPrefix, createTestDatabase, testAppConfig, type TestDatabase } from '@arena/testing';
import { createApiApp } from '../../apps/api/src/bootstrap';
import { runTournamentsCli } from '../../apps/cli/src/tournaments-cli';

const ADMIN_KEY = 'admin-key-for-the-cli-spec-0123456789';
const example = resolve(__dirname, '../../docs/examples/tournament.json');

describe('npm run tournaments (the operators’ CLI) against the running API', () => {
  let database: TestDatabase;
  let config: AppConfig;
  let api: NestFastifyApplication;
  let store: PostgresEventStore;
  let apiUrl: string;
  let dir: string;

  beforeAll(async () => {
    database = await createTestDatabase(4);
    config = testAppConfig(database.url, { ADMIN_API_KEY: ADMIN_KEY });
    for (const projector of projectors) await ensureProjection(database.db, projector);
    api = await createApiApp(config);
    await api.listen(0, '127.0.0.1');
    apiUrl = `http://127.0.0.1:${(api.getHttpServer().address() as AddressInfo).port}`;
    store = new PostgresEventStore({ connectionString: database.url, poolSize: 2 });
    dir = mkdtempSync(join(tmpdir(), 'tournaments-cli-'));
  });

  afterAll(async () => {
    await api.close();
    await store.close();
    await clearRedisPrefix(config.REDIS_PREFIX);
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  const run = async (argv: string[], adminKey: string | null = ADMIN_KEY) => {
    const adminApiKey = adminKey ?? undefined;
    const out: string[] = [];
    const error: string[] = [];
    const code = await runTournamentsCli(
      argv,
      { apiUrl, adminApiKey },
      {
        out: (line) => out.push(line),
        error: (line) => error.push(line),
      },
    );
    return { code, out: out.join('\n'), error: error.join('\n') };
  };
  const file = (name: string, value: unknown) => {
    const path = join(dir, name);
    writeFileSync(path, typeof value === 'string' ? value : JSON.stringify(value));
    return path;
  };
  const streamTypes = async (id: string) => (await store.readStream(`tournament-${id}`)).map((e) => e.type);

  it('creates the documented example, edits it and cancels it', async () => {
    const tournamentId = randomUUID();
    const settings = { ...JSON.parse(readFileSync(example, 'utf8')), tournamentId };
    const created = await run(['create', '--file', file('create.json', settings)]);
    expect(created).toMatchObject({ code: 0, error: '' });
    expect(JSON.parse(created.out)).toEqual({ id: tournamentId, status: 'UPCOMING' });

    const edited = await run([
      'edit',
      tournamentId,
      '--file',
      file('edit.json', { title: 'Saturday Pairs' }),
    ]);
    expect(edited.code).toBe(0);
    expect(JSON.parse(edited.out)).toMatchObject({ changed: ['title'] });

    const cancelled = await run(['cancel', tournamentId, '--reason', 'Moved to next week']);
    expect(cancelled.code).toBe(0);
    expect(await streamTypes(tournamentId)).toEqual([
      'TournamentCreated',
      'TournamentEdited',
      'TournamentCancelled',
    ]);
    const [, , cancel] = await store.readStream(`tournament-${tournamentId}`);
    expect(cancel?.data).toMatchObject({ reason: 'Moved to next week' });
  });

  it('checks the file with the API’s schema before sending, and sends nothing when it fails', async () => {
    const tournamentId = randomUUID();
    const settings = { ...JSON.parse(readFileSync(example, 'utf8')), tournamentId, maxParticipants: 0 };
    const result = await run(['create', '--file', file('bad.json', settings)]);
    expect(result.code).toBe(1);
    expect(result.error).toMatch(/maxParticipants/);
    expect(await streamTypes(tournamentId)).toEqual([]);
    expect((await run(['create', '--file', file('broken.json', '{')])).error).toMatch(/is not JSON/);
    expect((await run(['create', '--file', join(dir, 'missing.json')])).error).toMatch(/Cannot read/);
  });

  it('reports what the API refuses, with its message', async () => {
    const result = await run(['edit', randomUUID(), '--file', file('edit.json', { title: 'x' })]);
    expect(result).toMatchObject({ code: 1, error: 'Refused (404): Tournament not found' });
    const wrongKey = await run(['cancel', randomUUID(), '--reason', 'x'], 'not-the-key');
    expect(wrongKey.code).toBe(1);
    expect(wrongKey.error).toMatch(/^Refused \(401\)/);
  });

  it('explains its usage when the command line is wrong, or the key is missing', async () => {
    for (const argv of [[], ['launch'], ['edit', '--file', 'x.json'], ['cancel', 'id'], ['create']]) {
      const result = await run(argv);
      expect({ argv, code: result.code }).toEqual({ argv, code: 2 });
      expect(result.error).toMatch(/Usage:/);
    }
    expect((await run(['cancel', 'id', '--reason', 'x'], null)).error).toMatch(/ADMIN_API_KEY is not set/);
  });
});
