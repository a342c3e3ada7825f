import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import {
  comparePositions,
  type EventData,
  type GlobalPosition,
  type PostgresEventStore,
} from '@arena/event-store';
import { createTestDatabase, type TestDatabase } from '@arena/testing';
import { LockSession } from './lock-session';
import { ReactionRunner } from './reaction.runner';
import type { Reactor } from './reactor';
import { advanceReactorCheckpoint, loadReactorCheckpoint } from './reactor-checkpoints.queries';
import { defaultRunnerOptions, type RunnerDependencies } from './runner-options';
import { eventually, lockHolders, silentLogger, testEventStore } from './testing/runner-test-kit';

const happened = (type: string, n: number): EventData => ({ id: randomUUID(), type, data: { n } });

describe('ReactionRunner against PostgreSQL', () => {
  let database: TestDatabase;
  let eventStore: PostgresEventStore;
  const stops: Array<() => Promise<void>> = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    eventStore = testEventStore(database);
    await sql`CREATE TABLE reactions_seen (seq serial PRIMARY KEY, reactor text, label text, n int)`.execute(
      database.db,
    );
    // Every checkpoint write that lands, old and new position: a move backwards would show here.
    await sql`CREATE TABLE checkpoint_moves (name text, old_commit bigint, old_prepare bigint, new_commit bigint, new_prepare bigint)`.execute(
      database.db,
    );
    await sql`
      CREATE FUNCTION record_checkpoint_move() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO checkpoint_moves VALUES (NEW.name, OLD.commit_position, OLD.prepare_position, NEW.commit_position, NEW.prepare_position);
        RETURN NEW;
      END $$`.execute(database.db);
    await sql`
      CREATE TRIGGER record_checkpoint_move BEFORE UPDATE ON reactor_checkpoints
      FOR EACH ROW EXECUTE FUNCTION record_checkpoint_move()`.execute(database.db);
  });

  afterEach(async () => {
    await Promise.all(stops.splice(0).map((stop) => stop()));
  });

  afterAll(async () => {
    await eventStore.close();
    await database.drop();
  });

  /** A runner on a lock session of its own, named so the spec can find (and kill) its connection. */
  function start(label: string, reactor: Reactor): { runner: ReactionRunner; applicationName: string } {
    const applicationName = `reactor-spec:${reactor.name}:${label}`;
    const options = {
      ...defaultRunnerOptions,
      pollIntervalMs: 50,
      retryBaseMs: 20,
      retryMaxMs: 200,
      lockRetryMs: 50,
      heartbeatMs: 200,
    };
    const locks = new LockSession({
      connectionString: database.url,
      applicationName,
      heartbeatMs: options.heartbeatMs,
    });
    const deps: RunnerDependencies = {
      db: database.db,
      eventStore,
      lockConnectionString: database.url,
      locks,
      logger: silentLogger,
      options,
    };
    const runner = new ReactionRunner(deps, [reactor]);
    runner.start();
    stops.push(async () => {
      await runner.stop();
      await locks.close();
    });
    return { runner, applicationName };
  }

  /** Records what it saw; `before` runs first and may throw or hold the reaction back. */
  function recorder(name: string, label: string, before?: (n: number) => Promise<void>): Reactor {
    return {
      name,
      eventTypes: [`${name}-happened`],
      async react(event) {
        const n = (event.data as { n: number }).n;
        await before?.(n);
        await sql`INSERT INTO reactions_seen (reactor, label, n) VALUES (${name}, ${label}, ${n})`.execute(
          database.db,
        );
      },
    };
  }

  async function seen(name: string): Promise<Array<{ label: string; n: number }>> {
    const { rows } = await sql<{ label: string; n: number }>`
      SELECT label, n FROM reactions_seen WHERE reactor = ${name} ORDER BY seq`.execute(database.db);
    return rows;
  }

  async function append(name: string, from: number, count: number): Promise<GlobalPosition> {
    const events = Array.from({ length: count }, (_, i) => happened(`${name}-happened`, from + i));
    const { position } = await eventStore.appendToStream(`${name}-${randomUUID()}`, events);
    return position;
  }

  const checkpointIs = async (name: string, position: GlobalPosition) =>
    comparePositions(await loadReactorCheckpoint(database.db, name), position) === 0;

  it('reacts to each event of its types in log order and moves its checkpoint after each', async () => {
    start('only', recorder('ordered', 'only'));
    await eventStore.appendToStream('other', [happened('unrelated', 0)]);
    await append('ordered', 1, 5);
    const last = await append('ordered', 6, 5);

    await eventually(() => checkpointIs('ordered', last));
    expect((await seen('ordered')).map((row) => row.n)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('retries a failing event with backoff and never skips it, showing why meanwhile', async () => {
    let failures = 0;
    let healed = false;
    start(
      'only',
      recorder('flaky', 'only', async (n) => {
        if (n === 2 && !healed) {
          failures += 1;
          throw new Error('not yet');
        }
      }),
    );
    const last = await append('flaky', 1, 3);
    const lastError = async () =>
      (
        await sql<{ last_error: string | null }>`
          SELECT last_error FROM reactor_checkpoints WHERE name = 'flaky'`.execute(database.db)
      ).rows[0]?.last_error;

    await eventually(async () => failures >= 3 && ((await lastError()) ?? '').includes('not yet'));
    expect((await seen('flaky')).map((row) => row.n)).toEqual([1]);
    healed = true;

    await eventually(() => checkpointIs('flaky', last));
    expect((await seen('flaky')).map((row) => row.n)).toEqual([1, 2, 3]);
    expect(await lastError()).toBeNull();
  });

  it('stops at once when its lock connection is killed; another runner takes over; the checkpoint never moves back', async () => {
    // The first runner's reaction to event 3 hangs until released, as a slow call would.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let hanging = false;
    const first = start(
      'first',
      recorder('handover', 'first', async (n) => {
        if (n !== 3) return;
        hanging = true;
        await released;
      }),
    );
    await eventually(async () => (await lockHolders(database.db, 'reactor:handover')).length === 1);
    start('second', recorder('handover', 'second'));
    await append('handover', 1, 5);
    await eventually(async () => hanging);

    await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = ${first.applicationName}`.execute(
      database.db,
    );
    await eventually(async () =>
      (await seen('handover')).some((row) => row.label === 'second' && row.n === 5),
    );
    // The first runner's reaction in flight now ends: it neither moves the checkpoint nor reacts again.
    release();
    const last = await append('handover', 6, 2);
    await eventually(() => checkpointIs('handover', last));
    await new Promise((resolve) => setTimeout(resolve, 300));

    const rows = await seen('handover');
    expect(rows.filter((row) => row.label === 'first').map((row) => row.n)).toEqual([1, 2, 3]);
    expect(rows.filter((row) => row.label === 'second').map((row) => row.n)).toEqual([3, 4, 5, 6, 7]);
    const { rows: backwards } = await sql`
      SELECT * FROM checkpoint_moves
      WHERE name = 'handover' AND (new_commit, new_prepare) < (old_commit, old_prepare)`.execute(database.db);
    expect(backwards).toEqual([]);
    expect(await checkpointIs('handover', last)).toBe(true);
  });

  it('never moves a checkpoint backwards', async () => {
    const ahead = { commit: 10n, prepare: 20n };
    expect(await advanceReactorCheckpoint(database.db, 'monotonic', ahead)).toBe(true);
    expect(await advanceReactorCheckpoint(database.db, 'monotonic', { commit: 10n, prepare: 19n })).toBe(
      false,
    );
    expect(await advanceReactorCheckpoint(database.db, 'monotonic', { commit: 9n, prepare: 99n })).toBe(
      false,
    );
    expect(await loadReactorCheckpoint(database.db, 'monotonic')).toEqual(ahead);
    expect(await advanceReactorCheckpoint(database.db, 'monotonic', { commit: 11n, prepare: 1n })).toBe(true);
  });
});
