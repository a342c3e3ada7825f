export type ImprovementTrend = 'IMPROVING' | 'DECLINING' | 'STABLE';

/** How many recent results each side of the comparison averages. */
export const TREND_WINDOW = 3;
/** The fewest results a trend is read from: one full window and at least one before it. */
export const TREND_MIN_RESULTS = TREND_WINDOW + 1;
/** A change smaller than this share of the earlier mean is noise, not a trend. */
export const TREND_THRESHOLD = 0.05;

/**
 * The improvement trend of a player's results, oldest first (only results that count: a TIME_ATTACK
 * run that did not finish has no time and is left out before this is called).
 *
 * The rule: compare the mean of the last 3 results with the mean of the up to 3 results before them.
 * With fewer than 4 results there is nothing to compare, so the trend is STABLE. A change of more than
 * 5% of the earlier mean in the better direction (higher scores; lower times when `lowerIsBetter`) is
 * IMPROVING, in the worse direction DECLINING, anything within 5% STABLE. When the earlier mean is 0
 * (a player who scored nothing), any later gain in the better direction is IMPROVING.
 */
export function improvementTrend(results: readonly number[], lowerIsBetter: boolean): ImprovementTrend {
  if (results.length < TREND_MIN_RESULTS) return 'STABLE';
  const recent = results.slice(-TREND_WINDOW);
  const before = results.slice(-2 * TREND_WINDOW, -TREND_WINDOW);
  const earlier = mean(before);
  const change = (mean(recent) - earlier) * (lowerIsBetter ? -1 : 1);
  const threshold = Math.abs(earlier) * TREND_THRESHOLD;
  if (change > threshold) return 'IMPROVING';
  if (change < -threshold) return 'DECLINING';
  return 'STABLE';
}

const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
