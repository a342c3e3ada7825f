import { SeededRandom } from '../game-core';

/**
 * Snake: the rules and the step functions a renderer plays with live; `snake.core.ts` replays with
 * the very same functions.
 *
 * Rules
 * - A 20×20 grid. The snake starts three cells long, its head at (10, 10), heading right; the first
 *   food is placed at once. Food always lands on a free cell, chosen by the play's seeded RNG.
 * - Every tick (every 125 ms of game clock, no speeding up) the snake moves one cell in its heading.
 *   Eating food grows it by one cell and scores 10. The cell its tail leaves on that tick is free.
 * - The game is over on the tick the head would leave the grid or enter the snake's own body
 *   (completed), when the snake fills the grid (completed), or at the longest play allowed,
 *   SNAKE_MAX_TICKS, when the snake is still alive (not completed; the score counts).
 *
 * Input language: a direction, 'up' | 'right' | 'down' | 'left', stamped with the game clock.
 * - A turn waits for the next tick; up to two turns wait in order (one is taken per tick), so two
 *   quick key presses between ticks make a U-turn over two ticks.
 * - Illegal (refused, never ignored, so a log holds only turns that did something): a turn to the
 *   direction the snake will already be heading (the last waiting turn, else its heading), a reversal
 *   of that direction, a third waiting turn, any turn once the game is over. A renderer asks
 *   `snakeTurnRefusal` first and drops a refused key press without recording it.
 *
 * Clock: the game clock is whole ms since the play started, paused while the game is paused. Tick n happens
 * at n × 125 ms. `advanceSnake(state, toMs)` runs every tick due at or before `toMs`; a turn stamped
 * `atMs` is applied after `advanceSnake(state, atMs)`, so it takes effect on tick floor(atMs/125) + 1
 * (a turn stamped exactly on a tick waits for the following one). A renderer does exactly what the
 * replay does: on each frame `advanceSnake(state, clock)`; on each key press
 * `advanceSnake(state, clock)`, then `turnSnake(state, dir)`, and records `{ atMs: clock, input: dir }`
 * when it was not refused.
 *
 * The state is changed in place (a replay of thousands of ticks stays cheap); keep one state per play.
 */

export const SNAKE_GRID_SIZE = 20;
export const SNAKE_TICK_MS = 125;
/** One hour of game clock: time enough to fill the grid. */
export const SNAKE_MAX_TICKS = (60 * 60 * 1000) / SNAKE_TICK_MS;
export const SNAKE_POINTS_PER_FOOD = 10;
export const SNAKE_MAX_WAITING_TURNS = 2;

export const SNAKE_DIRECTIONS = ['up', 'right', 'down', 'left'] as const;
export type SnakeDirection = (typeof SNAKE_DIRECTIONS)[number];

export type SnakeEnd = 'wall' | 'self' | 'full' | 'time';

export interface SnakeCell {
  x: number;
  y: number;
}

const CELLS = SNAKE_GRID_SIZE * SNAKE_GRID_SIZE;
const STEP: Record<SnakeDirection, { dx: number; dy: number }> = {
  up: { dx: 0, dy: -1 },
  right: { dx: 1, dy: 0 },
  down: { dx: 0, dy: 1 },
  left: { dx: -1, dy: 0 },
};
const OPPOSITE: Record<SnakeDirection, SnakeDirection> = {
  up: 'down',
  right: 'left',
  down: 'up',
  left: 'right',
};

/** A play in progress. Renderers read it (through the helpers below) and never write it. */
export interface SnakeState {
  readonly random: SeededRandom;
  /** Ticks run so far; the game clock of the last tick is tick × SNAKE_TICK_MS. */
  tick: number;
  heading: SnakeDirection;
  /** Turns waiting for the next ticks, oldest first. */
  waitingTurns: SnakeDirection[];
  /** The body as a ring of cell indexes (y × size + x); `headAt` is the head's slot. */
  readonly body: Int16Array;
  headAt: number;
  length: number;
  /** 1 where the snake is. */
  readonly occupied: Uint8Array;
  /** The food's cell index; -1 once the grid is full. */
  food: number;
  eaten: number;
  end: SnakeEnd | null;
}

export function newSnakeGame(seed: string): SnakeState {
  const state: SnakeState = {
    random: new SeededRandom(seed),
    tick: 0,
    heading: 'right',
    waitingTurns: [],
    body: new Int16Array(CELLS),
    headAt: 2,
    length: 3,
    occupied: new Uint8Array(CELLS),
    food: -1,
    eaten: 0,
    end: null,
  };
  const row = SNAKE_GRID_SIZE / 2;
  for (let slot = 0; slot < 3; slot++) {
    const cell = row * SNAKE_GRID_SIZE + row - 2 + slot;
    state.body[slot] = cell;
    state.occupied[cell] = 1;
  }
  placeFood(state);
  return state;
}

