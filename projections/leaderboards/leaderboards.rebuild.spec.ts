import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { PostgresEventStore, START, comparePositions, type GlobalPosition } from '@arena/event-store';
import {
  ProjectionRunner,
  defaultRunnerOptions,
  readProjectionStatuses,
  rebuildProjection,
  type RunnerDependencies,
} from '@arena/projection-runner';
import { eventually, silentLogger, testEventStore } from '@arena/projection-runner/testing';
import { createTestDatabase, type TestDatabase } from '@arena/testing';
import { TournamentStreamBuilder } from './leaderboards.fixtures';
import { leaderboardsProjector } from './leaderboards.projection';
import { topEntries } from './leaderboards.queries';

// A rebuild beside a live runner takes longer to settle than the runner's own specs allow.
const SETTLE_MS = 20_000;

describe('leaderboards rebuild', () => {
  let database: TestDatabase;
  let eventStore: PostgresEventStore;
  let deps: RunnerDependencies;

  beforeAll(async () => {
    database = await createTestDatabase();
    eventStore = testEventStore(database);
    deps = {
      db: database.db,
      eventStore,
      lockConnectionString: database.url,
      logger: silentLogger,
      options: { ...defaultRunnerOptions, pollIntervalMs: 50, lockRetryMs: 50, rebuildBatchSize: 700 },
    };
  });

  afterAll(async () => {
    await eventStore.close();
    await database.drop();
  });

  let lastAppended: GlobalPosition = START;

  async function append(builder: TournamentStreamBuilder, from = 0) {
    for (let i = from; i < builder.events.length; i += 200) {
      ({ position: lastAppended } = await eventStore.appendToStream(
        builder.streamId,
        builder.events.slice(i, i + 200),
      ));
    }
  }

  function tournament(players: number, scoresEach: number): TournamentStreamBuilder {
    const builder = new TournamentStreamBuilder();
    const ids = Array.from({ length: players }, () => builder.join());
    for (let round = 0; round < scoresEach; round += 1) {
      ids.forEach((id, index) =>
        builder.score(
          id,
          (index * 37 + round * 11) % 500,
          new Date(1_700_000_000_000 + round * 1000 + index),
        ),
      );
    }
    return builder;
  }

  // Not lagEvents === 0: an old transaction elsewhere in the cluster can hide the log's tail for a moment.
  const caughtUp = async (version = leaderboardsProjector.version) => {
    const status = (await readProjectionStatuses(database.db, eventStore)).find(
      (s) => s.name === 'leaderboards',
    );
    return (
      status?.version === version &&
      status.state === 'running' &&
      comparePositions(status.position, lastAppended) === 0
    );
  };

  it('rebuilds into fresh tables while reads keep being served, swaps, then keeps applying live', async () => {
    const watched = tournament(300, 3);
    const busy = tournament(100, 2);
    await append(watched);
    await append(busy);
    const live = new ProjectionRunner(deps, [leaderboardsProjector]);
    live.start();
    try {
      await eventually(caughtUp, SETTLE_MS);
      const expected = await topEntries(database.db, watched.tournamentId, 1000);
      expect(expected).toHaveLength(300);

      let reads = 0;
      let wrong = 0;
      let reading = true;
      const reader = (async () => {
        while (reading) {
          const entries = await topEntries(database.db, watched.tournamentId, 1000);
          reads += 1;
          if (JSON.stringify(entries) !== JSON.stringify(expected)) wrong += 1;
        }
      })();
      const extra = busy.events.length;
      const player = busy.join();
      busy.score(player, 10_000, new Date(1_800_000_000_000));
      const [result] = await Promise.all([
        rebuildProjection(deps, leaderboardsProjector, new AbortController().signal),
        append(busy, extra),
      ]);
      reading = false;
      await reader;

      expect(result).toMatchObject({ name: 'leaderboards', generation: 2 });
      expect(reads).toBeGreaterThan(0);
      expect(wrong).toBe(0);
      const dropped = await sql<{
        oid: string | null;
      }>`SELECT to_regclass('leaderboard_entries_g1')::text AS oid`.execute(database.db);
      expect(dropped.rows[0]!.oid).toBeNull();
      await eventually(
        async () => (await topEntries(database.db, busy.tournamentId, 1))[0]?.userId === player,
        SETTLE_MS,
      );
      expect(await topEntries(database.db, watched.tournamentId, 1000)).toEqual(expected);
      const [status] = await readProjectionStatuses(database.db, eventStore);
      expect(status).toMatchObject({ name: 'leaderboards', generation: 2, state: 'running', rebuild: null });
    } finally {
      await live.stop();
    }
  });

  it('rebuilds at start when the projector version was bumped', async () => {
    const before = await sql`SELECT * FROM leaderboard_entries ORDER BY tournament_id, user_id`.execute(
      database.db,
    );
    const bumped = new ProjectionRunner(deps, [
      { ...leaderboardsProjector, version: leaderboardsProjector.version + 1 },
    ]);
    bumped.start();
    try {
      await eventually(() => caughtUp(leaderboardsProjector.version + 1), SETTLE_MS);
    } finally {
      await bumped.stop();
    }
    const [status] = await readProjectionStatuses(database.db, eventStore);
    expect(status).toMatchObject({ generation: 3, state: 'running' });
    const after = await sql`SELECT * FROM leaderboard_entries ORDER BY tournament_id, user_id`.execute(
      database.db,
    );
    expect(after.rows).toEqual(before.rows);
    expect(after.rows.length).toBeGreaterThan(0);
  });

  it('rebuilds exactly the rows that live batches of a few events left, in all three tables', async () => {
    const cups = [tournament(120, 4), tournament(40, 6), tournament(1, 1)];
    const first = cups[0]!;
    const chooser = first.join(undefined, undefined, null);
    for (const cup of cups) await append(cup);
    // A charity chosen after the join, then a score, and the same score sent again (a retry).
    ({ position: lastAppended } = await eventStore.appendToStream(first.streamId, [
      {
        id: randomUUID(),
        type: 'PlayerCharitySelected',
        data: {
          tournamentId: first.tournamentId,
          userId: chooser,
          charityId: '530196605',
          charityName: 'American National Red Cross',
          selectedAt: new Date(1_700_000_500_000).toISOString(),
        },
      },
    ]));
    const sent = first.events.length;
    first.score(chooser, 77, new Date(1_700_000_600_000));
    first.events.push({ ...first.events.at(-1)!, id: randomUUID() });
    await append(first, sent);

    // Every row of the three tables, but the score counts that dropped to zero: live batches keep such a
    // row (a player moved on from that score in a later batch), a rebuild's larger batches often never
    // write it, and "my rank" sums the counts, so a zero adds nothing.
    const snapshot = async () =>
      Promise.all(
        leaderboardsProjector.tables.map(
          async (table) =>
            (
              await sql`SELECT * FROM ${sql.table(table)}
                WHERE ${table === 'leaderboard_score_counts' ? sql`players <> 0` : sql`true`}
                ORDER BY 1, 2, 3`.execute(database.db)
            ).rows,
        ),
      );
    // Live batches of at most 7 events, each its own transaction: the incremental path. (The version
    // the test before left active, so this runner applies rather than rebuilds.)
    const projector = { ...leaderboardsProjector, version: leaderboardsProjector.version + 1 };
    const live = new ProjectionRunner({ ...deps, options: { ...deps.options, batchSize: 7 } }, [projector]);
    live.start();
    let incremental: unknown[][];
    try {
      await eventually(() => caughtUp(projector.version), SETTLE_MS);
      incremental = await snapshot();
    } finally {
      await live.stop();
    }
    expect(incremental[1]!.length).toBeGreaterThan(160);

    const result = await rebuildProjection(deps, projector, new AbortController().signal);
    expect(result?.events).toBeGreaterThan(0);
    expect(await snapshot()).toEqual(incremental);

    // The bulk path again, written out every 40 rows from pages of 23 events: players join in one
    // write and score, score again or choose their charity in later ones, which must merge the same.
    // (A failed bulk write would go on through apply() and end the same: the runner warns when it does.)
    const warnings: unknown[] = [];
    const many = await rebuildProjection(
      {
        ...deps,
        logger: { ...silentLogger, warn: (message: unknown) => warnings.push(message) },
        options: { ...deps.options, rebuildBatchSize: 23, rebuildFlushRows: 40 },
      },
      projector,
      new AbortController().signal,
    );
    expect(warnings).toEqual([]);
    expect(many?.events).toBe(result?.events);
    expect(await snapshot()).toEqual(incremental);
  });
});
