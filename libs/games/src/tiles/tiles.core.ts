import { z } from 'zod';
import {
  ReseedableRandom,
  SeededRandom,
  checkInputClock,
  type BotDice,
  type GameCore,
  type KeystreamRules,
  type ReplayVerdict,
  type StepSeeds,
  type TimedInput,
} from '../game-core';
import { PLAY_LOG_MAX_INPUTS } from '@arena/contracts/packed-log';
import { PACKED_INPUT_CODES, PackedLogReader } from '../input-log/packed-log';
import {
  TILES_MOVES,
  boardOf,
  cellsCanMove,
  lineOrderOf,
  slideCellsAlong,
  spawnTile,
  type TilesCells,
  type TilesMove,
} from './tiles.rules';

/**
 * Tile Merge (slug `tiles`): turn-based sliding tiles in the manner of 2048.
 *
 * Rules. A 4×4 board starts with two tiles. Each move slides every tile up, down, left or right;
 * two equal tiles that meet merge into one of twice the value (nearest the edge first, once per
 * move), and the merged value is added to the score, so the score is the sum of all merges.
 * After every move that changes the board, one new tile appears on a random empty cell: 2, or
 * 4 one time in ten, drawn from the play's seed. The game is over when no move changes the board
 * (the play is then `completed`); a play may also stop earlier, and its score still counts.
 *
 * Input language. One input is one move: the string 'up', 'down', 'left' or 'right'
 * (`parseInput` checks it). A move that changes nothing is an illegal input: the game app simply
 * does not record it, and a log holding one does not replay.
 *
 * Clock. The game has no clock of its own: each move is stamped with `atMs`, the ms since the
 * play started, used only for the fair-play limits (order, rate, longest play); `durationMs` of
 * a replay is the stamp of its last move (0 with no move), and `ticks` is the number of moves.
 *
 * Live play. `newGame(seed)` then `applyMove(state, move)` per key or swipe; `isOver(state)`,
 * `scoreOf(state)` and `state.board` for the screen. The state is changed in place (it carries
 * the seeded generator); `state.board` is a fresh copy of the board at each read.
 *
 * Randomness released step by step (issue 21). In a tournament play the server keeps the seed as the
 * key of a keystream (AES-128-CTR, computed on the server only): block 0 seeds the two opening tiles
 * (`newGameOn`), block `k` the tile after move `k`, each from its own SeededRandom. The client asks for
 * block 0 with the input `'open'` (TILES_OPEN), then for block `k` with move `k`, through
 * `POST /api/plays/{playId}/release`; the server records the move before it answers, and the result's log
 * must be the released moves in order (`tilesKeystream.logRefusal`). So no spawn is known before the
 * move it follows is fixed. A demo (and `tilesCore.replay`, for bots and benchmarks) draws every tile
 * from one generator seeded once, as before.
 */

export interface TilesState {
  /** 16 cell values in reading order (row by row, top left first), 0 for empty; a copy. */
  readonly board: readonly number[];
  readonly score: number;
  /** Moves applied so far. */
  readonly moves: number;
  readonly over: boolean;
}

/**
 * The whole state, with the generator the next tiles come from; only this module writes it. A class,
 * so every play's state has the same shape and the replay loop stays fast over thousands of plays.
 */
class TilesGame implements TilesState {
  /** The board as exponents, played in place (tiles.rules.ts); `board` reads it as values. */
  readonly cells: TilesCells = new Uint8Array(16);
  score = 0;
  moves = 0;
  over = false;

  /** A released keystream's generator, seeded again in place at each step (no allocation per move). */
  private readonly stepRandom: ReseedableRandom | null;

  /** One generator for the whole play (a seed), or a 32-bit seed per step (a released keystream). */
  constructor(private readonly source: SeededRandom | ((step: number) => number)) {
    this.stepRandom = typeof source === 'function' ? new ReseedableRandom(0) : null;
  }

  /**
   * The generator of step `step`: 0 opens the play, k draws the tile after move k. With step seeds it
   * is the same numbers as `new SeededRandom(seed)`, from one generator seeded again, valid until the
   * next call.
   */
  randomFor(step: number): BotDice {
    const { source, stepRandom } = this;
    return stepRandom === null
      ? (source as SeededRandom)
      : stepRandom.reseed((source as (step: number) => number)(step));
  }

  get board(): number[] {
    return boardOf(this.cells);
  }
}

export const tilesMoveSchema = z.enum(TILES_MOVES);

/** A new play: an empty board with its first two tiles drawn from the seed. */
export function newGame(seed: string): TilesState {
  return opened(new TilesGame(new SeededRandom(seed)));
}

/**
 * A new play whose randomness comes a step at a time (a tournament play: the server's released blocks,
 * 32 hex digits each): `seeds(0)` draws the opening tiles now, `seeds(k)` the tile after move k when it
 * is played, each from a generator seeded with the block's first 32 bits (`blockSeed`).
 */
