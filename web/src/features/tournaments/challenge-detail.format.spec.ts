/** The challenge detail page's pure helpers (web/src/features/tournaments/challenge-detail.format.ts). */
import { SHARE_TEXT_LIMIT } from '@arena/contracts';
import {
  formatScore,
  gameFrameUrl,
  morePlayers,
  percent,
  ruleParagraphs,
  shareText,
  timeLeft,
} from './challenge-detail.format';

describe('challenge detail formatting', () => {
  it('shows scores with thousands separators and TIME_ATTACK times as m:ss.mmm', () => {
    expect(formatScore(1234567, false)).toBe('1,234,567');
    expect(formatScore(0, true)).toBe('0:00.000');
    expect(formatScore(83_045, true)).toBe('1:23.045');
    expect(formatScore(3_600_000, true)).toBe('60:00.000');
  });

  it("counts '+N more' beyond the top ten players with a score", () => {
    expect(morePlayers(0)).toBe(0);
    expect(morePlayers(10)).toBe(0);
    expect(morePlayers(13)).toBe(3);
  });

  it('cuts share text to 200 characters, ending a cut with an ellipsis', () => {
    expect(shareText('  Short  ')).toBe('Short');
    expect(shareText('x'.repeat(SHARE_TEXT_LIMIT))).toBe('x'.repeat(SHARE_TEXT_LIMIT));
    const cut = shareText('y'.repeat(SHARE_TEXT_LIMIT + 50));
    expect(Array.from(cut)).toHaveLength(SHARE_TEXT_LIMIT);
    expect(cut.endsWith('…')).toBe(true);
    // Characters, not UTF-16 units: an emoji is never split in half.
    expect(Array.from(shareText('🎮'.repeat(300)))).toHaveLength(SHARE_TEXT_LIMIT);
  });

  it('writes time left in its two largest units, and null once past', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    const after = (ms: number) => new Date(now.getTime() + ms);
    expect(timeLeft(after(2 * 86_400_000 + 4 * 3_600_000), now)).toBe('2d 4h');
    expect(timeLeft(after(3 * 3_600_000 + 5 * 60_000), now)).toBe('3h 05m');
    expect(timeLeft(after(4 * 60_000 + 5_000), now)).toBe('4m 05s');
    expect(timeLeft(now, now)).toBeNull();
    expect(timeLeft(after(-1), now)).toBeNull();
  });

  it('clamps percentages to 0–100', () => {
    expect(percent(3, 8)).toBe(38);
    expect(percent(12, 8)).toBe(100);
    expect(percent(-2, 8)).toBe(0);
    expect(percent(1, 0)).toBe(0);
  });

  it('splits rules into paragraphs, one per non-empty line', () => {
    expect(ruleParagraphs('One.\r\n\n  Two.  \n')).toEqual(['One.', 'Two.']);
    expect(ruleParagraphs('')).toEqual([]);
  });

  it('resolves the game URL against the game origin, adds demo=1, and frames nothing else', () => {
    const origin = 'https://games.example.org';
    expect(gameFrameUrl('/games/snake', origin, false)?.toString()).toBe(
      'https://games.example.org/games/snake',
    );
    expect(gameFrameUrl('/games/snake?level=2', origin, true)?.toString()).toBe(
      'https://games.example.org/games/snake?level=2&demo=1',
    );
    expect(gameFrameUrl('/games/snake', null, false)).toBeNull();
    expect(gameFrameUrl('  ', origin, false)).toBeNull();
    expect(gameFrameUrl('https://evil.example.com/games/snake', origin, false)).toBeNull();
    expect(gameFrameUrl('//evil.example.com/x', origin, false)).toBeNull();
    expect(gameFrameUrl('javascript:alert(1)', origin, false)).toBeNull();
  });
});
