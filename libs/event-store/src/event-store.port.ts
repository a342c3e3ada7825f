/**
 * The event store port. Two adapters implement it (PostgreSQL, the default, and EventStoreDB) and both
 * pass the same contract suite (event-store.contract.ts).
 */

/** Expected state of a stream before an append. A number is the exact revision of its last event (0-based). */
export type ExpectedRevision = 'no_stream' | 'any' | 'stream_exists' | number;

/**
 * A place in the global log. `commit` orders transactions, `prepare` orders events inside one: for
 * PostgreSQL the writing transaction's id and the row's sequence number; for EventStoreDB its own
 * commit and prepare positions. Compare with comparePositions(), never field by field.
 */
export interface GlobalPosition {
  commit: bigint;
  prepare: bigint;
}

export const START: GlobalPosition = Object.freeze({ commit: -1n, prepare: -1n });

export function comparePositions(a: GlobalPosition, b: GlobalPosition): number {
  if (a.commit !== b.commit) return a.commit < b.commit ? -1 : 1;
  if (a.prepare !== b.prepare) return a.prepare < b.prepare ? -1 : 1;
  return 0;
}

export interface EventData<Type extends string = string, Data = unknown> {
  /** Unique per event (UUID). Appending an id already stored is a no-op: this is what makes retries safe. */
  id: string;
  type: Type;
  data: Data;
  metadata?: Record<string, unknown>;
}

export interface RecordedEvent<Type extends string = string, Data = unknown> extends EventData<Type, Data> {
  streamId: string;
  /** 0-based position of the event inside its stream. */
  revision: number;
  position: GlobalPosition;
  createdAt: Date;
  metadata: Record<string, unknown>;
}

export interface AppendResult {
  /** Revision of the stream's last event after the append: pass it as the next expected revision. */
  nextExpectedRevision: number;
  position: GlobalPosition;
  /**
   * True when every id was stored already, so nothing was appended now and the result is the original
   * append's. A caller cannot tell that from the revision alone when another writer stored the same ids
   * at the very revision this append expected. Absent where the adapter cannot tell (EventStoreDB).
   */
  duplicate?: boolean;
}

export interface ReadStreamOptions {
  direction?: 'forwards' | 'backwards';
  /** Inclusive. Forwards defaults to the start, backwards to the end. */
  fromRevision?: number;
  maxCount?: number;
}

export interface ReadAllOptions {
  /** Exclusive: events strictly after this position. Defaults to START. */
  after?: GlobalPosition;
  maxCount?: number;
}

export interface CountEventsOptions {
  /** Exclusive, as in readAll. Defaults to START. */
  after?: GlobalPosition;
  /** Only events of these types count (all when omitted). */
  eventTypes?: readonly string[];
}

/** What a readAll from the same position would return, summed up rather than read. */
export interface EventCount {
  count: number;
  /** Creation time of the oldest counted event; null when none counts. */
  oldestCreatedAt: Date | null;
}

export interface SubscribeToAllOptions {
  /** Exclusive checkpoint: delivery starts with the first event after it. Defaults to START. */
  after?: GlobalPosition;
  /** Only these event types are delivered (all when omitted). */
  eventTypes?: readonly string[];
}

/** Events in global order, each exactly once, live after the catch-up. End it with unsubscribe(). */
export interface EventSubscription extends AsyncIterable<RecordedEvent> {
  unsubscribe(): Promise<void>;
}

export interface EventStore {
  appendToStream(
    streamId: string,
    events: readonly EventData[],
    options?: { expectedRevision?: ExpectedRevision },
  ): Promise<AppendResult>;
  /** An empty array when the stream does not exist. */
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  subscribeToAll(options?: SubscribeToAllOptions): EventSubscription;
  /** Position of the newest event readers can see, START when the log is empty (health and lag). */
  headPosition(): Promise<GlobalPosition>;
  /**
   * Position of the newest committed event, START when the log is empty: the one a lag guard waits for a
   * read model to reach, so that everything committed before the question is in the answer. It may be
   * ahead of headPosition while an older transaction is still in flight (readers stop below it); a
   * checkpoint passes it only once everything before it was applied.
   */
  committedHeadPosition(): Promise<GlobalPosition>;
  /**
   * Counts the events readAll would return after a position (every one, not a page), in one cheap
   * query. Optional: a store that cannot count without reading the events leaves it out, and callers
   * fall back to reading (EventStoreDB).
   */
  countEvents?(options?: CountEventsOptions): Promise<EventCount>;
  close(): Promise<void>;
}

/** The Nest injection token for the configured adapter. */
export const EVENT_STORE = Symbol('EVENT_STORE');

export class WrongExpectedRevisionError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | 'no_stream',
  ) {
    super(`Stream ${streamId}: expected revision ${String(expected)}, actual ${String(actual)}`);
    this.name = 'WrongExpectedRevisionError';
  }
}

/** A malformed call (empty stream id, an event id that is not a UUID, reused event ids...): a caller bug. */
export class EventStoreInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EventStoreInputError';
  }
}
