import { createHash } from 'node:crypto';
import { idNamespace } from '@arena/event-store';

/**
 * Everything the money flow appends is caused by something outside (a webhook event, a job run, an
 * earlier event, a member's request id): ids derive from that cause, so the same cause delivered again
 * appends nothing. The namespace is the one their stored events were always derived with.
 */
export const { derivedEventIds, uuid: donationsUuid } = idNamespace('charity-arena:donations');

/** A donation's id from its cause: `checkout:{sessionId}`, `prize:{eventId}`, `payout-request:{requestId}`… */
export const donationIdFrom = (cause: string) => donationsUuid(`donation:${cause}`);

// No 0/O, 1/I/L: a receipt code is read aloud and typed.
const RECEIPT_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** The short public code of a donation's receipt ('R-7Q2K9MXA'), derived from its id. */
export function receiptCodeOf(donationId: string): string {
  const digest = createHash('sha256').update(`receipt:${donationId}`).digest();
  let code = '';
  for (let i = 0; i < 10; i++) code += RECEIPT_ALPHABET[digest[i]! % RECEIPT_ALPHABET.length];
  return `R-${code}`;
}
