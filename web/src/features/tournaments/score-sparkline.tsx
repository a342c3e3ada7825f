import { formatResult } from './stats-format';

const WIDTH = 300;
const HEIGHT = 80;
const PAD = 6;

/**
 * A small line of a player's results, oldest on the left. Up is always better: when lower wins
 * (times), the axis is turned over. One inline SVG: a chart library would weigh more than the page.
 */
export function ScoreSparkline({
  results,
  lowerScoreWins = false,
}: {
  /** Oldest first. */
  results: readonly number[];
  lowerScoreWins?: boolean;
}) {
  if (results.length === 0) return null;
  const min = Math.min(...results);
  const max = Math.max(...results);
  const span = max - min || 1;
  // One result is a level line across the chart.
  const series = results.length === 1 ? [results[0]!, results[0]!] : results;
  const x = (index: number) => PAD + (index * (WIDTH - 2 * PAD)) / (series.length - 1);
  const y = (value: number) => {
    const share = (value - min) / span;
    const better = lowerScoreWins ? 1 - share : share;
    return max === min ? HEIGHT / 2 : HEIGHT - PAD - better * (HEIGHT - 2 * PAD);
  };
  const points = series.map((value, index) => `${x(index).toFixed(1)},${y(value).toFixed(1)}`);
  const first = results[0]!;
  const last = results[results.length - 1]!;
  const label = `Score history: ${results.length} ${results.length === 1 ? 'result' : 'results'}, from ${formatResult(first, lowerScoreWins)} to ${formatResult(last, lowerScoreWins)}`;
  return (
    <svg
      className="sparkline"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      preserveAspectRatio="none"
      role="img"
      aria-label={label}
    >
      <polyline
        points={points.join(' ')}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
        strokeLinecap="round"
        vectorEffect="non-scaling-stroke"
      />
    </svg>
  );
}
