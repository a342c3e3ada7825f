import { randomUUID } from 'node:crypto';
import {
  EventStoreInputError,
  WrongExpectedRevisionError,
  comparePositions,
  type EventData,
  type EventStore,
  type EventSubscription,
  type GlobalPosition,
  type RecordedEvent,
} from './event-store.port';

export interface EventStoreContractHarness {
  /**
   * slowWrites: every append's transaction stays open for a random 0-50 ms before it commits (or, where
   * the server has no open transaction to hold, the append waits that long), so appends commit out of
   * the order they were sequenced in.
   */
  createStore(options?: { slowWrites?: boolean }): Promise<EventStore>;
  dispose(): Promise<void>;
}

/** The behaviour every adapter of the port must show, run by each adapter's spec against a real server. */
export function runEventStoreContract(name: string, setUp: () => Promise<EventStoreContractHarness>): void {
  describe(`${name} event store contract`, () => {
    let harness: EventStoreContractHarness;
    let store: EventStore;

    beforeAll(async () => {
      harness = await setUp();
      store = await harness.createStore();
    });
    afterAll(async () => {
      await store?.close();
      await harness?.dispose();
    });

    describe('appending and reading a stream', () => {
      it('round-trips events appended with no_stream', async () => {
        const streamId = stream();
        const events = [event('Opened', { a: 1 }, { correlationId: 'c-1' }), event('Renamed', { name: 'x' })];
        const result = await store.appendToStream(streamId, events, { expectedRevision: 'no_stream' });
        expect(result.nextExpectedRevision).toBe(1);

        const read = await store.readStream(streamId);
        expect(read.map((e) => [e.id, e.type, e.data, e.revision, e.streamId])).toEqual([
          [events[0]!.id, 'Opened', { a: 1 }, 0, streamId],
          [events[1]!.id, 'Renamed', { name: 'x' }, 1, streamId],
        ]);
        expect(read[0]!.metadata).toMatchObject({ correlationId: 'c-1' });
        expect(read[1]!.metadata).toEqual(expect.any(Object));
        expect(read[0]!.createdAt).toBeInstanceOf(Date);
        expect(comparePositions(read[0]!.position, read[1]!.position)).toBeLessThan(0);
        expect(comparePositions(read[1]!.position, result.position)).toBe(0);
      });

      it('refuses no_stream when the stream exists, naming its revision', async () => {
        const streamId = stream();
        await store.appendToStream(streamId, [event('A')], { expectedRevision: 'no_stream' });
        const error = await store
          .appendToStream(streamId, [event('B')], { expectedRevision: 'no_stream' })
          .catch((e: unknown) => e);
        expect(error).toBeInstanceOf(WrongExpectedRevisionError);
        expect(error).toMatchObject({ streamId, expected: 'no_stream', actual: 0 });
        expect(await store.readStream(streamId)).toHaveLength(1);
      });

      it('appends at the exact revision and refuses a stale one', async () => {
        const streamId = stream();
        const first = await store.appendToStream(streamId, [event('A'), event('B')], {
          expectedRevision: 'no_stream',
        });
        const second = await store.appendToStream(streamId, [event('C')], {
          expectedRevision: first.nextExpectedRevision,
        });
        expect(second.nextExpectedRevision).toBe(2);
        await expect(
          store.appendToStream(streamId, [event('D')], { expectedRevision: 1 }),
        ).rejects.toMatchObject({
          name: 'WrongExpectedRevisionError',
          expected: 1,
          actual: 2,
        });
        expect((await store.readStream(streamId)).map((e) => e.type)).toEqual(['A', 'B', 'C']);
      });

      it('refuses an exact revision on a stream that does not exist', async () => {
        const streamId = stream();
        await expect(
          store.appendToStream(streamId, [event('A')], { expectedRevision: 0 }),
        ).rejects.toMatchObject({
          name: 'WrongExpectedRevisionError',
          actual: 'no_stream',
        });
        expect(await store.readStream(streamId)).toEqual([]);
      });

      it('appends with stream_exists only to an existing stream', async () => {
        const streamId = stream();
        await expect(
          store.appendToStream(streamId, [event('A')], { expectedRevision: 'stream_exists' }),
        ).rejects.toBeInstanceOf(WrongExpectedRevisionError);
        await store.appendToStream(streamId, [event('A')], { expectedRevision: 'no_stream' });
        const result = await store.appendToStream(streamId, [event('B')], {
          expectedRevision: 'stream_exists',
        });
        expect(result.nextExpectedRevision).toBe(1);
      });

      it('appends with any whether or not the stream exists, and by default', async () => {
        const streamId = stream();
        expect(
          (await store.appendToStream(streamId, [event('A')], { expectedRevision: 'any' }))
            .nextExpectedRevision,
        ).toBe(0);
        expect((await store.appendToStream(streamId, [event('B'), event('C')])).nextExpectedRevision).toBe(2);
        expect((await store.readStream(streamId)).map((e) => e.revision)).toEqual([0, 1, 2]);
      });

      it('reads an absent stream as empty', async () => {
        expect(await store.readStream(stream())).toEqual([]);
        expect(await store.readStream(stream(), { direction: 'backwards' })).toEqual([]);
      });

      it('reads forwards and backwards over ranges', async () => {
        const streamId = stream();
        await store.appendToStream(
          streamId,
          Array.from({ length: 10 }, (_, i) => event(`E${i}`)),
          { expectedRevision: 'no_stream' },
        );
        const revisions = async (options: Parameters<EventStore['readStream']>[1]) =>
          (await store.readStream(streamId, options)).map((e) => e.revision);

        expect(await revisions({})).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
        expect(await revisions({ fromRevision: 3, maxCount: 4 })).toEqual([3, 4, 5, 6]);
        expect(await revisions({ fromRevision: 8 })).toEqual([8, 9]);
        expect(await revisions({ fromRevision: 10 })).toEqual([]);
        expect(await revisions({ direction: 'backwards' })).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
        expect(await revisions({ direction: 'backwards', maxCount: 2 })).toEqual([9, 8]);
        expect(await revisions({ direction: 'backwards', fromRevision: 5, maxCount: 3 })).toEqual([5, 4, 3]);
        expect(await revisions({ direction: 'backwards', fromRevision: 1 })).toEqual([1, 0]);
      });

      it('refuses malformed input with a clear error', async () => {
        await expect(store.appendToStream('', [event('A')])).rejects.toThrow(
          new EventStoreInputError('Stream id must be a non-empty string'),
        );
        await expect(
          store.appendToStream(stream(), [{ id: 'not-a-uuid', type: 'A', data: {} }]),
        ).rejects.toThrow(new EventStoreInputError('Event id "not-a-uuid" is not a UUID'));
        await expect(store.appendToStream(stream(), [])).rejects.toBeInstanceOf(EventStoreInputError);
        const twice = event('A');
        await expect(store.appendToStream(stream(), [twice, twice])).rejects.toBeInstanceOf(
          EventStoreInputError,
        );
        await expect(
          store.appendToStream(stream(), [event('A')], { expectedRevision: -1 }),
        ).rejects.toBeInstanceOf(EventStoreInputError);
        await expect(store.readStream('')).rejects.toBeInstanceOf(EventStoreInputError);
      });
    });

    describe('concurrency and idempotency', () => {
      it('lets exactly one of 100 concurrent appends at the same expected revision win', async () => {
        const streamId = stream();
        const { nextExpectedRevision } = await store.appendToStream(streamId, [event('Created')], {
          expectedRevision: 'no_stream',
        });
        const outcomes = await Promise.allSettled(
          Array.from({ length: 100 }, (_, i) =>
            store.appendToStream(streamId, [event(`Racer${i}`), event(`Racer${i}Again`)], {
              expectedRevision: nextExpectedRevision,
            }),
          ),
        );
        const won = outcomes.filter((o) => o.status === 'fulfilled');
        const lost = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
        expect(won).toHaveLength(1);
        expect(lost.every((o) => o.reason instanceof WrongExpectedRevisionError)).toBe(true);

        const read = await store.readStream(streamId);
        expect(read.map((e) => e.revision)).toEqual([0, 1, 2]);
        expect(read[1]!.type.replace(/^Racer(\d+)$/, '$1')).toBe(
          read[2]!.type.replace(/^Racer(\d+)Again$/, '$1'),
        );
      });

      it('keeps revisions contiguous under 50 concurrent appends with any', async () => {
        const streamId = stream();
        await Promise.all(Array.from({ length: 50 }, () => store.appendToStream(streamId, [event('A')])));
        expect((await store.readStream(streamId)).map((e) => e.revision)).toEqual(
          Array.from({ length: 50 }, (_, i) => i),
        );
      });

      it('stores an event id appended twice once, answering the retry with the first result', async () => {
        const streamId = stream();
        const batch = [event('A'), event('B')];
        const first = await store.appendToStream(streamId, batch, { expectedRevision: 'no_stream' });
        const retry = await store.appendToStream(streamId, batch, { expectedRevision: 'no_stream' });
        expect(retry.nextExpectedRevision).toBe(first.nextExpectedRevision);
        expect(comparePositions(retry.position, first.position)).toBe(0);
        // Nothing was appended by the retry: an adapter that can tell says so (EventStoreDB cannot).
        expect(first.duplicate).toBeFalsy();
        expect(retry.duplicate).not.toBe(false);

        const single = event('C');
        await store.appendToStream(streamId, [single], { expectedRevision: 1 });
        await store.appendToStream(streamId, [single], { expectedRevision: 1 });
        await store.appendToStream(streamId, [single]);
        expect((await store.readStream(streamId)).map((e) => e.id)).toEqual([
          batch[0]!.id,
          batch[1]!.id,
          single.id,
        ]);
      });

      it('stores a batch appended concurrently twice once', async () => {
        const streamId = stream();
        await store.appendToStream(streamId, [event('Created')], { expectedRevision: 'no_stream' });
        const batch = [event('A'), event('B')];
        const results = await Promise.all(
          Array.from({ length: 5 }, () => store.appendToStream(streamId, batch, { expectedRevision: 0 })),
        );
        expect(new Set(results.map((r) => r.nextExpectedRevision))).toEqual(new Set([2]));
        expect(await store.readStream(streamId)).toHaveLength(3);
      });
    });

    describe('the global log', () => {
      it('reads all strictly after a position, in order, up to maxCount', async () => {
        const streamId = stream();
        await store.appendToStream(streamId, [event('A'), event('B'), event('C')], {
          expectedRevision: 'no_stream',
        });
        const [a, b, c] = await store.readStream(streamId);
        await untilHeadReaches(store, c!.position);

        const fromA = ofStream(await store.readAll({ after: a!.position }), streamId);
        expect(fromA.map((e) => e.id)).toEqual([b!.id, c!.id]);
        const fromC = ofStream(await store.readAll({ after: c!.position }), streamId);
        expect(fromC).toEqual([]);
        const oneAfterA = await store.readAll({ after: a!.position, maxCount: 1 });
        expect(oneAfterA).toHaveLength(1);
        expect(comparePositions(oneAfterA[0]!.position, a!.position)).toBeGreaterThan(0);

        const all = await store.readAll();
        for (let i = 1; i < all.length; i++) {
          expect(comparePositions(all[i - 1]!.position, all[i]!.position)).toBeLessThan(0);
        }
        expect(ofStream(all, streamId).map((e) => e.id)).toEqual([a!.id, b!.id, c!.id]);
      });

      it('moves the head position to the newest append once older transactions have ended', async () => {
        const before = await store.headPosition();
        const { position } = await store.appendToStream(stream(), [event('A')]);
        expect(comparePositions(position, before)).toBeGreaterThan(0);
        await untilHeadReaches(store, position);
      });
    });

    describe('subscribing to all', () => {
      it('catches up, then delivers live appends, each once', async () => {
        const prefix = streamPrefix();
        const checkpoint = await store.headPosition();
        await store.appendToStream(`${prefix}-1`, [event('A'), event('B')]);
        const collector = collect(store.subscribeToAll({ after: checkpoint }), prefix);
        try {
          await collector.waitFor(2);
          await store.appendToStream(`${prefix}-2`, [event('C')]);
          await store.appendToStream(`${prefix}-1`, [event('D')]);
          await collector.waitFor(4);
          await sleep(300);
          expect(collector.events.map((e) => e.type)).toEqual(['A', 'B', 'C', 'D']);
        } finally {
          await collector.stop();
        }
      });

      it('resumes from a checkpoint without repeating an event', async () => {
        const prefix = streamPrefix();
        const checkpoint = await store.headPosition();
        await store.appendToStream(
          `${prefix}-1`,
          ['A', 'B', 'C', 'D', 'E'].map((type) => event(type)),
        );
        const first = collect(store.subscribeToAll({ after: checkpoint }), prefix);
        const seen = await first.waitFor(5).finally(() => first.stop());

        const resumed = collect(store.subscribeToAll({ after: seen[2]!.position }), prefix);
        try {
          await resumed.waitFor(2);
          await store.appendToStream(`${prefix}-1`, [event('F')]);
          await resumed.waitFor(3);
          await sleep(300);
          expect(resumed.events.map((e) => e.type)).toEqual(['D', 'E', 'F']);
        } finally {
          await resumed.stop();
        }
      });

      it('delivers only the event types asked for', async () => {
        const prefix = streamPrefix();
        const checkpoint = await store.headPosition();
        const collector = collect(
          store.subscribeToAll({ after: checkpoint, eventTypes: ['Wanted', 'AlsoWanted'] }),
          prefix,
        );
        try {
          await store.appendToStream(`${prefix}-1`, [
            event('Wanted', { n: 1 }),
            event('Unwanted'),
            event('AlsoWanted', { n: 2 }),
          ]);
          await store.appendToStream(`${prefix}-2`, [event('Unwanted'), event('Wanted', { n: 3 })]);
          await collector.waitFor(3);
          await sleep(300);
          expect(collector.events.map((e) => e.data)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
        } finally {
          await collector.stop();
        }
      });

      it('sees every event exactly once, each stream in order, while 16 writers commit out of order', async () => {
        const slowStore = await harness.createStore({ slowWrites: true });
        const prefix = streamPrefix();
        const total = 5000;
        const writers = 16;
        const streamsPerWriter = 3;
        const collector = collect(store.subscribeToAll({ after: await store.headPosition() }), prefix);
        try {
          let remaining = total;
          const takeBatch = () => {
            const size = Math.min(remaining, 1 + Math.floor(Math.random() * 3));
            remaining -= size;
            return size;
          };
          await Promise.all(
            Array.from({ length: writers }, async (_, writer) => {
              const revisions = new Map<string, number>();
              for (let size = takeBatch(), turn = 0; size > 0; size = takeBatch(), turn++) {
                const streamId = `${prefix}-${writer}-${turn % streamsPerWriter}`;
                const expected = revisions.get(streamId);
                const result = await slowStore.appendToStream(
                  streamId,
                  Array.from({ length: size }, (_, i) => event('Written', { turn, i })),
                  { expectedRevision: expected ?? 'no_stream' },
                );
                revisions.set(streamId, result.nextExpectedRevision);
              }
            }),
          );
          const seen = await collector.waitFor(total, 30_000);
          await sleep(300);
          expect(collector.events).toHaveLength(total);
          expect(new Set(seen.map((e) => e.id)).size).toBe(total);
          for (let i = 1; i < seen.length; i++) {
            expect(comparePositions(seen[i - 1]!.position, seen[i]!.position)).toBeLessThan(0);
          }
          const byStream = new Map<string, number[]>();
          for (const e of seen) byStream.set(e.streamId, [...(byStream.get(e.streamId) ?? []), e.revision]);
          for (const revisions of byStream.values()) {
            expect(revisions).toEqual(revisions.map((_, i) => i));
          }
        } finally {
          await collector.stop();
          await slowStore.close();
        }
      }, 90_000);
    });
  });
}

/**
 * The global log shows an append once every transaction that could still land before it has ended
 * (anywhere on a shared server), so tests of the log wait for it rather than expect it at once.
 */
async function untilHeadReaches(
  store: EventStore,
  position: GlobalPosition,
  timeoutMs = 20_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (comparePositions(await store.headPosition(), position) < 0) {
    if (Date.now() > deadline) throw new Error('The head position did not reach the append in time');
    await sleep(10);
  }
}

function stream(): string {
  return `contract-${randomUUID()}`;
}

function streamPrefix(): string {
  return `contract-${randomUUID().slice(0, 8)}`;
}

function event(type: string, data: unknown = {}, metadata?: Record<string, unknown>): EventData {
  return { id: randomUUID(), type, data, ...(metadata ? { metadata } : {}) };
}

function ofStream(events: RecordedEvent[], streamId: string): RecordedEvent[] {
  return events.filter((e) => e.streamId === streamId);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Consumes a subscription in the background, keeping the events of streams that start with prefix. */
function collect(subscription: EventSubscription, prefix: string) {
  const events: RecordedEvent[] = [];
  let failure: unknown;
  const consuming = (async () => {
    for await (const e of subscription) if (e.streamId.startsWith(prefix)) events.push(e);
  })().catch((error: unknown) => (failure = error));
  return {
    events,
    async waitFor(count: number, timeoutMs = 20_000): Promise<RecordedEvent[]> {
      const deadline = Date.now() + timeoutMs;
      while (events.length < count) {
        if (failure) throw failure;
        if (Date.now() > deadline)
          throw new Error(`Subscription delivered ${events.length} of ${count} events`);
        await sleep(10);
      }
      return events.slice();
    },
    async stop(): Promise<void> {
      await subscription.unsubscribe();
      await consuming;
    },
  };
}
