import { SHARE_TEXT_LIMIT, LEADERBOARD_TOP } from '@arena/contracts/tournaments.rules';

/**
 * Pure helpers of the challenge detail page: how scores, times, countdowns, share text and the game
 * frame's address are written. Kept apart from the components so they are tested without a browser.
 */

/** Built once: making a formatter costs far more than using one, and a leaderboard writes a score per row. */
const scoreNumber = new Intl.NumberFormat('en-US');

/** A TIME_ATTACK result is a time in milliseconds, shown as m:ss.mmm; any other score as a number. */
export function formatScore(score: number, lowerScoreWins: boolean): string {
  if (!lowerScoreWins) return scoreNumber.format(score);
  const whole = Math.max(0, Math.round(score));
  const minutes = Math.floor(whole / 60_000);
  const seconds = Math.floor((whole % 60_000) / 1000);
  const millis = whole % 1000;
  return `${minutes}:${String(seconds).padStart(2, '0')}.${String(millis).padStart(3, '0')}`;
}

/** Spec §9: the top 10 are shown, then '+N more' for the other players with a score. */
export function morePlayers(playersWithScore: number): number {
  return Math.max(0, playersWithScore - LEADERBOARD_TOP);
}

/** Spec §9: share text is cut to 200 characters (an ellipsis marks a cut). */
export function shareText(text: string): string {
  const chars = Array.from(text.trim());
  if (chars.length <= SHARE_TEXT_LIMIT) return chars.join('');
  return `${chars
    .slice(0, SHARE_TEXT_LIMIT - 1)
    .join('')
    .trimEnd()}…`;
}

/** Time left until `target`, in the largest two units: '2d 4h', '3h 12m', '4m 05s'; null once past. */
export function timeLeft(target: Date, now: Date): string | null {
  const ms = target.getTime() - now.getTime();
  if (!(ms > 0)) return null;
  const totalSeconds = Math.floor(ms / 1000);
  const days = Math.floor(totalSeconds / 86_400);
  const hours = Math.floor((totalSeconds % 86_400) / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  if (days > 0) return `${days}d ${hours}h`;
  if (hours > 0) return `${hours}h ${String(minutes).padStart(2, '0')}m`;
  return `${minutes}m ${String(seconds).padStart(2, '0')}s`;
}

/** Spec §9: progress percentages are clamped to 0–100. */
export function percent(part: number, whole: number): number {
  if (!(whole > 0)) return 0;
  return Math.min(100, Math.max(0, Math.round((part / whole) * 100)));
}

/** Rules are newline-separated text: one paragraph per non-empty line, never HTML. */
export function ruleParagraphs(rules: string): string[] {
  return rules
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

/**
 * The game frame's address: the game's `integrationUrl` resolved against the game origin, with
 * `demo=1` for demo play. Null when there is no game origin, no URL, or the URL points anywhere but
 * the game origin (the page only frames and talks to that one origin).
 */
export function gameFrameUrl(integrationUrl: string, gameOrigin: string | null, demo: boolean): URL | null {
  if (!gameOrigin || !integrationUrl.trim()) return null;
  let url: URL;
  try {
    url = new URL(integrationUrl.trim(), gameOrigin);
  } catch {
    return null;
  }
  if (url.origin !== new URL(gameOrigin).origin) return null;
  if (demo) url.searchParams.set('demo', '1');
  return url;
}
