import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import {
  PostgresEventStore,
  START,
  comparePositions,
  type EventData,
  type EventStore,
} from '@arena/event-store';
import { createTestDatabase, type TestDatabase } from '@arena/testing';
import type { Projector, PublishedNotice } from './projector';
import { advanceCheckpoint, createGeneration, loadGenerations } from './generations.queries';
import { ProjectionRunner } from './projection.runner';
import { readProjectionStatuses } from './projection-status';
import { defaultRunnerOptions, type RunnerDependencies } from './runner-options';
import {
  eventually,
  lockHolders,
  silentLogger,
  terminateLockHolder,
  testEventStore,
} from './testing/runner-test-kit';
import { countingEventsProjector } from './testing/counting-events.projector';
import { seenEventsProjector } from './testing/seen-events.projector';

const seen = (type: string, data: Record<string, unknown> = {}): EventData => ({
  id: randomUUID(),
  type,
  data,
});

describe('ProjectionRunner against PostgreSQL', () => {
  let database: TestDatabase;
  let eventStore: PostgresEventStore;
  const runners: ProjectionRunner[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    eventStore = testEventStore(database);
  });

  afterEach(async () => {
    await Promise.all(runners.splice(0).map((runner) => runner.stop()));
  });

  afterAll(async () => {
    await eventStore.close();
    await database.drop();
  });

  function deps(notices: PublishedNotice[] = [], onPublish?: () => Promise<void>): RunnerDependencies {
    return {
      db: database.db,
      eventStore,
      lockConnectionString: database.url,
      publisher: {
        publish: async (batch) => {
          notices.push(...batch);
          await onPublish?.();
        },
      },
      logger: silentLogger,
      options: {
        ...defaultRunnerOptions,
        batchSize: 100,
        pollIntervalMs: 50,
        retryBaseMs: 20,
        retryMaxMs: 200,
        lockRetryMs: 50,
      },
    };
  }

  function start(
    dependencies: RunnerDependencies,
    ...projectors: Parameters<typeof seenEventsProjector>[0][]
  ) {
    const runner = new ProjectionRunner(dependencies, projectors.map(seenEventsProjector));
    runners.push(runner);
    runner.start();
    return runner;
  }

  /** Rows of a read model; -1 while the runner has not created it yet. */
  async function count(table: string, where = sql`true`): Promise<number> {
    const exists = await sql<{ oid: string | null }>`SELECT to_regclass(${table})::text AS oid`.execute(
      database.db,
    );
    if (exists.rows[0]?.oid === null) return -1;
    const { rows } = await sql<{
      n: string;
    }>`SELECT count(*) AS n FROM ${sql.table(table)} WHERE ${where}`.execute(database.db);
    return Number(rows[0]!.n);
  }

  it('applies every event once in batches, moves the checkpoint with them and publishes after each commit', async () => {
    const notices: PublishedNotice[] = [];
    // Every notice must describe rows other connections can already read.
    const visibleAtPublish: boolean[] = [];
    const published = () => notices.reduce((sum, notice) => sum + (notice.count as number), 0);
    let last = START;
    for (let i = 0; i < 5; i += 1) {
      await eventStore.appendToStream(
        `s-${i}`,
        Array.from({ length: 50 }, () => seen('batches')),
      );
      ({ position: last } = await eventStore.appendToStream(`other-${i}`, [
        { id: randomUUID(), type: 'Ignored', data: {} },
      ]));
    }
    start(
      deps(notices, async () => void visibleAtPublish.push((await count('batches')) >= published())),
      { name: 'batches' },
    );

    await eventually(async () => (await count('batches')) === 250);
    await eventually(async () => {
      const [generation] = await loadGenerations(database.db, 'batches');
      return generation !== undefined && comparePositions(generation.position, last) === 0;
    });
    const [generation] = await loadGenerations(database.db, 'batches');
    expect(generation).toMatchObject({ status: 'active', eventsApplied: 250, consecutiveFailures: 0 });
    expect(published()).toBe(250);
    expect(notices.length).toBeGreaterThanOrEqual(3);
    expect(visibleAtPublish.every(Boolean)).toBe(true);

    await eventStore.appendToStream('s-live', [seen('batches'), seen('batches')]);
    await eventually(async () => (await count('batches')) === 252);
  });

  it('applies a steady trickle of appends together rather than one transaction each', async () => {
    const notices: PublishedNotice[] = [];
    const dependencies = deps(notices);
    start(
      { ...dependencies, options: { ...dependencies.options, liveBatchIntervalMs: 3_000 } },
      { name: 'trickle' },
    );
    await eventually(async () => (await count('trickle')) === 0);

    await eventStore.appendToStream('trickle', [seen('trickle')]);
    await eventually(async () => (await count('trickle')) === 1);
    for (let i = 0; i < 20; i += 1) {
      await eventStore.appendToStream('trickle', [seen('trickle')]);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await eventually(async () => (await count('trickle')) === 21);

    // One transaction per append would be 21 batches; the runner waits out its interval instead.
    expect(notices.map((notice) => notice.count)).toEqual([1, 20]);
  });

  it('refuses a checkpoint commit from a stale position', async () => {
    const generation = await createGeneration(database.db, seenEventsProjector({ name: 'cas' }), 'active');
    const first = { commit: 10n, prepare: 1n };
    const second = { commit: 11n, prepare: 1n };

    const moved = await database.db
      .transaction()
      .execute((trx) => advanceCheckpoint(trx, generation, START, first, 1));
    const stale = await database.db
      .transaction()
      .execute((trx) => advanceCheckpoint(trx, generation, START, second, 1));

    expect([moved, stale]).toEqual([true, false]);
    expect((await loadGenerations(database.db, 'cas'))[0]!.position).toEqual(first);
  });

  it('lets one runner per projector apply events, and another take over when it stops', async () => {
    const first = start(deps(), { name: 'locked', label: 'first' });
    await eventually(async () => (await count('locked')) === 0);
    start(deps(), { name: 'locked', label: 'second' });
    await eventStore.appendToStream(
      'locked-a',
      Array.from({ length: 40 }, () => seen('locked')),
    );
    await eventually(async () => (await count('locked')) === 40);
    expect(await count('locked', sql`label = 'first'`)).toBe(40);
    expect(await lockHolders(database.db, 'projection:locked:live')).toHaveLength(1);

    await first.stop();
    await eventStore.appendToStream(
      'locked-b',
      Array.from({ length: 10 }, () => seen('locked')),
    );

    await eventually(async () => (await count('locked')) === 50);
    expect(await count('locked', sql`label = 'second'`)).toBe(10);
  });

  it('takes over from a holder whose connection died', async () => {
    start(deps(), { name: 'crashed', label: 'first' });
    await eventually(async () => (await count('crashed')) === 0);
    start(deps(), { name: 'crashed', label: 'second' });
    await terminateLockHolder(database.db, 'projection:crashed:live');
    await eventStore.appendToStream(
      'crashed-a',
      Array.from({ length: 30 }, () => seen('crashed')),
    );

    await eventually(async () => (await count('crashed')) === 30);
    const [generation] = await loadGenerations(database.db, 'crashed');
    expect(generation!.eventsApplied).toBe(30);
  });

  it('applies a batch exactly once when its checkpoint write fails: batch and checkpoint commit together', async () => {
    const name = 'counted';
    // The first checkpoint move past applied events fails after their batch ran, as a worker killed
    // between the two would. A sequence counts the attempts: it is not rolled back with them.
    await sql`CREATE SEQUENCE counted_checkpoint_attempts`.execute(database.db);
    await sql`
      CREATE FUNCTION fail_first_counted_checkpoint() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.events_applied > OLD.events_applied
           AND nextval('counted_checkpoint_attempts') = 1 THEN
          RAISE EXCEPTION 'worker gone before its checkpoint';
        END IF;
        RETURN NEW;
      END $$`.execute(database.db);
    await sql`
      CREATE TRIGGER fail_first_counted_checkpoint BEFORE UPDATE ON projection_generations
      FOR EACH ROW WHEN (NEW.name = 'counted') EXECUTE FUNCTION fail_first_counted_checkpoint()`.execute(
      database.db,
    );
    const { position: last } = await eventStore.appendToStream(
      'counted-stream',
      Array.from({ length: 5 }, () => seen(name)),
    );
    const runner = new ProjectionRunner(deps(), [countingEventsProjector(name)]);
    runners.push(runner);
    runner.start();

    await eventually(async () => {
      const [generation] = await loadGenerations(database.db, name);
      return generation !== undefined && comparePositions(generation.position, last) === 0;
    });
    const { rows } = await sql<{ events: number }>`SELECT events FROM counted`.execute(database.db);
    expect(rows).toEqual([{ events: 5 }]);
    const attempts = await sql<{
      n: string;
    }>`SELECT last_value AS n FROM counted_checkpoint_attempts`.execute(database.db);
    expect(Number(attempts.rows[0]!.n)).toBeGreaterThanOrEqual(2);
  });

  it('stops at an event that throws, reports it, retries it with backoff and never skips it', async () => {
    let poisoned = true;
    const before = Array.from({ length: 4 }, () => seen('poisoned'));
    const poison = seen('poisoned', { poison: true });
    const after = Array.from({ length: 5 }, () => seen('poisoned'));
    await eventStore.appendToStream('poison', [...before, poison, ...after]);
    start(deps(), { name: 'poisoned', poisoned: () => poisoned });

    await eventually(
      async () => ((await loadGenerations(database.db, 'poisoned'))[0]?.consecutiveFailures ?? 0) >= 3,
    );
    expect(await count('poisoned')).toBe(4);
    const [failing] = await loadGenerations(database.db, 'poisoned');
    expect(failing).toMatchObject({ failedEventId: poison.id, eventsApplied: 4 });
    expect(failing!.lastError).toContain(`poisoned event ${poison.id}`);
    const status = (await readProjectionStatuses(database.db, eventStore)).find((s) => s.name === 'poisoned');
    expect(status).toMatchObject({ state: 'failing', lagEvents: 6 });
    expect(status!.lagMs).toBeGreaterThan(0);

    poisoned = false;

    await eventually(async () => (await count('poisoned')) === 10);
    const recovered = (await readProjectionStatuses(database.db, eventStore)).find(
      (s) => s.name === 'poisoned',
    );
    expect(recovered).toMatchObject({ state: 'running', lagEvents: 0, lagMs: 0 });
    const applied = await sql<{
      event_id: string;
    }>`SELECT event_id FROM poisoned ORDER BY applied_at, event_id`.execute(database.db);
    expect(applied.rows.slice(4, 5).map((row) => row.event_id)).toEqual([poison.id]);
  });

  it('reports a log it cannot read in its status row until reads succeed again', async () => {
    let unreadable = true;
    const reads = { failed: 0 };
    const flaky: EventStore = {
      appendToStream: (streamId, events, options) => eventStore.appendToStream(streamId, events, options),
      readStream: (streamId, options) => eventStore.readStream(streamId, options),
      readAll: (options) => {
        if (!unreadable) return eventStore.readAll(options);
        reads.failed += 1;
        return Promise.reject(new Error('event log unreachable'));
      },
      subscribeToAll: (options) => eventStore.subscribeToAll(options),
      headPosition: () => eventStore.headPosition(),
      committedHeadPosition: () => eventStore.committedHeadPosition(),
      countEvents: (options) => eventStore.countEvents(options),
      close: async () => undefined,
    };
    const projector = seenEventsProjector({ name: 'unreadable' });
    await eventStore.appendToStream('unreadable-a', [seen('unreadable'), seen('unreadable')]);
    start({ ...deps(), eventStore: flaky }, { name: 'unreadable' });
    const statusNow = async () =>
      (await readProjectionStatuses(database.db, flaky, [projector])).find((s) => s.name === 'unreadable');

    await eventually(async () => (await statusNow())?.state === 'failing');
    const failing = await statusNow();
    expect(failing!.lastError).toContain('Reading the event log failed');
    expect(failing!.lastError).toContain('event log unreachable');
    expect(failing!.lastErrorAt).toBeInstanceOf(Date);
    expect(failing).toMatchObject({ lagEvents: 2, position: START });
    const [generation] = await loadGenerations(database.db, 'unreadable');
    expect(generation).toMatchObject({ failedEventId: null, eventsApplied: 0 });
    // Still failing while reads keep failing: a retry is recorded, not a recovery.
    const failedSoFar = reads.failed;
    await eventually(async () => reads.failed > failedSoFar + 1);
    expect((await statusNow())!.state).toBe('failing');

    unreadable = false;

    await eventually(async () => (await count('unreadable')) === 2);
    await eventually(async () => (await statusNow())?.state === 'running');
    expect(await statusNow()).toMatchObject({ lagEvents: 0, lagMs: 0 });
    expect((await loadGenerations(database.db, 'unreadable'))[0]!.consecutiveFailures).toBe(0);
  });

  it('clears a read failure on the next good read, with nothing new to apply', async () => {
    let unreadable = false;
    const flaky: EventStore = {
      appendToStream: (streamId, events, options) => eventStore.appendToStream(streamId, events, options),
      readStream: (streamId, options) => eventStore.readStream(streamId, options),
      readAll: (options) =>
        unreadable ? Promise.reject(new Error('read timed out')) : eventStore.readAll(options),
      subscribeToAll: (options) => eventStore.subscribeToAll(options),
      headPosition: () => eventStore.headPosition(),
      committedHeadPosition: () => eventStore.committedHeadPosition(),
      close: async () => undefined,
    };
    const projector = seenEventsProjector({ name: 'idle_unreadable' });
    const statusNow = async () =>
      (await readProjectionStatuses(database.db, flaky, [projector])).find(
        (s) => s.name === 'idle_unreadable',
      );
    start({ ...deps(), eventStore: flaky }, { name: 'idle_unreadable' });
    await eventually(async () => (await count('idle_unreadable')) === 0);

    unreadable = true;
    await eventually(async () => (await statusNow())?.state === 'failing');
    expect((await statusNow())!.lastError).toContain('read timed out');
    // With countEvents missing, lag is read through readAll, which fails too: unknown, not zero.
    expect(await statusNow()).toMatchObject({ lagEvents: null, lagMs: null });

    unreadable = false;
    await eventually(async () => (await statusNow())?.state === 'running');
    expect(await statusNow()).toMatchObject({ lagEvents: 0, lagMs: 0 });
  });

  it('finishes the batch in flight when stopped', async () => {
    let entered!: (size: number) => void;
    const inFlight = new Promise<number>((resolve) => (entered = resolve));
    const events = Array.from({ length: 60 }, () => seen('slow'));
    await eventStore.appendToStream('slow', events);
    const runner = start(deps(), {
      name: 'slow',
      onBatch: async (size) => {
        entered(size);
        await new Promise((resolve) => setTimeout(resolve, 300));
      },
    });

    const size = await inFlight;
    await runner.stop();

    expect(size).toBeGreaterThan(0);
    expect(await count('slow')).toBe(size);
    const [generation] = await loadGenerations(database.db, 'slow');
    expect(generation!.eventsApplied).toBe(size);
  });

  describe('shared batches', () => {
    /** The runner's debug lines, to know when projectors joined the shared batches. */
    function sharingDeps(messages: string[], notices: PublishedNotice[] = []): RunnerDependencies {
      return { ...deps(notices), logger: { ...silentLogger, debug: (message) => messages.push(String(message)) } };
    }
    const joins = (messages: string[], name: string) =>
      messages.filter((message) => message === `${name}: joined the shared batches`).length;
    const run = (dependencies: RunnerDependencies, projectors: Projector[]) => {
      const runner = new ProjectionRunner(dependencies, projectors);
      runners.push(runner);
      runner.start();
      return runner;
    };
    /**
     * From now on, records the top-level transaction (a savepoint's writes have an xmin of their own)
     * of every row these projectors write and of every move of their checkpoints.
     */
    async function recordWriters(names: string[]): Promise<void> {
      await sql`CREATE TABLE IF NOT EXISTS checkpoint_writes (name text NOT NULL, xact text NOT NULL)`.execute(
        database.db,
      );
      await sql`
        CREATE OR REPLACE FUNCTION record_checkpoint_write() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          INSERT INTO checkpoint_writes VALUES (NEW.name, pg_current_xact_id()::text);
          RETURN NEW;
        END $$`.execute(database.db);
      for (const generation of await positions(names)) {
        await sql`
          ALTER TABLE ${sql.table(`${generation.name}_g${generation.generation}`)}
          ADD COLUMN written_by text DEFAULT pg_current_xact_id()::text`.execute(database.db);
        await sql`
          CREATE TRIGGER ${sql.id(`record_${generation.name}_checkpoint`)} AFTER UPDATE ON projection_generations
          FOR EACH ROW WHEN (NEW.name = ${sql.lit(generation.name)}) EXECUTE FUNCTION record_checkpoint_write()`.execute(
          database.db,
        );
      }
    }
    async function writers(names: string[]): Promise<string[]> {
      // The physical tables: the views were defined before the column.
      const tables = (await positions(names)).map((g) => `${g.name}_g${g.generation}`);
      const { rows } = await sql<{ xact: string }>`
        SELECT DISTINCT xact FROM (
          ${sql.join(
            tables.map((table) => sql`SELECT written_by AS xact FROM ${sql.table(table)}`),
            sql` UNION ALL `,
          )}
          UNION ALL SELECT xact FROM checkpoint_writes WHERE name IN (${sql.join(names)})
        ) AS writes`.execute(database.db);
      return rows.map((row) => row.xact);
    }
    async function positions(names: string[]) {
      return Promise.all(names.map(async (name) => (await loadGenerations(database.db, name))[0]!));
    }
    /** A projector that writes its rows before throwing on a poisoned event, so a rollback shows. */
    function writesThenThrows(name: string, poisoned: () => boolean): Projector {
      const inner = seenEventsProjector({ name });
      return {
        ...inner,
        async apply(trx, events, names) {
          const notices = await inner.apply(trx, events, names);
          const poison = events.find((event) => (event.data as { poison?: boolean }).poison);
          if (poison && poisoned()) throw new Error(`poisoned event ${poison.id}`);
          return notices;
        },
      };
    }

    it('reads the log once for projectors at the same checkpoint and commits their rows and checkpoints in one transaction', async () => {
      const messages: string[] = [];
      const notices: PublishedNotice[] = [];
      const pagesWith: string[][] = [];
      const dependencies = sharingDeps(messages, notices);
      const counting: EventStore = {
        appendToStream: (streamId, events, options) => eventStore.appendToStream(streamId, events, options),
        readStream: (streamId, options) => eventStore.readStream(streamId, options),
        close: async () => undefined,
        readAll: async (options) => {
          const page = await eventStore.readAll(options);
          const types = page.map((event) => event.type).filter((type) => type.startsWith('together_'));
          if (types.length > 0) pagesWith.push([...new Set(types)].sort());
          return page;
        },
        subscribeToAll: (options) => eventStore.subscribeToAll(options),
        headPosition: () => eventStore.headPosition(),
        committedHeadPosition: () => eventStore.committedHeadPosition(),
        countEvents: (options) => eventStore.countEvents(options),
      };
      run({ ...dependencies, eventStore: counting }, [
        seenEventsProjector({ name: 'together_a' }),
        seenEventsProjector({ name: 'together_b' }),
      ]);
      await eventually(async () => joins(messages, 'together_a') >= 1 && joins(messages, 'together_b') >= 1);
      await recordWriters(['together_a', 'together_b']);

      const { position: last } = await eventStore.appendToStream('together', [
        ...Array.from({ length: 30 }, () => seen('together_a')),
        ...Array.from({ length: 20 }, () => seen('together_b')),
      ]);

      await eventually(async () => (await count('together_a')) === 30 && (await count('together_b')) === 20);
      await eventually(async () =>
        (await positions(['together_a', 'together_b'])).every((g) => comparePositions(g.position, last) === 0),
      );
      expect(await writers(['together_a', 'together_b'])).toHaveLength(1);
      expect(pagesWith).toEqual([['together_a', 'together_b']]);
      expect((await positions(['together_a', 'together_b'])).map((g) => g.eventsApplied)).toEqual([30, 20]);
      expect(notices.map((notice) => notice.count).sort()).toEqual([20, 30]);
    });

    it('rolls back only the projector whose batch throws: the others commit, it parks at the event on its own, then rejoins', async () => {
      const messages: string[] = [];
      let poisoned = true;
      const poison = seen('isolated_a', { poison: true });
      run(sharingDeps(messages), [
        writesThenThrows('isolated_a', () => poisoned),
        seenEventsProjector({ name: 'isolated_b' }),
      ]);
      await eventually(async () => joins(messages, 'isolated_a') >= 1 && joins(messages, 'isolated_b') >= 1);

      const { position: last } = await eventStore.appendToStream('isolated', [
        ...Array.from({ length: 4 }, () => seen('isolated_a')),
        ...Array.from({ length: 3 }, () => seen('isolated_b')),
        poison,
        ...Array.from({ length: 5 }, () => seen('isolated_a')),
        ...Array.from({ length: 7 }, () => seen('isolated_b')),
      ]);

      await eventually(
        async () => ((await loadGenerations(database.db, 'isolated_a'))[0]?.consecutiveFailures ?? 0) >= 2,
      );
      const [failing, other] = await positions(['isolated_a', 'isolated_b']);
      expect(failing).toMatchObject({ failedEventId: poison.id, eventsApplied: 4 });
      expect(await count('isolated_a')).toBe(4);
      // Not held back by the failing projector, nor rolled back with it.
      await eventually(async () => (await count('isolated_b')) === 10);
      expect(comparePositions((await positions(['isolated_b']))[0]!.position, last)).toBe(0);
      expect(other!.consecutiveFailures).toBe(0);

      poisoned = false;

      await eventually(async () => (await count('isolated_a')) === 10);
      await eventually(async () => joins(messages, 'isolated_a') >= 2);
      await eventStore.appendToStream('isolated', [seen('isolated_a'), seen('isolated_b')]);
      await eventually(async () => (await count('isolated_a')) === 11 && (await count('isolated_b')) === 11);
      const [a, b] = await positions(['isolated_a', 'isolated_b']);
      expect([a!.eventsApplied, b!.eventsApplied, a!.consecutiveFailures]).toEqual([11, 11, 0]);
    });

    it('lets a lagging projector catch up alone while the others go on, then takes it in', async () => {
      const messages: string[] = [];
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      await eventStore.appendToStream(
        'lagging-b',
        Array.from({ length: 250 }, () => seen('lagging_b')),
      );
      run(sharingDeps(messages), [
        seenEventsProjector({ name: 'lagging_a' }),
        // Its first catch-up batch waits (inside its transaction) until released.
        seenEventsProjector({ name: 'lagging_b', onBatch: () => gate }),
      ]);
      await eventually(async () => joins(messages, 'lagging_a') >= 1);

      await eventStore.appendToStream(
        'lagging-a',
        Array.from({ length: 12 }, () => seen('lagging_a')),
      );

      await eventually(async () => (await count('lagging_a')) === 12);
      expect(await count('lagging_b')).toBe(0);
      expect(joins(messages, 'lagging_b')).toBe(0);

      release();

      await eventually(async () => (await count('lagging_b')) === 250);
      await eventually(async () => joins(messages, 'lagging_b') >= 1);
      await eventStore.appendToStream('lagging', [seen('lagging_a'), seen('lagging_b')]);
      await eventually(async () => (await count('lagging_a')) === 13 && (await count('lagging_b')) === 251);
      const [a, b] = await positions(['lagging_a', 'lagging_b']);
      expect(a!.position).toEqual(b!.position);
      expect([a!.eventsApplied, b!.eventsApplied]).toEqual([13, 251]);
    });

    it('leaves every checkpoint at its rows when a shared commit fails, as a worker killed mid-commit would', async () => {
      const messages: string[] = [];
      // The first checkpoint move past applied events of killed_b fails at COMMIT (a deferred trigger),
      // so the whole shared transaction is rejected. The sequence counts attempts: it is not rolled back.
      await sql`CREATE SEQUENCE killed_commit_attempts`.execute(database.db);
      await sql`
        CREATE FUNCTION fail_first_killed_commit() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.events_applied > OLD.events_applied AND nextval('killed_commit_attempts') = 1 THEN
            RAISE EXCEPTION 'worker gone mid-commit';
          END IF;
          RETURN NEW;
        END $$`.execute(database.db);
      await sql`
        CREATE CONSTRAINT TRIGGER fail_first_killed_commit AFTER UPDATE ON projection_generations
        DEFERRABLE INITIALLY DEFERRED
        FOR EACH ROW WHEN (NEW.name = 'killed_b') EXECUTE FUNCTION fail_first_killed_commit()`.execute(
        database.db,
      );
      // Counting projectors are not idempotent: a batch applied twice, or lost, shows in the counts.
      run(sharingDeps(messages), [countingEventsProjector('killed_a'), countingEventsProjector('killed_b')]);
      await eventually(async () => joins(messages, 'killed_a') >= 1 && joins(messages, 'killed_b') >= 1);

      const { position: last } = await eventStore.appendToStream('killed', [
        ...Array.from({ length: 5 }, () => seen('killed_a')),
        ...Array.from({ length: 3 }, () => seen('killed_b')),
      ]);

      await eventually(async () =>
        (await positions(['killed_a', 'killed_b'])).every((g) => comparePositions(g.position, last) === 0),
      );
      const counts = await sql<{ name: string; events: number }>`
        SELECT 'killed_a' AS name, events FROM killed_a
        UNION ALL SELECT 'killed_b', events FROM killed_b ORDER BY name`.execute(database.db);
      expect(counts.rows).toEqual([
        { name: 'killed_a', events: 5 },
        { name: 'killed_b', events: 3 },
      ]);
      expect((await positions(['killed_a', 'killed_b'])).map((g) => g.eventsApplied)).toEqual([5, 3]);
      const attempts = await sql<{ n: string }>`SELECT last_value AS n FROM killed_commit_attempts`.execute(
        database.db,
      );
      expect(Number(attempts.rows[0]!.n)).toBeGreaterThanOrEqual(2);
      // Both left the failed shared batch and came back once caught up on their own.
      await eventually(async () => joins(messages, 'killed_a') >= 2 && joins(messages, 'killed_b') >= 2);
    });
  });

  it('rebuilds a projector whose version is newer than its active generation, and leaves a newer generation to newer code', async () => {
    await eventStore.appendToStream('versioned', [seen('versioned'), seen('versioned'), seen('versioned')]);
    const run = async (version: number, until: () => Promise<boolean>) => {
      const runner = new ProjectionRunner(deps(), [
        { ...seenEventsProjector({ name: 'versioned' }), version },
      ]);
      runner.start();
      await eventually(until);
      await runner.stop();
    };
    const active = async () =>
      (await loadGenerations(database.db, 'versioned')).find((generation) => generation.status === 'active');

    await run(1, async () => (await count('versioned')) === 3);
    const first = await active();
    await run(2, async () => (await active())?.version === 2 && (await count('versioned')) === 3);
    const second = await active();
    expect(second!.generation).toBeGreaterThan(first!.generation);

    // Code older than the serving generation must not write into tables whose schema it may not know.
    await eventStore.appendToStream('versioned', [seen('versioned')]);
    const older = new ProjectionRunner(deps(), [
      { ...seenEventsProjector({ name: 'versioned' }), version: 1 },
    ]);
    runners.push(older);
    older.start();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await count('versioned')).toBe(3);
    expect(await active()).toMatchObject({ generation: second!.generation, version: 2, eventsApplied: 3 });
  });
});
