import { pairs } from '@arena/games';
import type { Stat } from '../shared/game-bar';
import type { TimelineBuilder } from '../shared/run-watch';
import { formatTime } from './format-time';

/** What a position of a watched Memory Pairs run shows: the state after the flip and the cards face up. */
export interface PairsWatchState {
  state: pairs.PairsState;
  /** Face up at the moment of the flip (a mismatch shows both its cards). */
  up: readonly boolean[];
}

const pairsStats = (state: pairs.PairsState): Stat[] => [
  { label: 'Pairs', value: `${state.pairsFound}/8`, live: false },
  { label: 'Moves', value: String(Math.ceil(state.flips / 2)), live: false },
  ...(pairs.isOver(state) ? [{ label: 'Time', value: formatTime(state.clockMs), live: false }] : []),
];

/**
 * A verified Memory Pairs run, one position per flip: the layout dealt from the finished play's seed
 * and each flip applied with the rules live play uses (the states are immutable, so each is kept).
 */
export const pairsTimeline: TimelineBuilder<PairsWatchState> = (material, log) => {
  let state = pairs.newGame(material.seed ?? '');
  const frames: PairsWatchState[] = [{ state, up: pairs.faceUp(state, 0) }];
  for (const entry of log) {
    const outcome = pairs.applyInput(state, entry as { atMs: number; input: pairs.PairsInput });
    if (outcome.ok) state = outcome.state;
    frames.push({ state, up: pairs.faceUp(state, entry.atMs) });
  }
  return {
    unit: 'Flip',
    last: log.length,
    clockMs: (position) => (position <= 0 ? 0 : log[Math.min(position, log.length) - 1]!.atMs),
    at(position) {
      const frame = frames[Math.max(0, Math.min(log.length, position))]!;
      return { state: frame, stats: pairsStats(frame.state) };
    },
  };
};
