import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { PostgresEventStore, START, comparePositions } from '@arena/event-store';
import { createTestDatabase, type TestDatabase } from '@arena/testing';
import { createGeneration, loadGenerations } from './generations.queries';
import type { Projector } from './projector';
import { rebuildProjection } from './rebuild';
import { defaultRunnerOptions, type RunnerDependencies } from './runner-options';
import { silentLogger, testEventStore } from './testing/runner-test-kit';

/** A stream whose events the bulk write refuses, as a write refuses what it was not written for. */
const REFUSED = 'refused-by-bulk';

interface Calls {
  writes: number;
  finishes: number;
  /** Writes started when finish() ran. */
  writesAtFinish: number;
  onWrite?: (write: number) => void;
}

/**
 * Counts events per stream, adding one per event on apply() (not idempotent on purpose: an event
 * applied twice shows as a wrong count), and by whole folds on the bulk path.
 */
function streamCounts(name: string, calls: Calls): Projector {
  const table = (names: Record<string, string>) => sql.table(names[name]!);
  return {
    name,
    version: 2,
    eventTypes: [name],
    tables: [name],
    async createTables(db, names) {
      await sql`CREATE TABLE ${table(names)} (stream_id text PRIMARY KEY, events integer NOT NULL)`.execute(
        db,
      );
    },
    async apply(trx, events, names) {
      for (const event of events) {
        await sql`
          INSERT INTO ${table(names)} (stream_id, events) VALUES (${event.streamId}, 1)
          ON CONFLICT (stream_id) DO UPDATE SET events = ${table(names)}.events + 1`.execute(trx);
      }
    },
    bulk: {
      start: () => new Map<string, number>(),
      fold: (fold: Map<string, number>, events) => {
        for (const event of events) fold.set(event.streamId, (fold.get(event.streamId) ?? 0) + 1);
      },
      size: (fold: Map<string, number>) => fold.size,
      async write(trx, fold: Map<string, number>, names) {
        calls.writes += 1;
        calls.onWrite?.(calls.writes);
        if (fold.has(REFUSED)) throw new Error('not a case the bulk write handles');
        await sql`
          INSERT INTO ${table(names)} (stream_id, events)
          SELECT * FROM unnest(${[...fold.keys()]}::text[], ${[...fold.values()]}::integer[])
          ON CONFLICT (stream_id) DO UPDATE SET events = ${table(names)}.events + excluded.events`.execute(
          trx,
        );
      },
      async finish() {
        calls.finishes += 1;
        calls.writesAtFinish = calls.writes;
      },
    },
  };
}

