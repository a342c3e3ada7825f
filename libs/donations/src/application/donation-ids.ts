import { createHash } from 'node:crypto';

/** The id of the n-th event a command appends. */
export type EventIds = (index: number) => string;

/**
 * Everything the money flow appends is caused by something outside (a webhook event, a job run, an
 * earlier event, a member's request id): ids derive from that cause, so the same cause delivered again
 * appends nothing. Name-based UUID (version 5 layout, SHA-1 over a fixed namespace).
 */
export const derivedEventIds =
  (cause: string): EventIds =>
  (index) =>
    nameBasedUuid(`${cause}#${index}`);

/** A donation's id from its cause: `checkout:{sessionId}`, `prize:{eventId}`, `payout-request:{requestId}`… */
export const donationIdFrom = (cause: string) => nameBasedUuid(`donation:${cause}`);

// No 0/O, 1/I/L: a receipt code is read aloud and typed.
const RECEIPT_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** The short public code of a donation's receipt ('R-7Q2K9MXA'), derived from its id. */
export function receiptCodeOf(donationId: string): string {
  const digest = createHash('sha256').update(`receipt:${donationId}`).digest();
  let code = '';
  for (let i = 0; i < 10; i++) code += RECEIPT_ALPHABET[digest[i]! % RECEIPT_ALPHABET.length];
  return `R-${code}`;
}

const NAMESPACE = 'charity-arena:donations';

export function nameBasedUuid(name: string): string {
  const bytes = createHash('sha1').update(NAMESPACE).update('\0').update(name).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
