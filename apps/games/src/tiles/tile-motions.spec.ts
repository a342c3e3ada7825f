import { tiles } from '@arena/games';
import { tileMotions } from './tile-motions';

/** The board the motions describe: every tile at its destination, merged tiles doubled. */
function boardAfter(board: readonly number[], move: tiles.TilesMove): number[] {
  const after = Array.from({ length: 16 }, () => 0);
  for (const motion of tileMotions(board, move)) {
    after[motion.to] = motion.merged ? after[motion.to]! * 2 : board[motion.from]!;
  }
  return after;
}

describe('tileMotions', () => {
  it('slides and merges a row the way the core does', () => {
    const board = [2, 2, 2, 2, 0, 4, 0, 4, 8, 0, 0, 0, 0, 0, 0, 2];
    expect(tileMotions(board, 'left').filter((motion) => motion.from < 4)).toEqual([
      { from: 0, to: 0, merged: false },
      { from: 1, to: 0, merged: true },
      { from: 2, to: 1, merged: false },
      { from: 3, to: 1, merged: true },
    ]);
    expect(boardAfter(board, 'left')).toEqual(tiles.slide(board, 'left')!.board);
  });

  it('lands on the core board for every move of boards played from many seeds', () => {
    for (let seed = 0; seed < 20; seed++) {
      const state = tiles.newGame(`motions-${seed}`);
      for (let step = 0; step < 120 && !tiles.isOver(state); step++) {
        for (const move of tiles.TILES_MOVES) {
          const slid = tiles.slide(state.board, move);
          if (slid) expect(boardAfter(state.board, move)).toEqual(slid.board);
        }
        tiles.applyMove(
          state,
          tiles.TILES_MOVES.find((move) => tiles.slide(state.board, move))!,
        );
      }
    }
  });
});
