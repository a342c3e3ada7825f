import { randomUUID } from 'node:crypto';
import type { RecordedEvent } from '@arena/event-store';

/**
 * For projector specs: turns plain events into events as the store records them, numbering each
 * stream's revisions from 0 in the order they are recorded.
 */
export function eventRecorder<E extends { type: string; data: object }>(
  streamIdOf: (event: E) => string,
  createdAt: () => Date = () => new Date(),
): (event: E) => RecordedEvent {
  const revisions = new Map<string, number>();
  return (event) => {
    const streamId = streamIdOf(event);
    const revision = revisions.get(streamId) ?? 0;
    revisions.set(streamId, revision + 1);
    return {
      id: randomUUID(),
      type: event.type,
      data: event.data,
      metadata: {},
      streamId,
      revision,
      position: { commit: 1n, prepare: BigInt(revision) },
      createdAt: createdAt(),
    };
  };
}
