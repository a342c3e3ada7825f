import type { PrizeLine } from '@arena/contracts';
import { dollarsFromCents } from '@arena/contracts/tournaments.rules';

/**
 * How much of a tournament's donation pool has a charity to go to (issue 23, item 9). A pool has no
 * target to raise toward: its size is fixed when the tournament is made. What moves is how much of it
 * the leaders (or, once final, the winners) have directed to a charity they chose; the rest waits for
 * a choice. Null for a pool of nothing, which has nothing to show.
 */
export interface PoolProgress {
  directedCents: number;
  poolCents: number;
  /** 0..100, whole. */
  percent: number;
  label: string;
  /** What a screen reader says for the value. */
  valueText: string;
}

export function poolProgress(
  lines: readonly PrizeLine[],
  poolCents: number,
  isFinal: boolean,
): PoolProgress | null {
  if (poolCents <= 0) return null;
  const directed = lines
    .filter((line) => line.charityId !== null)
    .reduce((sum, line) => sum + line.amountCents, 0);
  const directedCents = Math.min(directed, poolCents);
  const percent = Math.floor((directedCents * 100) / poolCents);
  const amounts = `${dollarsFromCents(directedCents)} of ${dollarsFromCents(poolCents)}`;
  return {
    directedCents,
    poolCents,
    percent,
    label: isFinal ? 'Pool directed to charities' : 'Pool with a charity chosen so far',
    valueText: `${amounts} (${percent}%)`,
  };
}
