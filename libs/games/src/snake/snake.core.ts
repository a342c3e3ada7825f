import { z } from 'zod';
import { checkInputClock, type GameCore, type ReplayVerdict, type TimedInput } from '../game-core';
import {
  SNAKE_DIRECTIONS,
  SNAKE_MAX_TICKS,
  SNAKE_TICK_MS,
  advanceSnake,
  newSnakeGame,
  snakeClockMs,
  snakeScore,
  turnSnake,
  type SnakeDirection,
} from './snake.rules';

/**
 * Snake's core for replay (rules, input language and clock: `snake.rules.ts`). A replay applies every
 * input as a renderer does, then lets the snake run on until the game is over: after its last turn a
 * snake goes straight into a wall within 20 ticks, so every play ends by the rules and a play stopped
 * early scores what it had eaten (and whatever lies straight ahead).
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
    // The log comes from JSON: refuse a malformed one here rather than throw on it below.
    if (!Array.isArray(log)) return { valid: false, reason: 'The input log is not a list' };
    const malformed = log.findIndex((entry: unknown) => typeof entry !== 'object' || entry === null);
    if (malformed >= 0) return { valid: false, reason: `Input ${malformed} is not a timed input` };
    const clockRefusal = checkInputClock(log, snakeCore);
    if (clockRefusal !== null) return { valid: false, reason: clockRefusal };
    const state = newSnakeGame(seed);
    for (let index = 0; index < log.length; index++) {
      const entry = log[index]!;
      // The set, not zod, checks each input: the same answer as parseInput, without its cost per input.
      if (!DIRECTIONS.has(entry.input)) return { valid: false, reason: `Input ${index} is not a direction` };
      const direction = entry.input;
      advanceSnake(state, entry.atMs);
      if (state.end !== null) return { valid: false, reason: `Input ${index} comes after the game is over` };
      const refusal = turnSnake(state, direction);
      if (refusal !== null) return { valid: false, reason: `Input ${index} is illegal: ${refusal}` };
    }
    advanceSnake(state, snakeCore.maxDurationMs);
    return {
      valid: true,
      result: {
        score: snakeScore(state),
        completed: state.end !== 'time',
        durationMs: snakeClockMs(state),
        ticks: state.tick,
      },
    };
  },
};