/** Why a turn is illegal now, or null when `turnSnake` would accept it. */
export function snakeTurnRefusal(state: SnakeState, direction: SnakeDirection): string | null {
  if (state.end !== null) return 'The game is over';
  const waiting = state.waitingTurns.length;
  if (waiting >= SNAKE_MAX_WAITING_TURNS) return 'Too many turns before the next tick';
  // Not `waitingTurns[waiting - 1] ?? heading`: reading past the end of an array is slow in V8, and
  // this runs for every input of every replay.
  const willHead = waiting === 0 ? state.heading : state.waitingTurns[waiting - 1]!;
  if (direction === willHead) return `The snake is already heading ${direction}`;
  if (direction === OPPOSITE[willHead]) return `The snake cannot reverse from ${willHead} to ${direction}`;
  return null;
}

/** Queues a turn for the next tick; returns why it is refused (and changes nothing) when illegal. */
export function turnSnake(state: SnakeState, direction: SnakeDirection): string | null {
  const refusal = snakeTurnRefusal(state, direction);
  if (refusal === null) state.waitingTurns.push(direction);
  return refusal;
}

/** Runs every tick due at or before the game clock `toMs` (at most to the end of the game). */
export function advanceSnake(state: SnakeState, toMs: number): void {
  const dueTick = Math.min(Math.floor(toMs / SNAKE_TICK_MS), SNAKE_MAX_TICKS);
  while (state.end === null && state.tick < dueTick) runTick(state);
}

export function isSnakeOver(state: SnakeState): boolean {
  return state.end !== null;
}

export function snakeScore(state: SnakeState): number {
  return state.eaten * SNAKE_POINTS_PER_FOOD;
}

/** The game clock of the last tick run: at the end of a game, the play's duration. */
export function snakeClockMs(state: SnakeState): number {
  return state.tick * SNAKE_TICK_MS;
}

/** The snake's cells, head first. */
export function snakeCells(state: SnakeState): SnakeCell[] {
  const cells: SnakeCell[] = [];
  for (let index = 0; index < state.length; index++) {
    cells.push(cellAt(state.body[(state.headAt - index + CELLS) % CELLS]!));
  }
  return cells;
}

export function snakeFood(state: SnakeState): SnakeCell | null {
  return state.food < 0 ? null : cellAt(state.food);
}

function cellAt(index: number): SnakeCell {
  return { x: index % SNAKE_GRID_SIZE, y: Math.floor(index / SNAKE_GRID_SIZE) };
}

function runTick(state: SnakeState): void {
  // Most ticks have no turn waiting: skip the call to shift then (this runs every tick of every replay).
  if (state.waitingTurns.length > 0) state.heading = state.waitingTurns.shift()!;
  state.tick++;
  const head = state.body[state.headAt]!;
  const { dx, dy } = STEP[state.heading];
  const x = (head % SNAKE_GRID_SIZE) + dx;
  const y = Math.floor(head / SNAKE_GRID_SIZE) + dy;
  if (x < 0 || y < 0 || x >= SNAKE_GRID_SIZE || y >= SNAKE_GRID_SIZE) {
    state.end = 'wall';
    return;
  }
  const next = y * SNAKE_GRID_SIZE + x;
  const eats = next === state.food;
  // The tail moves away on the same tick unless the snake grows, so the head may follow it.
  const tail = state.body[(state.headAt - state.length + 1 + CELLS) % CELLS]!;
  if (!eats) state.occupied[tail] = 0;
  if (state.occupied[next] === 1) {
    state.occupied[tail] = 1;
    state.end = 'self';
    return;
  }
  if (!eats) state.length--;
  state.headAt = (state.headAt + 1) % CELLS;
  state.body[state.headAt] = next;
  state.occupied[next] = 1;
  state.length++;
  if (eats) {
    state.eaten++;
    placeFood(state);
  }
  if (state.end === null && state.tick >= SNAKE_MAX_TICKS) state.end = 'time';
}

function placeFood(state: SnakeState): void {
  const free = CELLS - state.length;
  if (free === 0) {
    state.food = -1;
    state.end = 'full';
    return;
  }
  let skip = state.random.int(0, free - 1);
  for (let cell = 0; cell < CELLS; cell++) {
    if (state.occupied[cell] === 1) continue;
    if (skip === 0) {
      state.food = cell;
      return;
    }
    skip--;
  }
}
