import { generateOneTimeCode, hashOneTimeCode, oneTimeCodeMatches } from './one-time-code';

describe('one-time codes', () => {
  const key = 'k'.repeat(32);

  it('are six digits, leading zeros kept', () => {
    const codes = Array.from({ length: 200 }, generateOneTimeCode);
    expect(codes.every((code) => /^\d{6}$/.test(code))).toBe(true);
    expect(new Set(codes).size).toBeGreaterThan(190);
  });

  it('are stored as a keyed hash that matches only the same session, channel and code', () => {
    const hash = hashOneTimeCode(key, 'session-1', 'email', '012345');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain('012345');
    expect(oneTimeCodeMatches(key, 'session-1', 'email', '012345', hash)).toBe(true);
    expect(oneTimeCodeMatches(key, 'session-1', 'email', '012346', hash)).toBe(false);
    expect(oneTimeCodeMatches(key, 'session-2', 'email', '012345', hash)).toBe(false);
    expect(oneTimeCodeMatches(key, 'session-1', 'phone', '012345', hash)).toBe(false);
    expect(oneTimeCodeMatches('o'.repeat(32), 'session-1', 'email', '012345', hash)).toBe(false);
  });

  it('answers no match, without throwing, for a stored hash of another length', () => {
    const hash = hashOneTimeCode(key, 'session-1', 'email', '012345');
    expect(oneTimeCodeMatches(key, 'session-1', 'email', '012345', hash.slice(0, 62))).toBe(false);
    expect(oneTimeCodeMatches(key, 'session-1', 'email', '012345', '')).toBe(false);
  });
});
