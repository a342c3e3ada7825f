import type { SeededRandom } from '../game-core';

/**
 * The board rules of Tile Merge, on a 4×4 board held as 16 cell values in reading order (row by
 * row, top left first), 0 for an empty cell. These functions work in place because a replay runs
 * thousands of moves and must not allocate a board per move; `slide` is the copying form.
 */

export const TILES_SIZE = 4;
export const TILES_MOVES = ['up', 'down', 'left', 'right'] as const;
export type TilesMove = (typeof TILES_MOVES)[number];

/** For each move, the four lines of cell indices, each listed from the edge the tiles slide to. */
const LINES: Record<TilesMove, readonly (readonly number[])[]> = {
  left: [0, 1, 2, 3].map((row) => [0, 1, 2, 3].map((col) => row * 4 + col)),
  right: [0, 1, 2, 3].map((row) => [3, 2, 1, 0].map((col) => row * 4 + col)),
  up: [0, 1, 2, 3].map((col) => [0, 1, 2, 3].map((row) => row * 4 + col)),
  down: [0, 1, 2, 3].map((col) => [3, 2, 1, 0].map((row) => row * 4 + col)),
};

// One line's result before it is written back; a module buffer, so a move allocates nothing.
const settled = [0, 0, 0, 0];

/**
 * Slides every tile toward the move's edge; two equal tiles that meet merge into one of twice the
 * value, nearest the edge first, and a merged tile does not merge again in the same move.
 * Returns the points gained (the sum of the merged tiles), or -1 when the move changes nothing,
 * in which case the board is left as it was.
 */
export function slideInPlace(board: number[], move: TilesMove): number {
  let gained = 0;
  let changed = false;
  for (const line of LINES[move]) {
    let count = 0;
    let waiting = 0; // the last tile placed, still free to merge with the next one
    for (const index of line) {
      const value = board[index]!;
      if (value === 0) continue;
      if (value === waiting) {
        settled[count++] = value * 2;
        gained += value * 2;
        waiting = 0;
      } else {
        if (waiting !== 0) settled[count++] = waiting;
        waiting = value;
      }
    }
    if (waiting !== 0) settled[count++] = waiting;
    while (count < 4) settled[count++] = 0;
    for (let position = 0; position < 4; position++) {
      const index = line[position]!;
      if (board[index] !== settled[position]) {
        board[index] = settled[position]!;
        changed = true;
      }
    }
  }
  return changed ? gained : -1;
}

/** The board after a move and the points it gains, or null when the move changes nothing. */
export function slide(board: readonly number[], move: TilesMove): { board: number[]; gained: number } | null {
  const next = [...board];
  const gained = slideInPlace(next, move);
  return gained < 0 ? null : { board: next, gained };
}

/** Whether any move changes the board: an empty cell, or two equal tiles side by side. */
export function canMove(board: readonly number[]): boolean {
  for (let index = 0; index < 16; index++) {
    const value = board[index]!;
    if (value === 0) return true;
    if (index % 4 < 3 && board[index + 1] === value) return true;
    if (index < 12 && board[index + 4] === value) return true;
  }
  return false;
}

/**
 * Puts a new tile on an empty cell: the cell drawn uniformly among the empty ones (counted in
 * reading order), then its value, 4 one time in ten, otherwise 2. Does nothing on a full board.
 */
export function spawnTile(board: number[], random: SeededRandom): void {
  let empty = 0;
  for (let index = 0; index < 16; index++) if (board[index] === 0) empty++;
  if (empty === 0) return;
  let pick = random.int(0, empty - 1);
  const value = random.int(0, 9) === 0 ? 4 : 2;
  for (let index = 0; index < 16; index++) {
    if (board[index] !== 0) continue;
    if (pick === 0) {
      board[index] = value;
      return;
    }
    pick--;
  }
}
