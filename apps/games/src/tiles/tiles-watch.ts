import { tiles } from '@arena/games';
import type { Stat } from '../shared/game-bar';
import type { TimelineBuilder } from '../shared/run-watch';

/** What a position of a watched Tile Merge run shows: the board (16 values, 0 for empty) and the score. */
export interface TilesWatchState {
  board: readonly number[];
  score: number;
}

export const tilesStats = (state: TilesWatchState): Stat[] => [
  { label: 'Score', value: state.score.toLocaleString('en-US'), live: false },
  { label: 'Top tile', value: String(Math.max(...state.board)), live: false },
];

/**
 * A verified Tile Merge run, one position per move: its core opened on the run's step seeds and each
 * move of the log applied, as the server's replay does. The boards are kept (16 numbers a move), so the
 * scrubber jumps to any move at once.
 */
export const tilesTimeline: TimelineBuilder<TilesWatchState> = (material, log) => {
  const seeds = material.stepSeeds ?? [];
  const state = tiles.newGameOnStepSeeds((step) => seeds[step] ?? 0);
  const frames: TilesWatchState[] = [{ board: state.board, score: state.score }];
  for (const entry of log) {
    tiles.applyMove(state, entry.input as tiles.TilesMove);
    frames.push({ board: state.board, score: state.score });
  }
  return {
    unit: 'Move',
    last: log.length,
    clockMs: (position) => (position <= 0 ? 0 : log[Math.min(position, log.length) - 1]!.atMs),
    at(position) {
      const frame = frames[Math.max(0, Math.min(log.length, position))]!;
      return { state: frame, stats: tilesStats(frame) };
    },
  };
};
