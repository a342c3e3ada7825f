import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

export type CodeChannel = 'email' | 'phone';

export const CODE_DIGITS = 6;
export const CODE_TTL_MS = 10 * 60 * 1000;
export const MAX_FAILED_ATTEMPTS = 5;

export function generateOneTimeCode(): string {
  return randomInt(0, 10 ** CODE_DIGITS)
    .toString()
    .padStart(CODE_DIGITS, '0');
}

/** Keyed by session and channel too, so a code is worth nothing outside the session and channel it was sent for. */
export function hashOneTimeCode(key: string, sessionId: string, channel: CodeChannel, code: string): string {
  return createHmac('sha256', key).update(`${sessionId}:${channel}:${code}`).digest('hex');
}

export function oneTimeCodeMatches(
  key: string,
  sessionId: string,
  channel: CodeChannel,
  code: string,
  storedHash: string,
): boolean {
  const candidate = Buffer.from(hashOneTimeCode(key, sessionId, channel, code), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return candidate.length === stored.length && timingSafeEqual(candidate, stored);
}
