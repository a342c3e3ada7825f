import {
  EventStoreInputError,
  type EventData,
  type ExpectedRevision,
  type ReadAllOptions,
  type ReadStreamOptions,
} from './event-store.port';
import { isUuid } from '@arena/text';

const MAX_STREAM_ID_LENGTH = 255;

/** Both adapters refuse the same bad input with the same words before touching their server. */
export function assertValidStreamId(streamId: unknown): asserts streamId is string {
  if (typeof streamId !== 'string' || streamId.trim().length === 0) {
    throw new EventStoreInputError('Stream id must be a non-empty string');
  }
  if (streamId.length > MAX_STREAM_ID_LENGTH) {
    throw new EventStoreInputError(`Stream id must be at most ${MAX_STREAM_ID_LENGTH} characters`);
  }
}

export function assertValidAppend(
  streamId: unknown,
  events: readonly EventData[],
  expectedRevision: ExpectedRevision,
): void {
  assertValidStreamId(streamId);
  if (!Array.isArray(events) || events.length === 0) {
    throw new EventStoreInputError('An append needs at least one event');
  }
  const ids = new Set<string>();
  for (const event of events) {
    if (typeof event?.id !== 'string' || !isUuid(event.id)) {
      throw new EventStoreInputError(`Event id ${JSON.stringify(event?.id)} is not a UUID`);
    }
    const id = event.id.toLowerCase();
    if (ids.has(id)) throw new EventStoreInputError(`Event id ${event.id} appears twice in one append`);
    ids.add(id);
    if (typeof event.type !== 'string' || event.type.trim().length === 0) {
      throw new EventStoreInputError(`Event ${event.id} needs a non-empty type`);
    }
    if (event.data === undefined) throw new EventStoreInputError(`Event ${event.id} has no data`);
    if (
      event.metadata !== undefined &&
      (typeof event.metadata !== 'object' || event.metadata === null || Array.isArray(event.metadata))
    ) {
      throw new EventStoreInputError(`Event ${event.id} metadata must be an object`);
    }
  }
  if (typeof expectedRevision === 'number') {
    if (!Number.isSafeInteger(expectedRevision) || expectedRevision < 0) {
      throw new EventStoreInputError(`Expected revision ${expectedRevision} must be a non-negative integer`);
    }
  } else if (!['no_stream', 'any', 'stream_exists'].includes(expectedRevision)) {
    throw new EventStoreInputError(
      `Expected revision ${String(expectedRevision)} is not one of no_stream, any, stream_exists or a number`,
    );
  }
}

export function assertValidReadStream(streamId: unknown, options: ReadStreamOptions): void {
  assertValidStreamId(streamId);
  if (
    options.direction !== undefined &&
    options.direction !== 'forwards' &&
    options.direction !== 'backwards'
  ) {
    throw new EventStoreInputError(`Direction ${String(options.direction)} is not forwards or backwards`);
  }
  if (
    options.fromRevision !== undefined &&
    !(Number.isSafeInteger(options.fromRevision) && options.fromRevision >= 0)
  ) {
    throw new EventStoreInputError('fromRevision must be a non-negative integer');
  }
  assertValidMaxCount(options.maxCount);
}

export function assertValidReadAll(options: ReadAllOptions): void {
  assertValidMaxCount(options.maxCount);
}

function assertValidMaxCount(maxCount: number | undefined): void {
  if (maxCount !== undefined && !(Number.isSafeInteger(maxCount) && maxCount > 0)) {
    throw new EventStoreInputError('maxCount must be a positive integer');
  }
}
