import { randomUUID } from 'node:crypto';
import {
  PostgresEventStore,
  type EventData,
  type EventStore,
  type GlobalPosition,
  type RecordedEvent,
} from '@arena/event-store';
import { createTestDatabase, type TestDatabase } from '@arena/testing';
import { advanceCheckpoint, createGeneration, loadGenerations, type Generation } from './generations.queries';
import { LAG_COUNT_LIMIT, readProjectionStatuses, type ProjectionStatus } from './projection-status';
import { testEventStore } from './testing/runner-test-kit';
import { seenEventsProjector } from './testing/seen-events.projector';

const event = (type: string): EventData => ({ id: randomUUID(), type, data: {} });

/** The port without countEvents, as EventStoreDB offers it: lag is counted by reading. */
function readingOnly(store: EventStore): EventStore {
  return {
    appendToStream: (streamId, events, options) => store.appendToStream(streamId, events, options),
    readStream: (streamId, options) => store.readStream(streamId, options),
    readAll: (options) => store.readAll(options),
    subscribeToAll: (options) => store.subscribeToAll(options),
    headPosition: () => store.headPosition(),
    committedHeadPosition: () => store.committedHeadPosition(),
    close: async () => undefined,
  };
}

describe('projection statuses: lag', () => {
  let database: TestDatabase;
  let eventStore: PostgresEventStore;
  const projector = seenEventsProjector({ name: 'lagging' });
  let generation: Generation;
  /** Every event appended by this spec, in log order. */
  let appended: RecordedEvent[];

  beforeAll(async () => {
    database = await createTestDatabase();
    eventStore = testEventStore(database);
    generation = await createGeneration(database.db, projector, 'active');
    // More of the projector's events than the old capped read saw, with other types between them.
    const backlog = LAG_COUNT_LIMIT + 2_500;
    for (let batch = 0; batch < backlog / 500; batch += 1) {
      await eventStore.appendToStream(`lagging-${batch}`, [
        ...Array.from({ length: 500 }, () => event('lagging')),
        event('unrelated'),
        event('unrelated'),
      ]);
    }
    appended = await eventStore.readAll();
  });

  afterAll(async () => {
    await eventStore.close();
    await database.drop();
  });

  const statusOf = async (store: EventStore, projectors = [projector]): Promise<ProjectionStatus> => {
    const statuses = await readProjectionStatuses(database.db, store, projectors);
    return statuses.find((status) => status.name === 'lagging')!;
  };

  async function moveCheckpoint(to: GlobalPosition): Promise<void> {
    const [current] = await loadGenerations(database.db, 'lagging');
    const moved = await database.db
      .transaction()
      .execute((trx) => advanceCheckpoint(trx, current!, current!.position, to, 0));
    expect(moved).toBe(true);
  }

  /** lagMs is taken between these two clock readings. */
  async function timedStatus(store: EventStore) {
    const before = Date.now();
    const status = await statusOf(store);
    return { status, before, after: Date.now() };
  }

  it('counts every pending event of the projector types past the old 10,000 cap, and none of the others', async () => {
    const { status, before, after } = await timedStatus(eventStore);

    const ours = appended.filter((e) => e.type === 'lagging');
    expect(ours.length).toBeGreaterThan(LAG_COUNT_LIMIT);
    expect(status.lagEvents).toBe(ours.length);
    const oldest = ours[0]!.createdAt.getTime();
    expect(status.lagMs).toBeGreaterThanOrEqual(before - oldest);
    expect(status.lagMs).toBeLessThanOrEqual(after - oldest);
    expect(status).toMatchObject({ generation: generation.generation, state: 'running', rebuild: null });
  });

  it('counts from the checkpoint, the oldest pending event setting lagMs', async () => {
    const ours = appended.filter((e) => e.type === 'lagging');
    // Past the first 12,000 of our events and the unrelated ones among them.
    const checkpoint = ours[11_999]!;
    await moveCheckpoint(checkpoint.position);

    const { status, before, after } = await timedStatus(eventStore);

    expect(status.lagEvents).toBe(ours.length - 12_000);
    const oldest = ours[12_000]!.createdAt.getTime();
    expect(status.lagMs).toBeGreaterThanOrEqual(before - oldest);
    expect(status.lagMs).toBeLessThanOrEqual(after - oldest);
  });

  it('counts every event type for a projector it was not told about', async () => {
    const [current] = await loadGenerations(database.db, 'lagging');
    const status = await statusOf(eventStore, []);

    expect(status.lagEvents).toBe((await eventStore.readAll({ after: current!.position })).length);
    expect(status.lagEvents).toBeGreaterThan((await statusOf(eventStore)).lagEvents!);
  });

  it('counts the same by reading on a store without countEvents', async () => {
    const exact = await statusOf(eventStore);
    const { status, before, after } = await timedStatus(readingOnly(eventStore));

    expect(status.lagEvents).toBe(exact.lagEvents);
    const [current] = await loadGenerations(database.db, 'lagging');
    const [oldest] = (await eventStore.readAll({ after: current!.position })).filter(
      (e) => e.type === 'lagging',
    );
    expect(status.lagMs).toBeGreaterThanOrEqual(before - oldest!.createdAt.getTime());
    expect(status.lagMs).toBeLessThanOrEqual(after - oldest!.createdAt.getTime());
  });

  it('reports zero lag once the checkpoint reaches the head, unrelated events after it or not', async () => {
    const lastOfOurs = appended.filter((e) => e.type === 'lagging').at(-1)!;
    await moveCheckpoint(lastOfOurs.position);
    // The batch's two unrelated events are still after the checkpoint.
    expect(appended.at(-1)!.type).toBe('unrelated');

    expect(await statusOf(eventStore)).toMatchObject({ lagEvents: 0, lagMs: 0 });
    expect(await statusOf(readingOnly(eventStore))).toMatchObject({ lagEvents: 0, lagMs: 0 });
    expect(await statusOf(eventStore, [])).toMatchObject({ lagEvents: 2 });
  });

  it('still answers, lag unknown, when the log cannot be counted', async () => {
    const unreachable: EventStore = {
      ...readingOnly(eventStore),
      countEvents: () => Promise.reject(new Error('connection refused')),
    };

    const status = await statusOf(unreachable);

    expect(status).toMatchObject({ name: 'lagging', lagEvents: null, lagMs: null, state: 'running' });
  });
});
