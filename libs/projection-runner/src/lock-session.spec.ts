import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '@arena/testing';
import { LockSession } from './lock-session';
import { eventually, lockHolders } from './testing/runner-test-kit';

describe('LockSession against PostgreSQL', () => {
  let database: TestDatabase;
  const sessions: LockSession[] = [];

  beforeAll(async () => (database = await createTestDatabase(2)));
  afterEach(async () => Promise.all(sessions.splice(0).map((session) => session.close())));
  afterAll(() => database.drop());

  function session(applicationName: string): LockSession {
    const created = new LockSession({ connectionString: database.url, applicationName, heartbeatMs: 200 });
    sessions.push(created);
    return created;
  }

  const forever = new AbortController().signal;
  const briefly = () => AbortSignal.timeout(300);

  async function connectionsNamed(name: string): Promise<number[]> {
    const { rows } = await sql<{ pid: number }>`
      SELECT pid FROM pg_stat_activity WHERE application_name = ${name}`.execute(database.db);
    return rows.map((row) => row.pid);
  }

  it('holds every key of the process on one connection', async () => {
    const locks = session('lock-spec-one');
    const keys = ['one:a', 'one:b', 'one:c', 'one:d'];
    for (const key of keys) expect(await locks.acquire(key, 20, forever)).not.toBeNull();

    const pids = await connectionsNamed('lock-spec-one');
    expect(pids).toHaveLength(1);
    for (const key of keys) expect(await lockHolders(database.db, key)).toEqual(pids);
  });

  it('lets one runner win a key, in this process or another, until it releases it', async () => {
    const here = session('lock-spec-here');
    const there = session('lock-spec-there');
    const [first, second] = await Promise.all([
      here.acquire('shared', 20, briefly()),
      here.acquire('shared', 20, briefly()),
    ]);
    expect([first, second].filter((lock) => lock !== null)).toHaveLength(1);
    expect(await there.acquire('shared', 20, briefly())).toBeNull();

    await (first ?? second)!.release();
    expect(await there.acquire('shared', 20, briefly())).not.toBeNull();
  });

  it('reports every lock lost when its connection dies, and reconnects for the next acquire', async () => {
    const locks = session('lock-spec-killed');
    const held = [await locks.acquire('killed:a', 20, forever), await locks.acquire('killed:b', 20, forever)];
    const [before] = await connectionsNamed('lock-spec-killed');

    await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'lock-spec-killed'`.execute(
      database.db,
    );
    await eventually(async () => held.every((lock) => lock!.lost.aborted));

    expect(await locks.acquire('killed:a', 20, forever)).not.toBeNull();
    const after = await connectionsNamed('lock-spec-killed');
    expect(after).toHaveLength(1);
    expect(after[0]).not.toBe(before);
  });
});
