import type { BotDice } from '../game-core';

/**
 * The board rules of Tile Merge on a 4×4 board. Cells are in reading order (row by row, top left
 * first). The public helpers take boards of tile values (0 for an empty cell); play and replay work on
 * `TilesCells`, the same board held as exponents (a 2 is 1, a 1024 is 10, empty is 0), in place,
 * because a replay runs thousands of moves and must not allocate a board per move.
 *
 * The slide of one line is looked up rather than computed: four exponents below 16 pack into a 16-bit
 * number, and a table built once from `settleLine` (the plain rule) holds every such line slid, with
 * the points it gains. Lines the table cannot hold (a 32768 tile or larger) take `settleLine` itself.
 */

export const TILES_SIZE = 4;
export const TILES_MOVES = ['up', 'down', 'left', 'right'] as const;
export type TilesMove = (typeof TILES_MOVES)[number];

/** A board as 16 tile exponents (0 for an empty cell), changed in place by play. */
export type TilesCells = Uint8Array;

/**
 * For each move, the cell indices of its four lines one after another, each line listed from the edge
 * the tiles slide to.
 */
const LINE_CELLS: Record<TilesMove, Uint8Array> = {
  left: lineCells((line, position) => line * 4 + position),
  right: lineCells((line, position) => line * 4 + 3 - position),
  up: lineCells((line, position) => position * 4 + line),
  down: lineCells((line, position) => (3 - position) * 4 + line),
};

function lineCells(cellOf: (line: number, position: number) => number): Uint8Array {
  const cells = new Uint8Array(16);
  for (let line = 0; line < 4; line++)
    for (let position = 0; position < 4; position++) cells[line * 4 + position] = cellOf(line, position);
  return cells;
}

/**
 * The plain rule on one line of exponents, listed from the edge the tiles slide to, in place: every
 * tile slides to the edge; two equal tiles that meet merge into one of twice the value, nearest the
 * edge first, and a merged tile does not merge again in the same move. Returns the points gained (the
 * sum of the merged tiles' values).
 */
function settleLine(line: number[]): number {
  let gained = 0;
  let count = 0; // tiles placed so far, from the edge
  let waiting = 0; // the last tile placed, still free to merge with the next one
  for (let position = 0; position < 4; position++) {
    const exponent = line[position]!;
    if (exponent === 0) continue;
    if (exponent === waiting) {
      line[count - 1] = exponent + 1;
      gained += 2 ** (exponent + 1);
      waiting = 0;
    } else {
      line[count++] = exponent;
      waiting = exponent;
    }
  }
  for (let position = count; position < 4; position++) line[position] = 0;
  return gained;
}

/**
 * For every line of four exponents below 16, packed with the edge's exponent in the low 4 bits: the
 * line slid, packed the same way, and the points gained. Where a merge would make an exponent of 16
 * (two 32768 tiles), the slid line is NOT_IN_TABLE: 0xffff (four 32768 tiles) is never what a slide
 * leaves, since those four would merge. Built when the module loads: 384 KB, some 10 to 30 ms once.
 */
const NOT_IN_TABLE = 0xffff;
const SLID_LINE = new Uint16Array(1 << 16);
const LINE_GAINED = new Uint32Array(1 << 16);
{
  const line = [0, 0, 0, 0];
  for (let packed = 0; packed < 1 << 16; packed++) {
    for (let position = 0; position < 4; position++) line[position] = (packed >> (4 * position)) & 15;
    LINE_GAINED[packed] = settleLine(line);
    const [e0, e1, e2, e3] = line as [number, number, number, number];
    SLID_LINE[packed] = (e0 | e1 | e2 | e3) > 15 ? NOT_IN_TABLE : e0 | (e1 << 4) | (e2 << 8) | (e3 << 12);
  }
}

/**
 * Slides the board in place by the rules of `settleLine`. Returns the points gained, or -1 when the
 * move changes nothing, in which case the board is left as it was.
 */
export function slideCells(cells: TilesCells, move: TilesMove): number {
  return slideCellsAlong(cells, LINE_CELLS[move]);
}

/** The cell order `slideCellsAlong` takes for a move: its four lines, each from the edge slid to. */
export const lineOrderOf = (move: TilesMove): Uint8Array => LINE_CELLS[move];

