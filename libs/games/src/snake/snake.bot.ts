import { SeededRandom, type BotDice, type ReplayResult, type TimedInput } from '../game-core';
import {
  SNAKE_DIRECTIONS,
  SNAKE_GRID_SIZE,
  SNAKE_MAX_TICKS,
  SNAKE_TICK_MS,
  advanceSnake,
  newSnakeGame,
  newSnakeGameOn,
  snakeWaitsForFood,
  snakeClockMs,
  snakeFood,
  snakeScore,
  snakeTurnRefusal,
  turnSnake,
  type SnakeCell,
  type SnakeDirection,
  type SnakeFoodSeeds,
  type SnakeState,
} from './snake.rules';

/**
 * Scripted players for tests, the demo seed and the replay benchmark: they play through the renderer's
 * functions (advance to the key press's clock, ask, turn, record), so their logs are honest plays.
 */

export interface SnakeBotPlay {
  log: TimedInput<SnakeDirection>[];
  /** What the bot saw when the game ended by the rules (it lets the snake run on after its last turn). */
  result: ReplayResult;
  /**
   * Playing on released food (`SnakeFoodSeeds`): true when the bot stopped because the next food is not
   * released yet (then `result` is where it stood). Asked for it, a bot played again with the same dice
   * plays the same up to there and on.
   */
  waitsForFood: boolean;
}

type Strategy = (state: SnakeState) => SnakeDirection;

export interface SnakeBotOptions {
  /** Stops turning after this many ticks (the snake then runs on into a wall). */
  maxTicks: number;
  /** Checks the room ahead before a turn (flood fill) instead of heading for the food blindly. */
  careful?: boolean;
  /** One tick in this many the player does not react (no key press); never when absent. */
  lapseOneIn?: number;
}

/** Heads for the food by the shortest way that is free next tick; traps itself sooner or later. */
export function playGreedySnake(seed: string, options: { maxTicks?: number } = {}): SnakeBotPlay {
  return playSnake(seed, new SeededRandom(`${seed}:bot`), { maxTicks: options.maxTicks ?? SNAKE_MAX_TICKS });
}

/** Follows one cycle through every cell, so it never dies; stops turning after `maxTicks`. */
export function playCyclingSnake(seed: string, options: { maxTicks: number }): SnakeBotPlay {
  return play(seed, cycling, new SeededRandom(`${seed}:bot`), options);
}

/**
 * A scripted player heading for the food, careful or greedy, with lapses or without; its choices from
 * `dice`. On a seed, or on released food (a tournament play's blocks, as food seeds).
 */
export function playSnake(
  seed: string | SnakeFoodSeeds,
  dice: BotDice,
  options: SnakeBotOptions,
): SnakeBotPlay {
  return play(seed, options.careful ? careful : greedy, dice, options);
}

function play(
  seed: string | SnakeFoodSeeds,
  strategy: Strategy,
  dice: BotDice,
  { maxTicks, lapseOneIn }: { maxTicks: number; lapseOneIn?: number },
): SnakeBotPlay {
  const state = typeof seed === 'string' ? newSnakeGame(seed) : newSnakeGameOn(seed);
  const log: TimedInput<SnakeDirection>[] = [];
  while (state.end === null && state.tick < maxTicks) {
    if (snakeWaitsForFood(state)) break;
    const reacts = lapseOneIn === undefined || dice.int(0, lapseOneIn - 1) !== 0;
    const wanted = reacts ? strategy(state) : state.heading;
    // The key press lands anywhere between two ticks, as a person's would.
    const atMs = state.tick * SNAKE_TICK_MS + dice.int(0, SNAKE_TICK_MS - 1);
    advanceSnake(state, atMs);
    if (snakeTurnRefusal(state, wanted) === null) {
      turnSnake(state, wanted);
      log.push({ atMs, input: wanted });
    }
    advanceSnake(state, (state.tick + 1) * SNAKE_TICK_MS);
  }
  advanceSnake(state, SNAKE_MAX_TICKS * SNAKE_TICK_MS);
  return {
    log,
    waitsForFood: snakeWaitsForFood(state),
    result: {
      score: snakeScore(state),
      completed: state.end !== 'time',
      durationMs: snakeClockMs(state),
      ticks: state.tick,
    },
  };
}

