import { createHash, randomUUID } from 'node:crypto';

/** The id of the n-th event a command appends. */
export type EventIds = (index: number) => string;

/**
 * A member's command: fresh ids, since a member's retry is decided again against the stream. Fresh
 * ids can never be stored already, which is what lets a stream group such commands in one append.
 */
export const randomEventIds: EventIds = () => randomUUID();

/**
 * Name-based UUID (the version 5 layout: SHA-1 over a namespace and the name). The same namespace and
 * name always give the same id.
 */
function nameBasedUuid(namespace: string, name: string): string {
  const bytes = createHash('sha1').update(namespace).update('\0').update(name).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export interface IdNamespace {
  /** A stable id for a name: a demo record, a donation from its cause. */
  uuid(name: string): string;
  /**
   * Ids for a command caused by something outside (a provider's webhook, a job run, an earlier event):
   * derived from that cause, so the same cause delivered again appends nothing.
   */
  derivedEventIds(cause: string): EventIds;
}

/**
 * A context's ids. Each context keeps the namespace it has always used: its stored events carry ids
 * derived under it, and a cause replayed after an upgrade must still derive the same ones.
 */
export function idNamespace(namespace: string): IdNamespace {
  const uuid = (name: string) => nameBasedUuid(namespace, name);
  return { uuid, derivedEventIds: (cause) => (index) => uuid(`${cause}#${index}`) };
}