/**
 * `slideCells` given the move's cell order (`lineOrderOf`): a replay looks each move's order up once by
 * its packed code, not by its name on every move.
 */
export function slideCellsAlong(cells: TilesCells, order: Uint8Array): number {
  let gained = 0;
  let changed = false;
  for (let start = 0; start < 16; start += 4) {
    // Plain locals, not destructuring: this loop runs four times per move of every replay.
    const at0 = order[start]!;
    const at1 = order[start + 1]!;
    const at2 = order[start + 2]!;
    const at3 = order[start + 3]!;
    const e0 = cells[at0]!;
    const e1 = cells[at1]!;
    const e2 = cells[at2]!;
    const e3 = cells[at3]!;
    const packed = e0 | (e1 << 4) | (e2 << 8) | (e3 << 12);
    const slid = (e0 | e1 | e2 | e3) > 15 ? NOT_IN_TABLE : SLID_LINE[packed]!;
    if (slid === NOT_IN_TABLE) {
      // Checked first: a line of four 32768 tiles packs to NOT_IN_TABLE itself.
      const lineGained = settleUncommonLine(cells, order.subarray(start, start + 4));
      if (lineGained < 0) continue;
      gained += lineGained;
    } else {
      if (slid === packed) continue;
      cells[at0] = slid & 15;
      cells[at1] = (slid >> 4) & 15;
      cells[at2] = (slid >> 8) & 15;
      cells[at3] = slid >> 12;
      gained += LINE_GAINED[packed]!;
    }
    changed = true;
  }
  return changed ? gained : -1;
}

/** One line the table cannot hold, slid by the plain rule: the points gained, or -1 when it does not change. */
function settleUncommonLine(cells: TilesCells, indices: Uint8Array): number {
  const line = Array.from(indices, (cell) => cells[cell]!);
  const gained = settleLine(line);
  if (line.every((exponent, position) => exponent === cells[indices[position]!])) return -1;
  line.forEach((exponent, position) => (cells[indices[position]!] = exponent));
  return gained;
}

/** Whether any move changes the board: an empty cell, or two equal tiles side by side. */
export function cellsCanMove(cells: TilesCells): boolean {
  for (let index = 0; index < 16; index++) {
    const exponent = cells[index]!;
    if (exponent === 0) return true;
    if (index % 4 < 3 && cells[index + 1] === exponent) return true;
    if (index < 12 && cells[index + 4] === exponent) return true;
  }
  return false;
}

/**
 * Puts a new tile on an empty cell: the cell drawn uniformly among the empty ones (counted in
 * reading order), then its value, 4 one time in ten, otherwise 2. Does nothing on a full board.
 * Returns how many cells are left empty.
 */
export function spawnTile(cells: TilesCells, random: BotDice): number {
  let empty = 0;
  for (let index = 0; index < 16; index++) if (cells[index] === 0) emptyCells[empty++] = index;
  if (empty === 0) return 0;
  const cell = emptyCells[random.int(0, empty - 1)]!;
  cells[cell] = random.int(0, 9) === 0 ? 2 : 1;
  return empty - 1;
}

// The empty cells in reading order, listed by spawnTile; a module buffer, so a move allocates nothing.
const emptyCells = new Uint8Array(16);

/** The exponents of a board of tile values (each 0 or a power of two). */
export function cellsOf(board: readonly number[]): TilesCells {
  return Uint8Array.from(board, (value) => (value === 0 ? 0 : Math.log2(value)));
}

/** The tile values of a board of exponents. */
export function boardOf(cells: TilesCells): number[] {
  return Array.from(cells, (exponent) => (exponent === 0 ? 0 : 2 ** exponent));
}

/** The board after a move and the points it gains, or null when the move changes nothing. */
export function slide(board: readonly number[], move: TilesMove): { board: number[]; gained: number } | null {
  const cells = cellsOf(board);
  const gained = slideCells(cells, move);
  return gained < 0 ? null : { board: boardOf(cells), gained };
}

/** Whether any move changes the board: an empty cell, or two equal tiles side by side. */
export function canMove(board: readonly number[]): boolean {
  return cellsCanMove(cellsOf(board));
}
