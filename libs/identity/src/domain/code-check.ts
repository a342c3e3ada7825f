import { MAX_FAILED_ATTEMPTS } from './one-time-code';

export interface StoredCode {
  failedAttempts: number;
  expiresAt: Date;
  consumedAt: Date | null;
}

export type CodeCheck =
  | { outcome: 'accepted' }
  | { outcome: 'wrong'; attemptsLeft: number }
  | { outcome: 'locked' }
  | { outcome: 'expired' }
  | { outcome: 'used' };

/**
 * The rule for one attempt at a code. A used, dead or expired code refuses even the right digits,
 * so the order matters: a locked code cannot be unlocked by guessing right on the sixth try.
 */
export function checkCode(code: StoredCode, now: Date, matches: boolean): CodeCheck {
  if (code.consumedAt) return { outcome: 'used' };
  if (code.failedAttempts >= MAX_FAILED_ATTEMPTS) return { outcome: 'locked' };
  if (now.getTime() >= code.expiresAt.getTime()) return { outcome: 'expired' };
  if (matches) return { outcome: 'accepted' };
  return { outcome: 'wrong', attemptsLeft: MAX_FAILED_ATTEMPTS - code.failedAttempts - 1 };
}
