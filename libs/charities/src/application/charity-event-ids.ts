import { createHash, randomUUID } from 'node:crypto';

/** The id of the n-th event a command appends. */
export type EventIds = (index: number) => string;

/** A member's command: fresh ids, since a member's retry is decided again against the stream. */
export const randomEventIds: EventIds = () => randomUUID();

/**
 * A command caused by something outside (a provider's webhook, the seed): ids derived from that cause,
 * so the same cause delivered again appends nothing. Name-based UUID (version 5 layout).
 */
export const derivedEventIds =
  (cause: string): EventIds =>
  (index) =>
    nameBasedUuid(`${cause}#${index}`);

const NAMESPACE = 'charity-arena:charities';

export function nameBasedUuid(name: string): string {
  const bytes = createHash('sha1').update(NAMESPACE).update('\0').update(name).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