export function newGameOn(seeds: StepSeeds): TilesState {
  return opened(new TilesGame((step) => blockSeed(seeds(step))));
}

/**
 * A new play on the 32 bits each step's generator is seeded with (`seedOf(k)`: what the server's replay
 * uses, and what a verified run carries to be watched, issue 23): the same tiles as `newGameOn` on the
 * blocks those bits were read from.
 */
export function newGameOnStepSeeds(seedOf: (step: number) => number): TilesState {
  return opened(new TilesGame(seedOf));
}

/** The 32 bits of a block (its first 8 hex digits, big-endian, signed) a step's generator is seeded with. */
export function blockSeed(block: string): number {
  return parseInt(block.slice(0, 8), 16) | 0;
}

function opened(state: TilesGame): TilesGame {
  const random = state.randomFor(0);
  spawnTile(state.cells, random);
  spawnTile(state.cells, random);
  return state;
}

/** The input that asks for a play's opening (release step 0): no move comes before it. */
export const TILES_OPEN = 'open';

/**
 * Plays one move. Returns false, changing nothing, when the game is over or the move does not
 * change the board (an illegal input, never recorded); true when it was played.
 */
export function applyMove(state: TilesState, move: TilesMove): boolean {
  return playAlong(state as TilesGame, lineOrderOf(move));
}

/** `applyMove` given the move's cell order (`lineOrderOf`). */
function playAlong(game: TilesGame, order: Uint8Array): boolean {
  if (game.over) return false;
  const gained = slideCellsAlong(game.cells, order);
  if (gained < 0) return false;
  game.score += gained;
  game.moves++;
  // With a cell still empty some move plays: the neighbours need looking at only on a full board.
  game.over = spawnTile(game.cells, game.randomFor(game.moves)) === 0 && !cellsCanMove(game.cells);
  return true;
}

export const isOver = (state: TilesState): boolean => state.over;
export const scoreOf = (state: TilesState): number => state.score;

const MOVES: ReadonlySet<unknown> = new Set(TILES_MOVES);

export const tilesCore: GameCore<TilesMove> = {
  slug: 'tiles',
  name: 'Tile Merge',
  resultKind: 'SCORE',
  // A long game of 2048 takes a strong player well over ten minutes; half an hour bounds a replay.
  maxDurationMs: 30 * 60 * 1000,
  maxInputsPerSecond: 10,

  parseInput(value: unknown): TilesMove | null {
    const parsed = tilesMoveSchema.safeParse(value);
    return parsed.success ? parsed.data : null;
  },

  replay(seed: string, log: readonly TimedInput<TilesMove>[]): ReplayVerdict {
    if (typeof seed !== 'string') return { valid: false, reason: 'The seed is not a string' };
    return replayFrom(() => newGame(seed), log);
  },

  keystream: tilesKeystream(),
};

/** The server's side of released randomness (see the top of this file). */
function tilesKeystream(): KeystreamRules {
  return {
    releaseInput(step, input) {
      if (step === 0) return input === TILES_OPEN ? TILES_OPEN : null;
      return typeof input === 'string' && MOVES.has(input) ? input : null;
    },
    replayOn(blocks, log) {
      if (!Array.isArray(log)) return { valid: false, reason: 'The input log is not a list' };
      if (blocks.length < log.length + 1)
        return { valid: false, reason: 'The log has more moves than steps' };
      const seedOf =
        blocks instanceof Int32Array
          ? (step: number) => blocks[step]!
          : (step: number) => blockSeed(blocks[step]!);
      return replayFrom(() => newGameOnStepSeeds(seedOf), log as readonly TimedInput<TilesMove>[]);
    },
    replayPacked: replayPackedOn,
    releasesOf: (_seeds, log) => [TILES_OPEN, ...log.map((entry) => String(entry.input))],
    logRefusal(log, released) {
      if (log.length > 0 && released[0] !== TILES_OPEN) return 'The play was not opened by the server';
      for (let index = 0; index < log.length; index++) {
        const entry: unknown = log[index];
        const input =
          typeof entry === 'object' && entry !== null ? (entry as { input?: unknown }).input : undefined;
        if (typeof input !== 'string' || input !== released[index + 1])
          return `Input ${index} is not the move the server released`;
      }
      return null;
    },
  };
}

