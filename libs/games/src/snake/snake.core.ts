import { SNAKE_MAX_RELEASE_TURNS } from '@arena/contracts/releases';
import { z } from 'zod';
import {
  checkInputClock,
  type GameCore,
  type KeystreamRules,
  type ReplayVerdict,
  type TimedInput,
} from '../game-core';
import {
  SNAKE_DIRECTIONS,
  SNAKE_MAX_TICKS,
  SNAKE_TICK_MS,
  advanceSnake,
  newSnakeGame,
  newSnakeGameOn,
  snakeClockMs,
  snakeScore,
  turnSnake,
  type SnakeDirection,
  type SnakeFoodSeeds,
  type SnakeState,
} from './snake.rules';

/**
 * Snake's core for replay (rules, input language and clock: `snake.rules.ts`). A replay applies every
 * input as a renderer does, then lets the snake run on until the game is over: after its last turn a
 * snake goes straight into a wall within 20 ticks, so every play ends by the rules and a play stopped
 * early scores what it had eaten (and whatever lies straight ahead).
 *
 * Food released step by step (issue 21). In a tournament play the server keeps the seed as the key of a
 * keystream (AES-128-CTR, on the server only): block k seeds food k (`newSnakeGameOn`). The client asks
 * for block 0 with the input `open` (SNAKE_OPEN) before the run, then, when food k - 1 was eaten at tick
 * t and tick t + 1 has run, for block k with a release input saying so: `<t>:<turns>`, the turns logged
 * since the last release, each `<atMs><u|r|d|l>`, comma-separated (`snakeReleaseInput`), which are every
 * turn stamped before tick t + 1 (they alone decide where the snake is when food k is drawn, at the start
 * of tick t + 2). The server records the input before it answers. The result's log must hold exactly the
 * released turns before each release's boundary, and its replay must eat food k - 1 at the tick release
 * k claimed (`snakeCore.keystream`): a client that lied to get a block early fails its own result. A food
 * whose block was never released is never drawn: the snake runs on without it. A demo (and
 * `snakeCore.replay`, for bots and benchmarks) draws every food from one generator seeded once.
 */

const snakeInput = z.enum(SNAKE_DIRECTIONS);
const DIRECTIONS: ReadonlySet<unknown> = new Set(SNAKE_DIRECTIONS);

export const snakeCore: GameCore<SnakeDirection> = {
  slug: 'snake',
  name: 'Snake',
  resultKind: 'SCORE',
  maxDurationMs: SNAKE_MAX_TICKS * SNAKE_TICK_MS,
  // Eight ticks a second and two waiting turns: twenty key presses a second is beyond any honest play.
  maxInputsPerSecond: 20,
  parseInput(value: unknown): SnakeDirection | null {
    const parsed = snakeInput.safeParse(value);
    return parsed.success ? parsed.data : null;
  },
  // Never `this`: a caller may hold replay on its own.
  replay(seed: string, log: readonly TimedInput<SnakeDirection>[]): ReplayVerdict {
    return replayFrom(newSnakeGame(seed), log, null);
  },
  keystream: snakeKeystream(),
};

/** The input of release 0: the first food, before any turn. */
export const SNAKE_OPEN = 'open';

const LETTER: Record<SnakeDirection, string> = { up: 'u', right: 'r', down: 'd', left: 'l' };
const FROM_LETTER: Record<string, SnakeDirection> = { u: 'up', r: 'right', d: 'down', l: 'left' };

/** The release input for food k: k - 1 eaten at tick `eatenAt`, `turns` logged since the last release. */
export function snakeReleaseInput(eatenAt: number, turns: readonly TimedInput<SnakeDirection>[]): string {
  return `${eatenAt}:${turns.map((turn) => `${turn.atMs}${LETTER[turn.input]}`).join(',')}`;
}

interface SnakeRelease {
  eatenAt: number;
  turns: TimedInput<SnakeDirection>[];
}

/**
 * A release input read back, or null when it is not one written as snakeReleaseInput writes it: the
 * contract's SNAKE_RELEASE_FORMAT, at most SNAKE_MAX_RELEASE_TURNS turns, and one spelling per release (no
 * leading zeros), so the same release is always the same string. Read a character at a time, with no
 * regular expression, split or string built: the server reads every release of a play twice per result.
 */
