import { ReseedableRandom, SeededRandom, type BotDice } from '../game-core';

/**
 * Snake: the rules and the step functions a renderer plays with live; `snake.core.ts` replays with
 * the very same functions.
 *
 * Rules
 * - A 20×20 grid. The snake starts three cells long, its head at (10, 10), heading right; the first
 *   food (food 0) is placed at once. Food always lands on a free cell, chosen by the play's seeded RNG.
 * - Every tick (every 125 ms of game clock, no speeding up) the snake moves one cell in its heading.
 *   Eating food grows it by one cell and scores 10. The cell its tail leaves on that tick is free.
 * - After the snake eats at tick t the board has no food for a while: the next food is drawn at the
 *   start of tick t + 2, before the snake moves on it, among the cells free after tick t + 1
 *   (SNAKE_FOOD_DELAY_TICKS). In a tournament play each food comes from its own block of the play's
 *   keystream, which the server releases once the turns before it are recorded (`snake.core.ts`): the
 *   delay gives that answer a tick to arrive, and the game waits for it when it is late.
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
/** Food eaten at tick t is followed by the next one at the start of tick t + 2. */
export const SNAKE_FOOD_DELAY_TICKS = 2;

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

/**
 * Where food `k` is drawn from in a play whose food is released step by step: the 32-bit seed of its
 * generator, `undefined` while it is not released yet (the game waits), or null when it never will be
 * (no more food: the snake runs on).
 */
export type SnakeFoodSeeds = (food: number) => number | null | undefined;

/** A play in progress. Renderers read it (through the helpers below) and never write it. */
export interface SnakeState {
  /** One generator for every food (a demo, a seed), or a seed per food (a tournament play's blocks). */
  readonly random: SeededRandom | SnakeFoodSeeds;
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
  /** The tick at whose start the next food is drawn; -1 while food is on the board (or never again). */
  foodDueTick: number;
  /** The tick the last food was eaten on; -1 before the first. */
  lastEatTick: number;
  eaten: number;
  end: SnakeEnd | null;
}

/** A new play whose every food is drawn from one generator seeded with `seed` (a demo, a bot, a test). */
export function newSnakeGame(seed: string): SnakeState {
  return startedOn(new SeededRandom(seed));
}

/** A new play whose food `k` is drawn from `seeds(k)` (a tournament play: the server's released blocks). */
export function newSnakeGameOn(seeds: SnakeFoodSeeds): SnakeState {
  return startedOn(seeds);
}

function startedOn(random: SeededRandom | SnakeFoodSeeds): SnakeState {
  const state: SnakeState = {
    random,
    tick: 0,
    heading: 'right',
    waitingTurns: [],
    body: new Int16Array(CELLS),
    headAt: 2,
    length: 3,
    occupied: new Uint8Array(CELLS),
    food: -1,
    foodDueTick: 0,
    lastEatTick: -1,
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

/**
 * Runs every tick due at or before the game clock `toMs` (at most to the end of the game). A play on
 * released food stops before a tick whose food is not released yet (`snakeWaitsForFood`).
 */
export function advanceSnake(state: SnakeState, toMs: number): void {
  const dueTick = Math.min(Math.floor(toMs / SNAKE_TICK_MS), SNAKE_MAX_TICKS);
  while (state.end === null && state.tick < dueTick) {
    if (state.foodDueTick >= 0 && state.foodDueTick <= state.tick + 1 && !placeFood(state)) return;
    runTick(state);
  }
}

/** True when the next tick cannot run until the food drawn on it is released (a tournament play). */
export function snakeWaitsForFood(state: SnakeState): boolean {
  return (
    state.end === null &&
    state.foodDueTick >= 0 &&
    state.foodDueTick <= state.tick + 1 &&
    typeof state.random === 'function' &&
    state.random(state.eaten) === undefined
  );
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
    state.lastEatTick = state.tick;
    state.food = -1;
    if (state.length === CELLS) state.end = 'full';
    else state.foodDueTick = state.tick + SNAKE_FOOD_DELAY_TICKS;
  }
  if (state.end === null && state.tick >= SNAKE_MAX_TICKS) state.end = 'time';
}

/**
 * A released food's generator: the numbers of `new SeededRandom(seed)`, seeded again in place for each
 * food rather than allocated (placeFood draws once from it and is done).
 */
const foodRandom = new ReseedableRandom(0);

/** Draws the next food (food number `eaten`); false when its seed is not released yet. */
function placeFood(state: SnakeState): boolean {
  let random: BotDice;
  if (typeof state.random === 'function') {
    const seed = state.random(state.eaten);
    if (seed === undefined) return false;
    state.foodDueTick = -1;
    if (seed === null) return true; // never released: no more food
    random = foodRandom.reseed(seed);
  } else {
    random = state.random;
  }
  state.foodDueTick = -1;
  const free = CELLS - state.length;
  let skip = random.int(0, free - 1);
  for (let cell = 0; cell < CELLS; cell++) {
    if (state.occupied[cell] === 1) continue;
    if (skip === 0) {
      state.food = cell;
      return true;
    }
    skip--;
  }
  return true;
}