/** Replays a whole play from the state `start` opens (one generator, or step seeds). */
function replayFrom(start: () => TilesState, log: readonly TimedInput<TilesMove>[]): ReplayVerdict {
  // The log comes from the network: refuse a wrong shape here rather than throw below.
  if (!Array.isArray(log)) return { valid: false, reason: 'The input log is not a list' };
  for (let index = 0; index < log.length; index++) {
    const entry: unknown = log[index];
    if (typeof entry !== 'object' || entry === null)
      return { valid: false, reason: `Input ${index} is malformed` };
  }
  const clock = checkInputClock(log, tilesCore);
  if (clock) return { valid: false, reason: clock };

  const state = start();
  for (let index = 0; index < log.length; index++) {
    const input = log[index]!.input;
    if (state.over) return { valid: false, reason: `Input ${index} comes after the game is over` };
    // The set, not zod, checks each move: same answer as parseInput, without its cost per move.
    if (!MOVES.has(input)) return { valid: false, reason: `Input ${index} is not a move` };
    if (!applyMove(state, input)) return { valid: false, reason: `Input ${index} does not change the board` };
  }
  return {
    valid: true,
    result: {
      score: state.score,
      completed: state.over,
      durationMs: log.length === 0 ? 0 : log[log.length - 1]!.atMs,
      ticks: log.length,
    },
  };
}

/** The moves of a packed log's codes (the packed format's table, version 1). */
const MOVE_OF_CODE = PACKED_INPUT_CODES.tiles.inputs as readonly TilesMove[];

/** The cell order of each packed code's move. */
const ORDER_OF_CODE = MOVE_OF_CODE.map(lineOrderOf);

/**
 * A packed log's move codes, read before its replay: one buffer for every replay (40 KB), as no replay
 * waits; made on the first, since the game frame and the web app, which bundle this core, never replay one.
 */
let loggedCodesBuffer: Uint8Array | null = null;

/**
 * A packed log checked and replayed straight from its bytes (`KeystreamRules.replayPacked`): the verdict,
 * reason for reason, of `decodePackedLog`, `logRefusal`, then `replayOn` on `log.length + 1` blocks, without
 * a list of 3,000 input objects or the checks' separate passes over it. One pass reads the bytes and checks
 * the releases and the clock, keeping each input's code; the replay then runs over the codes. Two passes,
 * not one, so a log that is not the released moves, or too fast, never costs a cipher call, as before. The
 * first refusal of each kind is kept, and the kinds rank as the old path checked them: the bytes (all of
 * them), the releases, the clock, the replay.
 */
function replayPackedOn(
  packed: string,
  released: readonly string[],
  blocksFor: (count: number) => Int32Array,
): { verdict: ReplayVerdict; blocks: Int32Array | null } {
  const reader = PackedLogReader.open('tiles', packed);
  const loggedCodes = (loggedCodesBuffer ??= new Uint8Array(PLAY_LOG_MAX_INPUTS));
  const { maxDurationMs, maxInputsPerSecond } = tilesCore;
  // The stamps of the last maxInputsPerSecond inputs, for checkInputClock's rate window.
  const window = new Float64Array(maxInputsPerSecond);
  let slot = 0; // the window's oldest stamp, that of input index - maxInputsPerSecond
  let releaseRefusal: string | null = null;
  let clockRefusal: string | null = null;
  while (reader.next()) {
    const { index, atMs, code } = reader;
    loggedCodes[index] = code;
    if (releaseRefusal === null) {
      if (index === 0 && released[0] !== TILES_OPEN) releaseRefusal = 'The play was not opened by the server';
      else if (MOVE_OF_CODE[code] !== released[index + 1])
        releaseRefusal = `Input ${index} is not the move the server released`;
    }
    // checkInputClock's checks. Its first (whole ms, in order) always holds: a packed log's stamps are sums
    // of at most 40,000 steps below 2^28.
    if (clockRefusal === null) {
      if (atMs > maxDurationMs) clockRefusal = `Input ${index} comes after the longest play allowed`;
      else if (index >= maxInputsPerSecond && atMs - window[slot]! < 1000)
        clockRefusal = `Inputs come faster than ${maxInputsPerSecond} a second`;
    }
    window[slot] = atMs;
    slot = slot + 1 === maxInputsPerSecond ? 0 : slot + 1;
  }
  const refusal = reader.refusal ?? releaseRefusal ?? clockRefusal;
  if (refusal !== null) return { verdict: { valid: false, reason: refusal }, blocks: null };

  const moves = reader.index + 1;
  const blocks = blocksFor(moves + 1);
  const state = new TilesGame((step) => blocks[step]!);
  opened(state);
  for (let index = 0; index < moves; index++) {
    if (state.over) return refused(`Input ${index} comes after the game is over`);
    if (!playAlong(state, ORDER_OF_CODE[loggedCodes[index]!]!))
      return refused(`Input ${index} does not change the board`);
  }
  const result = { score: state.score, completed: state.over, durationMs: reader.atMs, ticks: moves };
  return { verdict: { valid: true, result }, blocks };
}

function refused(reason: string): { verdict: ReplayVerdict; blocks: null } {
  return { verdict: { valid: false, reason }, blocks: null };
}