function parseRelease(input: string): SnakeRelease | null {
  const end = input.length;
  let at = 0;
  const readNumber = (maxDigits: number): number => {
    const from = at;
    let value = 0;
    while (at < end) {
      const digit = input.charCodeAt(at) - 48;
      if (digit < 0 || digit > 9) break;
      value = value * 10 + digit;
      at++;
    }
    const digits = at - from;
    // No digit, too many, or a leading zero before another digit: not the one spelling.
    if (digits === 0 || digits > maxDigits || (digits > 1 && input.charCodeAt(from) === 48)) return -1;
    return value;
  };
  const eatenAt = readNumber(5);
  if (eatenAt < 0 || input.charCodeAt(at) !== 58 /* : */) return null;
  at++;
  const turns: TimedInput<SnakeDirection>[] = [];
  while (at < end) {
    if (turns.length > 0 && input.charCodeAt(at++) !== 44 /* , */) return null;
    const atMs = readNumber(7);
    const direction = at < end ? DIRECTION_OF_LETTER[input.charCodeAt(at++)] : undefined;
    if (atMs < 0 || direction === undefined) return null;
    if (turns.length === SNAKE_MAX_RELEASE_TURNS) return null;
    turns.push({ atMs, input: direction });
  }
  return { eatenAt, turns };
}

/** The direction of each letter's char code (u, r, d, l); undefined for any other. */
const DIRECTION_OF_LETTER: (SnakeDirection | undefined)[] = [];
for (const [letter, direction] of Object.entries(FROM_LETTER))
  DIRECTION_OF_LETTER[letter.charCodeAt(0)] = direction;

/**
 * The release inputs an honest client sends for a log played on `seeds` (every block it needs): `open`,
 * then one for each food eaten while the snake lives on to the tick after. For bots and specs.
 */
export function snakeReleasesOf(seeds: SnakeFoodSeeds, log: readonly TimedInput<SnakeDirection>[]): string[] {
  const releases = [SNAKE_OPEN];
  const state = newSnakeGameOn(seeds);
  let sent = 0;
  const tickByTick = (toMs: number, logged: number) => {
    const due = Math.min(Math.floor(toMs / SNAKE_TICK_MS), SNAKE_MAX_TICKS);
    while (state.end === null && state.tick < due) {
      const before = state.tick;
      advanceSnake(state, (state.tick + 1) * SNAKE_TICK_MS);
      if (state.tick === before) return; // waits for a food not given
      if (snakeReleaseDue(state, releases.length)) {
        releases.push(snakeReleaseInput(state.lastEatTick, log.slice(sent, logged)));
        sent = logged;
      }
    }
  };
  for (let index = 0; index < log.length; index++) {
    tickByTick(log[index]!.atMs, index);
    if (turnSnake(state, log[index]!.input) !== null) break;
  }
  tickByTick(snakeCore.maxDurationMs, log.length);
  return releases;
}

/**
 * True when a client that has `released` releases (the opening included) should ask for the next: the
 * snake ate the food before it, lives, and tick t + 1 after the eating tick t has run, so every turn
 * stamped before it is logged.
 */
export function snakeReleaseDue(state: SnakeState, released: number): boolean {
  return state.end === null && state.eaten >= released && state.tick >= state.lastEatTick + 1;
}

/** The server's side of released food (see the top of this file). */
function snakeKeystream(): KeystreamRules {
  return {
    releaseInput(step, input) {
      if (typeof input !== 'string') return null;
      if (step === 0) return input === SNAKE_OPEN ? SNAKE_OPEN : null;
      return parseRelease(input) === null ? null : input;
    },
    blocksNeeded: (_log, released) => released.length,
    releasesOf: (seeds, log) =>
      snakeReleasesOf(
        (food) => {
          const block = seeds(food) as string | undefined;
          return block === undefined ? undefined : snakeBlockSeed(block);
        },
        log as readonly TimedInput<SnakeDirection>[],
      ),
    replayOn(blocks, log, released = []) {
      const seedOf =
        blocks instanceof Int32Array
          ? (food: number) => (food < blocks.length ? blocks[food]! : null)
          : (food: number) => (food < blocks.length ? snakeBlockSeed(blocks[food]!) : null);
      const eats = released.slice(1).map((input) => parseRelease(input)?.eatenAt ?? -1);
      return replayFrom(newSnakeGameOn(seedOf), log as readonly TimedInput<SnakeDirection>[], eats);
    },
    logRefusal(log, released) {
      if (!Array.isArray(log)) return 'The input log is not a list';
      if (released.length > 0 && released[0] !== SNAKE_OPEN) return 'The play was not opened by the server';
      let index = 0;
      let from = 0;
      let lastEat = -1;
      for (let step = 1; step < released.length; step++) {
        const release = parseRelease(released[step]!);
        if (release === null || release.eatenAt <= lastEat)
          return `Release ${step} is not one the game makes`;
        const boundary = (release.eatenAt + 1) * SNAKE_TICK_MS;
        for (const turn of release.turns) {
          const entry: unknown = log[index];
          const logged =
            typeof entry === 'object' && entry !== null ? (entry as Partial<TimedInput<unknown>>) : null;
          if (
            logged === null ||
            logged.atMs !== turn.atMs ||
            logged.input !== turn.input ||
            turn.atMs < from ||
            turn.atMs >= boundary
          ) {
            return `Input ${index} is not the turn the server recorded before releasing food ${step}`;
          }
          index++;
        }
        // No turn the server was not told of may come before the boundary of a release.
        const next: unknown = log[index];
        const nextAt =
          typeof next === 'object' && next !== null ? (next as Partial<TimedInput<unknown>>).atMs : undefined;
        if (typeof nextAt === 'number' && nextAt < boundary) {
          return `Input ${index} is a turn the server was not told of before releasing food ${step}`;
        }
        from = boundary;
        lastEat = release.eatenAt;
      }
      return null;
    },
  };
}

