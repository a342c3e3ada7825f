import { tiles } from '@arena/games';

/** Where one tile of the board goes in a move: `merged` when it ends under another tile of its value. */
export interface TileMotion {
  from: number;
  to: number;
  merged: boolean;
}

const SIZE = tiles.TILES_SIZE;

/** The cell indices of each line of the move, listed from the edge the tiles slide to. */
function linesOf(move: tiles.TilesMove): number[][] {
  const positions = [0, 1, 2, 3];
  const fromEdge = move === 'right' || move === 'down' ? [3, 2, 1, 0] : positions;
  const horizontal = move === 'left' || move === 'right';
  return positions.map((line) =>
    fromEdge.map((step) => (horizontal ? line * SIZE + step : step * SIZE + line)),
  );
}

/**
 * How each tile travels in a move, for the slide animation only (the core decides the board): tiles
 * close up toward the edge, and two equal tiles that meet end on one cell, nearest the edge first,
 * each tile merging at most once. The spec checks it lands on the board the core computes.
 */
export function tileMotions(board: readonly number[], move: tiles.TilesMove): TileMotion[] {
  const motions: TileMotion[] = [];
  for (const line of linesOf(move)) {
    let next = 0;
    let waiting: { value: number; at: number } | null = null; // the last tile placed, still free to merge
    for (const index of line) {
      const value = board[index]!;
      if (value === 0) continue;
      if (waiting && waiting.value === value) {
        motions.push({ from: index, to: waiting.at, merged: true });
        waiting = null;
      } else {
        const at = line[next++]!;
        motions.push({ from: index, to: at, merged: false });
        waiting = { value, at };
      }
    }
  }
  return motions;
}