const STEP: Record<SnakeDirection, SnakeCell> = {
  up: { x: 0, y: -1 },
  right: { x: 1, y: 0 },
  down: { x: 0, y: 1 },
  left: { x: -1, y: 0 },
};

/** The cell a step from the head leads to, or -1 when it leaves the grid or runs into the body. */
function freeCellAhead(state: SnakeState, head: SnakeCell, direction: SnakeDirection): number {
  const x = head.x + STEP[direction].x;
  const y = head.y + STEP[direction].y;
  if (x < 0 || y < 0 || x >= SNAKE_GRID_SIZE || y >= SNAKE_GRID_SIZE) return -1;
  const cell = y * SNAKE_GRID_SIZE + x;
  return state.occupied[cell] === 1 ? -1 : cell;
}

const distance = (cell: number, to: SnakeCell) =>
  Math.abs((cell % SNAKE_GRID_SIZE) - to.x) + Math.abs(Math.floor(cell / SNAKE_GRID_SIZE) - to.y);

function greedy(state: SnakeState): SnakeDirection {
  const head = headOf(state);
  const food = snakeFood(state) ?? head;
  let best: SnakeDirection = state.heading;
  let bestDistance = Infinity;
  for (const direction of SNAKE_DIRECTIONS) {
    const cell = freeCellAhead(state, head, direction);
    if (cell < 0) continue;
    const toFood = distance(cell, food);
    if (toFood < bestDistance) [best, bestDistance] = [direction, toFood];
  }
  return best;
}

/**
 * Like greedy, but only into a room with space for the whole snake (counted by flood fill over the
 * free cells); when no way has that much room, into the largest.
 */
function careful(state: SnakeState): SnakeDirection {
  const head = headOf(state);
  const food = snakeFood(state) ?? head;
  let best: SnakeDirection = state.heading;
  let bestRank = -Infinity;
  for (const direction of SNAKE_DIRECTIONS) {
    const cell = freeCellAhead(state, head, direction);
    if (cell < 0) continue;
    const room = roomFrom(state, cell);
    // Enough room beats any distance to the food; among the cramped ways, the most room wins.
    const rank = room >= state.length ? SNAKE_GRID_SIZE * 4 - distance(cell, food) : room - CELLS;
    if (rank > bestRank) [best, bestRank] = [direction, rank];
  }
  return best;
}

const CELLS = SNAKE_GRID_SIZE * SNAKE_GRID_SIZE;
// The flood fill's buffers, kept for the module: a careful player fills once per way per tick.
const seen = new Uint8Array(CELLS);
const frontier = new Int16Array(CELLS);

/** How many free cells are reachable from `start` (itself included), the body counted as walls. */
function roomFrom(state: SnakeState, start: number): number {
  seen.fill(0);
  seen[start] = 1;
  frontier[0] = start;
  let count = 1;
  for (let next = 0; next < count; next++) {
    const cell = frontier[next]!;
    const x = cell % SNAKE_GRID_SIZE;
    for (const neighbour of [
      x > 0 ? cell - 1 : -1,
      x < SNAKE_GRID_SIZE - 1 ? cell + 1 : -1,
      cell - SNAKE_GRID_SIZE,
      cell + SNAKE_GRID_SIZE,
    ]) {
      if (neighbour < 0 || neighbour >= CELLS || seen[neighbour] === 1 || state.occupied[neighbour] === 1)
        continue;
      seen[neighbour] = 1;
      frontier[count++] = neighbour;
    }
  }
  return count;
}

function headOf(state: SnakeState): SnakeCell {
  const head = state.body[state.headAt]!;
  return { x: head % SNAKE_GRID_SIZE, y: Math.floor(head / SNAKE_GRID_SIZE) };
}

/**
 * Rows 0..19 back and forth over columns 1..19, then back up column 0: every cell once. The snake's
 * start (row 10, heading right) lies on it.
 */
function cycling(state: SnakeState): SnakeDirection {
  const { x, y } = headOf(state);
  if (x === 0) return y === 0 ? 'right' : 'up';
  const rightward = y % 2 === 0;
  if (rightward) return x < SNAKE_GRID_SIZE - 1 ? 'right' : 'down';
  if (x > 1) return 'left';
  return y === SNAKE_GRID_SIZE - 1 ? 'left' : 'down';
}
