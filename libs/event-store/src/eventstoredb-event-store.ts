import {
  ANY,
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  START as ESDB_START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError,
  eventTypeFilter,
  excludeSystemEvents,
  jsonEvent,
  type AllStreamResolvedEvent,
  type AppendExpectedRevision,
  type JSONType,
  type Position,
  type ResolvedEvent,
} from '@eventstore/db-client';
import {
  START,
  WrongExpectedRevisionError,
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
} from './event-store.port';
import { assertValidAppend, assertValidReadAll, assertValidReadStream } from './event-store.validation';

type EsdbRecordedEvent = NonNullable<ResolvedEvent['event']>;

/** Pages of $all read while skipping the server's own ($-prefixed) events. */
const READ_ALL_PAGE = 500;

/**
 * The port over EventStoreDB. Its positions are already (commit, prepare) pairs; its idempotency by
 * event id is native. The server's own events (types and streams starting with $) are never returned.
 */
export class EventStoreDbEventStore implements EventStore {
  private readonly client: EventStoreDBClient;

  constructor(connectionString: string) {
    this.client = EventStoreDBClient.connectionString(connectionString);
  }

  async appendToStream(
    streamId: string,
    events: readonly EventData[],
    options: { expectedRevision?: ExpectedRevision } = {},
  ): Promise<AppendResult> {
    const expected = options.expectedRevision ?? 'any';
    assertValidAppend(streamId, events, expected);
    const payload = events.map((e) =>
      jsonEvent({ id: e.id, type: e.type, data: e.data as JSONType, metadata: e.metadata ?? {} }),
    );
    try {
      const result = await this.client.appendToStream(streamId, payload, {
        expectedRevision: toEsdbExpected(expected),
      });
      const nextExpectedRevision = Number(result.nextExpectedRevision);
      // An idempotent retry may come back without a position: take it from the event it points at.
      const position = result.position ?? (await this.positionOf(streamId, result.nextExpectedRevision));
      return { nextExpectedRevision, position: toGlobalPosition(position) };
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) {
        const actual = error.actualVersion;
        throw new WrongExpectedRevisionError(
          streamId,
          expected,
          typeof actual === 'bigint' ? Number(actual) : 'no_stream',
        );
      }
      throw error;
    }
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    assertValidReadStream(streamId, options);
    const backwards = options.direction === 'backwards';
    const read = this.client.readStream(streamId, {
      direction: backwards ? BACKWARDS : FORWARDS,
      fromRevision:
        options.fromRevision === undefined ? (backwards ? END : ESDB_START) : BigInt(options.fromRevision),
      ...(options.maxCount === undefined ? {} : { maxCount: options.maxCount }),
    });
    const events: RecordedEvent[] = [];
    try {
      for await (const resolved of read) if (resolved.event) events.push(toRecordedEvent(resolved.event));
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    assertValidReadAll(options);
    const wanted = options.maxCount ?? Number.MAX_SAFE_INTEGER;
    let after = options.after ?? START;
    const events: RecordedEvent[] = [];
    for (;;) {
      const page = await this.readAllPage(after);
      events.push(...page.events.slice(0, wanted - events.length));
      if (events.length === wanted || !page.lastPosition) return events;
      after = page.lastPosition;
    }
  }

  subscribeToAll(options: SubscribeToAllOptions = {}): EventSubscription {
    const after = options.after ?? START;
    const subscription = this.client.subscribeToAll({
      fromPosition: isStart(after) ? ESDB_START : toEsdbPosition(after),
      filter: options.eventTypes
        ? eventTypeFilter({ regex: `^(?:${options.eventTypes.map(escapeRegExp).join('|')})$` })
        : excludeSystemEvents(),
    });
    return {
      async *[Symbol.asyncIterator]() {
        for await (const resolved of subscription as AsyncIterable<AllStreamResolvedEvent>) {
          const event = resolved.event;
          if (!event || isSystem(event)) continue;
          const recorded = toRecordedEvent(event);
          // The checkpoint is exclusive whatever the server's convention for a start position.
          if (comparePositions(recorded.position, after) > 0) yield recorded;
        }
      },
      unsubscribe: () => subscription.unsubscribe(),
    };
  }

  async headPosition(): Promise<GlobalPosition> {
    const read = this.client.readAll({ direction: BACKWARDS, fromPosition: END, maxCount: READ_ALL_PAGE });
    for await (const resolved of read) {
      if (resolved.event && !isSystem(resolved.event)) {
        await read.cancel();
        return toGlobalPosition(resolved.event.position);
      }
    }
    return START;
  }

  /** EventStoreDB's log is readable up to its newest write: the committed head is the head. */
  committedHeadPosition(): Promise<GlobalPosition> {
    return this.headPosition();
  }

  async close(): Promise<void> {
    await this.client.dispose();
  }

  /** One page of $all strictly after a position; lastPosition is where the page ended, null at the end. */
  private async readAllPage(
    after: GlobalPosition,
  ): Promise<{ events: RecordedEvent[]; lastPosition: GlobalPosition | null }> {
    const read = this.client.readAll({
      direction: FORWARDS,
      fromPosition: isStart(after) ? ESDB_START : toEsdbPosition(after),
      maxCount: READ_ALL_PAGE,
    });
    const events: RecordedEvent[] = [];
    let lastPosition: GlobalPosition | null = null;
    let count = 0;
    for await (const resolved of read) {
      count++;
      const event = resolved.event;
      if (!event) continue;
      const position = toGlobalPosition(event.position);
      // Reading $all from a position includes the event at it.
      if (comparePositions(position, after) <= 0) continue;
      lastPosition = position;
      if (!isSystem(event)) events.push(toRecordedEvent(event));
    }
    return { events, lastPosition: count < READ_ALL_PAGE ? null : lastPosition };
  }

  private async positionOf(streamId: string, revision: bigint): Promise<Position | undefined> {
    for await (const resolved of this.client.readStream(streamId, { fromRevision: revision, maxCount: 1 })) {
      return resolved.event?.position;
    }
    return undefined;
  }
}

function toEsdbExpected(expected: ExpectedRevision): AppendExpectedRevision {
  switch (expected) {
    case 'no_stream':
      return NO_STREAM;
    case 'any':
      return ANY;
    case 'stream_exists':
      return STREAM_EXISTS;
    default:
      return BigInt(expected);
  }
}

function isStart(position: GlobalPosition): boolean {
  return comparePositions(position, START) === 0;
}

function toEsdbPosition(position: GlobalPosition): Position {
  return { commit: position.commit, prepare: position.prepare };
}

function toGlobalPosition(position: Position | undefined): GlobalPosition {
  if (!position) throw new Error('EventStoreDB returned an event without a position');
  return { commit: position.commit, prepare: position.prepare };
}

function isSystem(event: EsdbRecordedEvent): boolean {
  return event.type.startsWith('$') || event.streamId.startsWith('$');
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function toRecordedEvent(event: EsdbRecordedEvent): RecordedEvent {
  const metadata = event.metadata;
  return {
    id: event.id,
    type: event.type,
    data: event.data,
    metadata:
      metadata &&
      typeof metadata === 'object' &&
      !Array.isArray(metadata) &&
      !(metadata instanceof Uint8Array)
        ? (metadata as Record<string, unknown>)
        : {},
    streamId: event.streamId,
    revision: Number(event.revision),
    position: toGlobalPosition(event.position),
    createdAt: event.created,
  };
}
