import {
  EventStoreInputError,
  START,
  WrongExpectedRevisionError,
  assertValidAppend,
  assertValidReadAll,
  assertValidReadStream,
  comparePositions,
  type AppendResult,
  type EventData,
  type EventStore,
  type EventSubscription,
  type ExpectedRevision,
  type GlobalPosition,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeToAllOptions,
} from '@arena/event-store';

/**
 * The EventStore port in memory, for unit tests of handlers and processors: same revision checks
 * and id idempotency as the real adapters, one "transaction" per append.
 */
export class InMemoryEventStore implements EventStore {
  private readonly log: RecordedEvent[] = [];
  private readonly streams = new Map<string, RecordedEvent[]>();
  private readonly ids = new Set<string>();
  private readonly waiters = new Set<() => void>();
  private commit = 0n;

  async appendToStream(
    streamId: string,
    events: readonly EventData[],
    options: { expectedRevision?: ExpectedRevision } = {},
  ): Promise<AppendResult> {
    const expected = options.expectedRevision ?? 'any';
    assertValidAppend(streamId, events, expected);
    const stream = this.streams.get(streamId) ?? [];
    const actual = stream.length === 0 ? 'no_stream' : stream.length - 1;
    const stored = events.filter((event) => this.ids.has(event.id));
    if (stored.length > 0) {
      // A retry of a stored batch answers with its first result; any other reuse of ids is a misuse.
      const original = stream.filter((recorded) => events.some((event) => event.id === recorded.id));
      const last = original[original.length - 1];
      if (original.length !== events.length || !last) {
        throw new EventStoreInputError(
          `Stream ${streamId}: some of these event ids are already stored elsewhere`,
        );
      }
      return { nextExpectedRevision: last.revision, position: last.position, duplicate: true };
    }
    checkRevision(streamId, expected, actual);
    this.commit += 1n;
    events.forEach((event, index) => {
      const recorded: RecordedEvent = {
        id: event.id,
        type: event.type,
        data: structuredClone(event.data),
        metadata: { ...(event.metadata ?? {}) },
        streamId,
        revision: stream.length,
        position: { commit: this.commit, prepare: BigInt(index) },
        createdAt: new Date(),
      };
      stream.push(recorded);
      this.log.push(recorded);
      this.ids.add(event.id);
    });
    this.streams.set(streamId, stream);
    this.waiters.forEach((wake) => wake());
    const last = this.log[this.log.length - 1];
    return { nextExpectedRevision: stream.length - 1, position: last?.position ?? START };
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    assertValidReadStream(streamId, options);
    const stream = this.streams.get(streamId) ?? [];
    const backwards = options.direction === 'backwards';
    const from = options.fromRevision ?? (backwards ? stream.length - 1 : 0);
    const selected = backwards ? stream.slice(0, from + 1).reverse() : stream.slice(from);
    return selected.slice(0, options.maxCount ?? selected.length).map(copy);
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    assertValidReadAll(options);
    const after = options.after ?? START;
    const selected = this.log.filter((event) => comparePositions(event.position, after) > 0);
    return selected.slice(0, options.maxCount ?? selected.length).map(copy);
  }

  subscribeToAll(options: SubscribeToAllOptions = {}): EventSubscription {
    let after: GlobalPosition = options.after ?? START;
    let open = true;
    let wake: (() => void) | undefined;
    // Set by every append, so one landing between a read and the wait is never missed.
    let dirty = false;
    const types = options.eventTypes && new Set(options.eventTypes);
    const readAfter = (position: GlobalPosition) => this.readAll({ after: position });
    const waiters = this.waiters;
    const signal = () => {
      dirty = true;
      wake?.();
    };
    this.waiters.add(signal);
    async function* iterate(): AsyncGenerator<RecordedEvent> {
      while (open) {
        dirty = false;
        const batch = await readAfter(after);
        for (const event of batch) {
          after = event.position;
          if (!types || types.has(event.type)) yield event;
        }
        if (batch.length === 0 && open && !dirty) await new Promise<void>((resolve) => (wake = resolve));
      }
    }
    const iterator = iterate();
    return {
      [Symbol.asyncIterator]: () => iterator,
      async unsubscribe() {
        open = false;
        waiters.delete(signal);
        wake?.();
      },
    };
  }

  async headPosition(): Promise<GlobalPosition> {
    return this.log[this.log.length - 1]?.position ?? START;
  }

  /** Every append here is readable once stored. */
  committedHeadPosition(): Promise<GlobalPosition> {
    return this.headPosition();
  }

  async close(): Promise<void> {
    this.waiters.forEach((wake) => wake());
  }
}

function checkRevision(streamId: string, expected: ExpectedRevision, actual: number | 'no_stream'): void {
  const ok =
    expected === 'any' ||
    (expected === 'no_stream' && actual === 'no_stream') ||
    (expected === 'stream_exists' && actual !== 'no_stream') ||
    expected === actual;
  if (!ok) throw new WrongExpectedRevisionError(streamId, expected, actual);
}

const copy = (event: RecordedEvent): RecordedEvent => ({
  ...event,
  data: structuredClone(event.data),
  metadata: { ...event.metadata },
});
