import { SeededRandom, type ReplayResult, type TimedInput } from '../game-core';
import {
  SNAKE_DIRECTIONS,
  SNAKE_GRID_SIZE,
  SNAKE_MAX_TICKS,
  SNAKE_TICK_MS,
  advanceSnake,
  newSnakeGame,
  snakeClockMs,
  snakeFood,
  snakeScore,
  snakeTurnRefusal,
  turnSnake,
  type SnakeCell,
  type SnakeDirection,
  type SnakeState,
} from './snake.rules';

/**
 * Scripted players for tests and the replay benchmark: they play through the renderer's functions
 * (advance to the key press's clock, ask, turn, record), so their logs are honest plays.
 */

export interface SnakeBotPlay {
  log: TimedInput<SnakeDirection>[];
  /** What the bot saw when the game ended by the rules (it lets the snake run on after its last turn). */
  result: ReplayResult;
}

type Strategy = (state: SnakeState) => SnakeDirection;

/** Heads for the food by the shortest way that is free next tick; traps itself sooner or later. */
export function playGreedySnake(seed: string, options: { maxTicks?: number } = {}): SnakeBotPlay {
  return play(seed, greedy, options.maxTicks ?? SNAKE_MAX_TICKS);
}

/** Follows one cycle through every cell, so it never dies; stops turning after `maxTicks`. */
export function playCyclingSnake(seed: string, options: { maxTicks: number }): SnakeBotPlay {
  return play(seed, cycling, options.maxTicks);
}

function play(seed: string, strategy: Strategy, maxTicks: number): SnakeBotPlay {
  const state = newSnakeGame(seed);
  // The key press lands anywhere between two ticks, as a person's would.
  const pressAt = new SeededRandom(`${seed}:bot`);
  const log: TimedInput<SnakeDirection>[] = [];
  while (state.end === null && state.tick < maxTicks) {
    const wanted = strategy(state);
    const atMs = state.tick * SNAKE_TICK_MS + pressAt.int(0, SNAKE_TICK_MS - 1);
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

function greedy(state: SnakeState): SnakeDirection {
  const head = headOf(state);
  const food = snakeFood(state) ?? head;
  let best: SnakeDirection = state.heading;
  let bestDistance = Infinity;
  for (const direction of SNAKE_DIRECTIONS) {
    const x = head.x + STEP[direction].x;
    const y = head.y + STEP[direction].y;
    if (x < 0 || y < 0 || x >= SNAKE_GRID_SIZE || y >= SNAKE_GRID_SIZE) continue;
    if (state.occupied[y * SNAKE_GRID_SIZE + x] === 1) continue;
    const distance = Math.abs(x - food.x) + Math.abs(y - food.y);
    if (distance < bestDistance) [best, bestDistance] = [direction, distance];
  }
  return best;
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
