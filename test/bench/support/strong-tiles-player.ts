import { tiles, type StepSeeds, type TimedInput } from '@arena/games';

/**
 * A strong Tile Merge player for the replay benchmark, far beyond the honest bot: it looks two moves
 * ahead, averaging over every tile that may appear in between (expectimax), so its games last
 * thousands of moves, which a long worst-case log needs. It knows nothing a player could not see.
 */

/**
 * A board's worth, line by line (rows and columns): empty cells and neighbours ready to merge are
 * good, lines that go up and down are bad, and so are many big tiles (the weights are the
 * well-known ones of nneonneo's 2048 AI, on tile exponents).
 */
function worth(board: readonly number[]): number {
  let total = 0;
  const line = [0, 0, 0, 0];
  for (let first = 0; first < 4; first++) {
    for (let position = 0; position < 4; position++) line[position] = exponent(board[first * 4 + position]!);
    total += lineWorth(line);
    for (let position = 0; position < 4; position++) line[position] = exponent(board[position * 4 + first]!);
    total += lineWorth(line);
  }
  return total;
}

const exponent = (value: number) => (value === 0 ? 0 : Math.log2(value));

function lineWorth(line: readonly number[]): number {
  let sum = 0;
  let empty = 0;
  let merges = 0;
  let previous = 0;
  let counter = 0;
  for (const rank of line) {
    sum += rank ** 3.5;
    if (rank === 0) {
      empty++;
      continue;
    }
    if (previous === rank) counter++;
    else if (counter > 0) {
      merges += 1 + counter;
      counter = 0;
    }
    previous = rank;
  }
  if (counter > 0) merges += 1 + counter;
  let towardLeft = 0;
  let towardRight = 0;
  for (let position = 1; position < 4; position++) {
    const [a, b] = [line[position - 1]!, line[position]!];
    if (a > b) towardLeft += a ** 4 - b ** 4;
    else towardRight += b ** 4 - a ** 4;
  }
  return 200_000 + 270 * empty + 700 * merges - 47 * Math.min(towardLeft, towardRight) - 11 * sum;
}

/** The best worth reachable in `depth` more moves, each new tile averaged over its cells and values. */
function bestWorth(board: readonly number[], depth: number): number {
  let best = 0;
  for (const move of tiles.TILES_MOVES) {
    const slid = tiles.slide(board, move);
    if (slid) best = Math.max(best, depth === 0 ? worth(slid.board) : expectedWorth(slid.board, depth));
  }
  return best;
}

function expectedWorth(board: readonly number[], depth: number): number {
  let total = 0;
  let cells = 0;
  const next = [...board];
  for (let cell = 0; cell < 16; cell++) {
    if (board[cell] !== 0) continue;
    cells++;
    next[cell] = 2;
    total += 0.9 * bestWorth(next, depth - 1);
    next[cell] = 4;
    total += 0.1 * bestWorth(next, depth - 1);
    next[cell] = 0;
  }
  return cells === 0 ? 0 : total / cells;
}

/** The move with the best expected worth two moves on; null when no move plays. */
function strongMove(board: readonly number[]): tiles.TilesMove | null {
  let best: tiles.TilesMove | null = null;
  let bestScore = -1;
  for (const move of tiles.TILES_MOVES) {
    const slid = tiles.slide(board, move);
    if (!slid) continue;
    const score = expectedWorth(slid.board, 1);
    if (score > bestScore) [best, bestScore] = [move, score];
  }
  return best;
}

/**
 * Plays `seed` (or a play's step seeds: its keystream's blocks) until the game is over or the next move would come after `maxDurationMs`; `gapMs`
 * gives the pause before each move.
 */
export function playStrongTiles(
  seed: string | StepSeeds,
  gapMs: () => number,
  maxDurationMs: number,
): TimedInput<tiles.TilesMove>[] {
  const state = typeof seed === 'string' ? tiles.newGame(seed) : tiles.newGameOn(seed);
  const log: TimedInput<tiles.TilesMove>[] = [];
  let atMs = 0;
  while (!tiles.isOver(state)) {
    atMs += gapMs();
    if (atMs > maxDurationMs) break;
    const move = strongMove(state.board)!;
    tiles.applyMove(state, move);
    log.push({ atMs, input: move });
  }
  return log;
}
