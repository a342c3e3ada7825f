import { checkCode } from './code-check';

describe('checkCode', () => {
  const now = new Date('2026-11-22T10:00:00Z');
  const live = { failedAttempts: 0, expiresAt: new Date(now.getTime() + 60_000), consumedAt: null };

  it('accepts the right code while it is live', () => {
    expect(checkCode(live, now, true)).toEqual({ outcome: 'accepted' });
  });

  it('counts a wrong code down to the fifth try', () => {
    expect(checkCode(live, now, false)).toEqual({ outcome: 'wrong', attemptsLeft: 4 });
    expect(checkCode({ ...live, failedAttempts: 4 }, now, false)).toEqual({
      outcome: 'wrong',
      attemptsLeft: 0,
    });
  });

  it('refuses even the right code once five tries failed', () => {
    expect(checkCode({ ...live, failedAttempts: 5 }, now, true)).toEqual({ outcome: 'locked' });
  });

  it('refuses the right code at and after its expiry', () => {
    expect(checkCode({ ...live, expiresAt: now }, now, true)).toEqual({ outcome: 'expired' });
  });

  it('refuses a code that was already used', () => {
    expect(checkCode({ ...live, consumedAt: now }, now, true)).toEqual({ outcome: 'used' });
  });
});
