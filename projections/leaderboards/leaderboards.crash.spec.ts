import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { sql } from 'kysely';
import {
  PostgresEventStore,
  START,
  comparePositions,
  type EventData,
  type GlobalPosition,
} from '@arena/event-store';
import {
  ProjectionRunner,
  defaultRunnerOptions,
  readProjectionStatuses,
  rebuildProjection,
} from '@arena/projection-runner';
import { silentLogger, testEventStore } from '@arena/projection-runner/testing';
import { createTestDatabase, type TestDatabase } from '@arena/testing';
import { compareStandings, tieBreakKey } from '@arena/tournaments/events';
import { TournamentStreamBuilder } from './leaderboards.fixtures';
import { leaderboardsProjector } from './leaderboards.projection';
import { topEntries } from './leaderboards.queries';

const KILLS = 10;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

jest.setTimeout(240_000);

describe('leaderboards runner killed mid-batch', () => {
  let database: TestDatabase;
  let eventStore: PostgresEventStore;

  beforeAll(async () => {
    database = await createTestDatabase();
    eventStore = testEventStore(database);
  });

  afterAll(async () => {
    await eventStore.close();
    await database.drop();
  });

  function startChild(): Promise<ChildProcess> {
    const child = spawn(
      process.execPath,
      ['-r', '@swc-node/register', join(__dirname, 'crash-runner.child.ts')],
      {
        env: { ...process.env, CRASH_DATABASE_URL: database.url },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    return new Promise((resolve, reject) => {
      child.once('error', reject);
      child.stdout!.once('data', () => resolve(child));
    });
  }

  const writeTransactionOpen = async () =>
    (
      await sql<{ open: boolean }>`
        SELECT EXISTS (SELECT 1 FROM pg_stat_activity WHERE application_name = 'crash-runner' AND backend_xid IS NOT NULL) AS open`.execute(
        database.db,
      )
    ).rows[0]!.open;

  // Counts that fell to zero stay as rows or never exist depending on batching: only players count.
  const snapshot = async () => ({
    entries: (
      await sql`SELECT * FROM leaderboard_entries ORDER BY tournament_id, user_id`.execute(database.db)
    ).rows,
    counts: (
      await sql`SELECT * FROM leaderboard_score_counts WHERE players <> 0 ORDER BY tournament_id, rank_score`.execute(
        database.db,
      )
    ).rows,
  });

  it(`ends with the same read model as a full rebuild after ${KILLS} SIGKILLs`, async () => {
    const tournaments = Array.from({ length: 4 }, () => new TournamentStreamBuilder());
    tournaments.forEach((tournament, t) => {
      const players = Array.from({ length: 120 }, () => tournament.join());
      for (let round = 0; round < 6; round += 1) {
        players.forEach((player, p) =>
          tournament.score(
            player,
            (p * 13 + round * 29 + t) % 400,
            new Date(1_700_000_000_000 + round * 10_000 + p),
          ),
        );
      }
    });
    // Chunks interleave the streams, as concurrent tournaments would.
    const chunks: Array<{ streamId: string; events: EventData[] }> = [];
    for (let offset = 0; tournaments.some((t) => offset < t.events.length); offset += 12) {
      for (const tournament of tournaments) {
        const events = tournament.events.slice(offset, offset + 12);
        if (events.length > 0) chunks.push({ streamId: tournament.streamId, events });
      }
    }
    let last: GlobalPosition = START;
    let producing = true;
    const producer = (async () => {
      for (const chunk of chunks) {
        ({ position: last } = await eventStore.appendToStream(chunk.streamId, chunk.events));
        if (producing) await pause(150);
      }
    })();

    let killedMidTransaction = 0;
    for (let kill = 0; kill < KILLS; kill += 1) {
      const child = await startChild();
      await pause(150 + Math.random() * 600);
      const deadline = Date.now() + 3000;
      while (!(await writeTransactionOpen()) && Date.now() < deadline) await pause(2);
      if (await writeTransactionOpen()) killedMidTransaction += 1;
      const exited = new Promise<NodeJS.Signals | null>((resolve) =>
        child.once('exit', (_code, signal) => resolve(signal)),
      );
      child.kill('SIGKILL');
      expect(await exited).toBe('SIGKILL');
    }
    producing = false;
    await producer;

    const runner = new ProjectionRunner(
      {
        db: database.db,
        eventStore,
        lockConnectionString: database.url,
        logger: silentLogger,
        options: { ...defaultRunnerOptions, pollIntervalMs: 50, lockRetryMs: 50 },
      },
      [leaderboardsProjector],
    );
    runner.start();
    const caughtUp = async () => {
      const [status] = await readProjectionStatuses(database.db, eventStore);
      return status !== undefined && comparePositions(status.position, last) === 0;
    };
    while (!(await caughtUp())) await pause(50);
    await runner.stop();

    expect(killedMidTransaction).toBeGreaterThanOrEqual(KILLS / 2);
    const [status] = await readProjectionStatuses(database.db, eventStore);
    expect(status).toMatchObject({ state: 'running', generation: 1 });
    const afterCrashes = await snapshot();
    for (const tournament of tournaments) {
      const expected = [...tournament.standings()]
        .map(([userId, state]) => ({
          userId,
          ...state,
          tieBreakKey: tieBreakKey(tournament.tieBreakSeed, userId),
        }))
        .sort(compareStandings);
      const entries = await topEntries(database.db, tournament.tournamentId, 1000);
      expect(entries.map(({ userId, score, attempts }) => ({ userId, score, attempts }))).toEqual(
        expected.map(({ userId, bestScore, attempts }) => ({ userId, score: bestScore, attempts })),
      );
    }

    const rebuilt = await rebuildProjection(
      {
        db: database.db,
        eventStore,
        lockConnectionString: database.url,
        logger: silentLogger,
        options: defaultRunnerOptions,
      },
      leaderboardsProjector,
      new AbortController().signal,
    );
    expect(rebuilt).toMatchObject({ generation: 2 });
    expect(await snapshot()).toEqual(afterCrashes);
  });
});