/**
 * A play as it stood at the end of tick `tick`, for watching a run (issue 23): `state` (a new game, changed
 * in place and returned) driven through `log` as the replay drives it, with every turn stamped before
 * tick `tick + 1` queued and no later tick run. At the last tick of a log's replay it is the state the
 * replay's result was read from. The log is one that replays: nothing here checks it again.
 */
export function snakeStateAt(
  state: SnakeState,
  log: readonly TimedInput<SnakeDirection>[],
  tick: number,
): SnakeState {
  const endMs = Math.min(Math.max(0, Math.trunc(tick)), SNAKE_MAX_TICKS) * SNAKE_TICK_MS;
  for (const entry of log) {
    if (entry.atMs >= endMs + SNAKE_TICK_MS) break;
    advanceSnake(state, entry.atMs);
    if (state.end !== null) break;
    turnSnake(state, entry.input);
  }
  advanceSnake(state, endMs);
  return state;
}

/** The 32 bits of a block (its first 8 hex digits, big-endian, signed) a food's generator is seeded with. */
export function snakeBlockSeed(block: string): number {
  return parseInt(block.slice(0, 8), 16) | 0;
}

/**
 * Replays a play from `state`. With `eats` (a play on released food), food k must be eaten at tick
 * `eats[k]` when the server released food k + 1 on that claim, and every such claim must come true.
 */
function replayFrom(
  state: SnakeState,
  log: readonly TimedInput<SnakeDirection>[],
  eats: readonly number[] | null,
): ReplayVerdict {
  // The log comes from JSON: refuse a malformed one here rather than throw on it below.
  if (!Array.isArray(log)) return { valid: false, reason: 'The input log is not a list' };
  const malformed = log.findIndex((entry: unknown) => typeof entry !== 'object' || entry === null);
  if (malformed >= 0) return { valid: false, reason: `Input ${malformed} is not a timed input` };
  const clockRefusal = checkInputClock(log, snakeCore);
  if (clockRefusal !== null) return { valid: false, reason: clockRefusal };
  let checkedEats = 0;
  // Run tick by tick, so each eat is checked on its own tick (one eat a tick at most).
  const eatRefusal = (): string | null => {
    if (eats === null || state.eaten === checkedEats) return null;
    checkedEats = state.eaten;
    const food = state.eaten - 1;
    if (food < eats.length && eats[food] !== state.lastEatTick)
      return `Food ${food} was eaten on tick ${state.lastEatTick}, not on the tick release ${food + 1} claimed`;
    return null;
  };
  const run = (toMs: number): string | null => {
    if (eats === null) {
      advanceSnake(state, toMs);
      return null;
    }
    // Tick by tick while a claim is left to check, then at once.
    const due = Math.min(Math.floor(toMs / SNAKE_TICK_MS), SNAKE_MAX_TICKS);
    while (state.end === null && state.tick < due) {
      if (state.eaten >= eats.length) {
        advanceSnake(state, toMs);
        break;
      }
      const before = state.tick;
      advanceSnake(state, (state.tick + 1) * SNAKE_TICK_MS);
      const refusal = eatRefusal();
      if (refusal !== null) return refusal;
      if (state.tick === before) break;
    }
    return eatRefusal();
  };
  for (let index = 0; index < log.length; index++) {
    const entry = log[index]!;
    // The set, not zod, checks each input: the same answer as parseInput, without its cost per input.
    if (!DIRECTIONS.has(entry.input)) return { valid: false, reason: `Input ${index} is not a direction` };
    const direction = entry.input;
    const refused = run(entry.atMs);
    if (refused !== null) return { valid: false, reason: refused };
    if (state.end !== null) return { valid: false, reason: `Input ${index} comes after the game is over` };
    const refusal = turnSnake(state, direction);
    if (refusal !== null) return { valid: false, reason: `Input ${index} is illegal: ${refusal}` };
  }
  const refused = run(snakeCore.maxDurationMs);
  if (refused !== null) return { valid: false, reason: refused };
  if (eats !== null && state.eaten < eats.length) {
    return {
      valid: false,
      reason: `Food ${state.eaten} was never eaten, as release ${state.eaten + 1} claimed`,
    };
  }
  return {
    valid: true,
    result: {
      score: snakeScore(state),
      completed: state.end !== 'time',
      durationMs: snakeClockMs(state),
      ticks: state.tick,
    },
  };
}
