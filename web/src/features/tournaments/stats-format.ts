/** How the statistics screens write their figures. */

const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const upToTwo = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** Spec: Total Play Time as h/m/s, e.g. "1h 2m 5s", "4m 0s", "0s". */
export function formatPlayTime(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (h > 0) return `${h}h ${m}m ${s}s`;
  if (m > 0) return `${m}m ${s}s`;
  return `${s}s`;
}

/** A completion time in milliseconds as m:ss.mmm (TIME_ATTACK results). */
export function formatTime(milliseconds: number): string {
  const ms = Math.max(0, Math.round(milliseconds));
  const minutes = Math.floor(ms / 60_000);
  const seconds = Math.floor((ms % 60_000) / 1000);
  const rest = ms % 1000;
  return `${minutes}:${String(seconds).padStart(2, '0')}.${String(rest).padStart(3, '0')}`;
}

/** A score (or, when lower wins, a time); an average may carry up to two decimals. */
export function formatResult(value: number | null, lowerScoreWins = false): string {
  if (value === null) return '—';
  return lowerScoreWins ? formatTime(value) : upToTwo.format(value);
}

export const formatCount = (value: number) => whole.format(value);

export const formatPercent = (value: number) => `${upToTwo.format(value)}%`;

export function formatRank(rank: number | null): string {
  return rank === null ? '—' : `#${rank}`;
}

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export function formatInstant(iso: string | null): string {
  return iso ? dateTime.format(new Date(iso)) : '—';
}