describe('bulk rebuild against PostgreSQL', () => {
  let database: TestDatabase;
  let eventStore: PostgresEventStore;
  let warnings: string[];

  beforeAll(async () => {
    database = await createTestDatabase();
    eventStore = testEventStore(database);
  });

  afterAll(async () => {
    await eventStore.close();
    await database.drop();
  });

  beforeEach(() => {
    warnings = [];
  });

  function deps(): RunnerDependencies {
    return {
      db: database.db,
      eventStore,
      lockConnectionString: database.url,
      logger: { ...silentLogger, warn: (message: string) => warnings.push(message) },
      options: { ...defaultRunnerOptions, rebuildBatchSize: 17, rebuildFlushRows: 5, pollIntervalMs: 50 },
    };
  }

  /** Appends `perStream` events of the type to each stream, one event per stream in turn, and others between. */
  async function appendInterleaved(type: string, streams: string[], perStream: number) {
    const expected = new Map<string, number>();
    for (let round = 0; round < perStream; round += 1) {
      for (const stream of streams) {
        await eventStore.appendToStream(stream, [
          { id: randomUUID(), type, data: { round } },
          { id: randomUUID(), type: 'SomethingElse', data: {} },
        ]);
        expected.set(stream, (expected.get(stream) ?? 0) + 1);
      }
    }
    return expected;
  }

  async function rows(table: string): Promise<Map<string, number>> {
    const { rows: found } = await sql<{ stream_id: string; events: number }>`
      SELECT stream_id, events FROM ${sql.table(table)}`.execute(database.db);
    return new Map(found.map((row) => [row.stream_id, row.events]));
  }

  it('writes a fold each time it holds rebuildFlushRows rows, with its checkpoint, and ends with every event counted once', async () => {
    const calls: Calls = { writes: 0, finishes: 0, writesAtFinish: 0 };
    const projector = streamCounts('bulk_counts', calls);
    const streams = Array.from({ length: 12 }, (_, i) => `bulk-${i}`);
    const expected = await appendInterleaved(projector.name, streams, 6);
    await createGeneration(database.db, projector, 'active');

    const result = await rebuildProjection(deps(), projector, new AbortController().signal);

    expect(result).toMatchObject({ events: 72 });
    expect(await rows(projector.name)).toEqual(expected);
    // 144 events in pages of 17, a write per 5 streams folded: many writes, then finish once after the last.
    expect(calls.writes).toBeGreaterThan(5);
    expect(calls).toMatchObject({ finishes: 1, writesAtFinish: calls.writes });
    expect(warnings).toEqual([]);
    const [active] = (await loadGenerations(database.db, projector.name)).filter(
      (g) => g.status === 'active',
    );
    expect(comparePositions(active!.position, await eventStore.headPosition())).toBe(0);
  });

  it('goes on through apply() from the last checkpoint when a write fails, counting every event once', async () => {
    const calls: Calls = { writes: 0, finishes: 0, writesAtFinish: 0 };
    const projector = streamCounts('refusing_counts', calls);
    const streams = Array.from({ length: 12 }, (_, i) => `refusing-${i}`);
    const before = await appendInterleaved(projector.name, streams, 3);
    const refused = await appendInterleaved(projector.name, [REFUSED], 1);
    const after = await appendInterleaved(projector.name, streams, 3);
    await createGeneration(database.db, projector, 'active');

    const result = await rebuildProjection(deps(), projector, new AbortController().signal);

    const expected = new Map(streams.map((stream) => [stream, before.get(stream)! + after.get(stream)!]));
    expected.set(REFUSED, refused.get(REFUSED)!);
    expect(result).toMatchObject({ events: 73 });
    expect(await rows(projector.name)).toEqual(expected);
    expect(warnings).toEqual([expect.stringContaining('bulk write failed')]);
    expect(calls.finishes).toBe(1);
  });

  it('resumes a stopped rebuild from the checkpoint of its last write, applying nothing twice', async () => {
    const stop = new AbortController();
    const calls: Calls = {
      writes: 0,
      finishes: 0,
      writesAtFinish: 0,
      // The third write commits (a stop lets the write in flight finish); the fold after it is dropped.
      onWrite: (write) => write === 3 && stop.abort(),
    };
    const projector = streamCounts('stopped_counts', calls);
    const streams = Array.from({ length: 12 }, (_, i) => `stopped-${i}`);
    const expected = await appendInterleaved(projector.name, streams, 6);
    await createGeneration(database.db, projector, 'active');

    expect(await rebuildProjection(deps(), projector, stop.signal)).toBeNull();
    const building = (await loadGenerations(database.db, projector.name)).find(
      (g) => g.status === 'building',
    )!;
    expect(comparePositions(building.position, START)).toBe(1);
    expect(comparePositions(building.position, await eventStore.headPosition())).toBe(-1);
    expect(building.eventsApplied).toBeGreaterThan(0);
    expect(calls.finishes).toBe(0);

    calls.onWrite = undefined;
    const result = await rebuildProjection(deps(), projector, new AbortController().signal);
    expect(result).toMatchObject({ generation: building.generation, events: 72 });
    expect(await rows(projector.name)).toEqual(expected);
  });
});
