import type { BotDice, StepSeeds, TimedInput } from '../game-core';
import { applyMove, isOver, newGame, newGameOn, tilesCore, type TilesState } from './tiles.core';
import { TILES_MOVES, cellsOf, slideCells, type TilesCells, type TilesMove } from './tiles.rules';

export interface TilesBotOptions {
  /** One move in this many is chosen at random among the legal ones (a lapse); the rest follow the corner. */
  lapseOneIn: number;
  /** The pause before each move, from and to, in ms. */
  paceMs: readonly [number, number];
  /**
   * Looks one move ahead: of the corner moves, the one whose board weighs most toward the corner;
   * otherwise the first legal one in the corner order.
   */
  looksAhead?: boolean;
  /** Stops after this many moves. */
  stopAfter?: number;
  /** Stops before a move that would come later on the game clock (at most the core's longest play). */
  maxDurationMs?: number;
}

/** The corner strategy: keep the big tiles in the bottom left corner, moving up only when nothing else plays. */
const CORNER_ORDER: readonly TilesMove[] = ['down', 'left', 'right', 'up'];

/**
 * A scripted honest player of Tile Merge: plays through `applyMove` as the game app does, so its log
 * replays to the state it ends with. Stops when the game is over, after `stopAfter` moves, or when
 * the next move would pass `maxDurationMs`. Plays on a seed, or on a play's step seeds (the blocks a
 * tournament play releases, asked as it plays: step k only once move k is chosen).
 */
export function playTiles(
  seed: string | StepSeeds,
  dice: BotDice,
  options: TilesBotOptions,
): { state: TilesState; log: TimedInput<TilesMove>[] } {
  const stopAfter = options.stopAfter ?? Number.POSITIVE_INFINITY;
  const maxDurationMs = Math.min(options.maxDurationMs ?? tilesCore.maxDurationMs, tilesCore.maxDurationMs);
  const state = typeof seed === 'string' ? newGame(seed) : newGameOn(seed);
  const log: TimedInput<TilesMove>[] = [];
  let atMs = 0;
  while (!isOver(state) && log.length < stopAfter) {
    atMs += dice.int(options.paceMs[0], options.paceMs[1]);
    if (atMs > maxDurationMs) break;
    // Each move tried on a copy of the board's cells (state.board is a fresh array at every read).
    const cells = cellsOf(state.board);
    const after = new Map<TilesMove, TilesCells>();
    for (const move of TILES_MOVES) {
      const next = cells.slice();
      if (slideCells(next, move) >= 0) after.set(move, next);
    }
    const legal = TILES_MOVES.filter((move) => after.has(move));
    const move =
      dice.int(0, options.lapseOneIn - 1) === 0
        ? legal[dice.int(0, legal.length - 1)]!
        : options.looksAhead
          ? heaviestCornerMove(after)
          : CORNER_ORDER.find((candidate) => after.has(candidate))!;
    if (!applyMove(state, move)) throw new Error(`The tiles bot chose an illegal move: ${move}`);
    log.push({ atMs, input: move });
  }
  return { state, log };
}

/**
 * How much each cell's tile counts toward a good board: a snake from the bottom left corner along the
 * bottom row, back along the row above, and so on, each cell worth four times the next.
 */
const CELL_WEIGHT = [0, 1, 2, 3, 7, 6, 5, 4, 8, 9, 10, 11, 15, 14, 13, 12].map((rank) => 4 ** (rank - 8));

/** Of the legal moves but up (the boards they lead to), the one whose board weighs most (up only when nothing else plays). */
function heaviestCornerMove(after: ReadonlyMap<TilesMove, TilesCells>): TilesMove {
  let best: TilesMove | undefined;
  let bestWeight = -1;
  for (const move of CORNER_ORDER) {
    const next = after.get(move);
    if (move === 'up' || !next) continue;
    let weight = 0;
    for (let cell = 0; cell < 16; cell++)
      weight += (next[cell] === 0 ? 0 : 2 ** next[cell]!) * CELL_WEIGHT[cell]!;
    if (weight > bestWeight) [best, bestWeight] = [move, weight];
  }
  return best ?? 'up';
}
