import fc from 'fast-check';
import type { TimedInput } from '../game-core';
import { playCyclingSnake, playGreedySnake } from './snake.bot';
import { snakeCore } from './snake.core';
import {
  SNAKE_GRID_SIZE,
  SNAKE_MAX_TICKS,
  SNAKE_TICK_MS,
  advanceSnake,
  isSnakeOver,
  newSnakeGame,
  snakeCells,
  snakeFood,
  snakeScore,
  turnSnake,
  type SnakeDirection,
  type SnakeState,
} from './snake.rules';

const TICK = SNAKE_TICK_MS;
const cell = (x: number, y: number) => y * SNAKE_GRID_SIZE + x;
const head = (state: SnakeState) => snakeCells(state)[0];

/** A new game whose food sits where a rule needs it (a corner, out of the way, unless told). */
function givenGame(food = cell(0, 0)): SnakeState {
  const state = newSnakeGame('rules');
  state.food = food;
  return state;
}

function timed(entries: [number, SnakeDirection][]): TimedInput<SnakeDirection>[] {
  return entries.map(([atMs, input]) => ({ atMs, input }));
}

describe('Snake rules', () => {
  it('a new game: three cells in the middle heading right, food on a free cell, no score', () => {
    const state = newSnakeGame('any seed');

    expect(snakeCells(state)).toEqual([
      { x: 10, y: 10 },
      { x: 9, y: 10 },
      { x: 8, y: 10 },
    ]);
    expect(state.heading).toBe('right');
    expect(snakeCells(state)).not.toContainEqual(snakeFood(state));
    expect(snakeScore(state)).toBe(0);
    expect(isSnakeOver(state)).toBe(false);
  });

  it('the snake moves one cell in its heading every 125 ms of game clock', () => {
    const state = givenGame();

    advanceSnake(state, TICK - 1);
    expect(head(state)).toEqual({ x: 10, y: 10 });
    advanceSnake(state, TICK);
    expect(head(state)).toEqual({ x: 11, y: 10 });
    advanceSnake(state, 3 * TICK + 60);
    expect(snakeCells(state)).toEqual([
      { x: 13, y: 10 },
      { x: 12, y: 10 },
      { x: 11, y: 10 },
    ]);
    expect(state.tick).toBe(3);
  });

  it('a turn takes effect on the next tick, not before', () => {
    const state = givenGame();
    advanceSnake(state, TICK + 5);

    expect(turnSnake(state, 'up')).toBeNull();
    advanceSnake(state, 2 * TICK - 1);
    expect(head(state)).toEqual({ x: 11, y: 10 });
    advanceSnake(state, 2 * TICK);
    expect(head(state)).toEqual({ x: 11, y: 9 });
  });

  it('a turn stamped exactly on a tick comes after that tick and waits for the following one', () => {
    const state = givenGame();

    advanceSnake(state, TICK);
    turnSnake(state, 'down');
    expect(head(state)).toEqual({ x: 11, y: 10 });
    advanceSnake(state, 2 * TICK);
    expect(head(state)).toEqual({ x: 11, y: 11 });
  });

  it('two quick turns wait in order, one taken each tick', () => {
    const state = givenGame();

    turnSnake(state, 'up');
    turnSnake(state, 'left');
    advanceSnake(state, TICK);
    expect(head(state)).toEqual({ x: 10, y: 9 });
    advanceSnake(state, 2 * TICK);
    expect(head(state)).toEqual({ x: 9, y: 9 });
  });

  it('a reversal into itself is illegal and changes nothing', () => {
    const state = givenGame();

    expect(turnSnake(state, 'left')).toBe('The snake cannot reverse from right to left');
    expect(state.waitingTurns).toEqual([]);
  });

  it('reversing a waiting turn is illegal', () => {
    const state = givenGame();
    turnSnake(state, 'up');

    expect(turnSnake(state, 'down')).toBe('The snake cannot reverse from up to down');
  });

  it('a turn to the direction the snake already heads is illegal', () => {
    const state = givenGame();

    expect(turnSnake(state, 'right')).toBe('The snake is already heading right');
  });

  it('a third waiting turn is illegal', () => {
    const state = givenGame();
    turnSnake(state, 'up');
    turnSnake(state, 'left');

    expect(turnSnake(state, 'down')).toBe('Too many turns before the next tick');
    expect(state.waitingTurns).toEqual(['up', 'left']);
  });

  it('eating food grows the snake by one cell and scores 10', () => {
    const state = givenGame(cell(11, 10));

    advanceSnake(state, TICK);

    expect(snakeCells(state)).toEqual([
      { x: 11, y: 10 },
      { x: 10, y: 10 },
      { x: 9, y: 10 },
      { x: 8, y: 10 },
    ]);
    expect(snakeScore(state)).toBe(10);
  });

  it('new food lands on a free cell chosen by the seed', () => {
    const eatFirst = (seed: string) => {
      const state = newSnakeGame(seed);
      state.food = cell(11, 10);
      advanceSnake(state, TICK);
      return state;
    };

    const [one, same] = [eatFirst('seed A'), eatFirst('seed A')];
    expect(snakeFood(one)).toEqual(snakeFood(same));
    expect(snakeCells(one)).not.toContainEqual(snakeFood(one));
    const foods = ['seed B', 'seed C', 'seed D', 'seed E'].map((seed) => snakeFood(eatFirst(seed)));
    expect(foods.some((food) => food?.x !== snakeFood(one)?.x || food?.y !== snakeFood(one)?.y)).toBe(true);
  });

  it('leaving the grid ends the game (completed) on that tick, and no tick runs after it', () => {
    const state = givenGame();

    advanceSnake(state, 60_000);

    expect(state.end).toBe('wall');
    expect(isSnakeOver(state)).toBe(true);
    expect(state.tick).toBe(10);
    expect(head(state)).toEqual({ x: 19, y: 10 });
    expect(snakeFood(state)).toEqual({ x: 0, y: 0 });
  });

  it.each([
    ['top', ['up'], 11, { x: 10, y: 0 }],
    ['bottom', ['down'], 10, { x: 10, y: 19 }],
    ['left', ['up', 'left'], 12, { x: 0, y: 9 }],
  ] as const)('leaving the grid by the %s wall ends the game too', (_, turns, tick, last) => {
    const state = givenGame(cell(19, 19));
    turns.forEach((turn) => turnSnake(state, turn));

    advanceSnake(state, 60_000);

    expect(state.end).toBe('wall');
    expect(state.tick).toBe(tick);
    expect(head(state)).toEqual(last);
  });

  it('running into its own body ends the game', () => {
    const state = givenGame(cell(11, 10));
    advanceSnake(state, TICK);
    state.food = cell(12, 10);
    advanceSnake(state, 2 * TICK);
    state.food = cell(0, 0);
    turnSnake(state, 'up');
    turnSnake(state, 'left');
    advanceSnake(state, 4 * TICK);
    turnSnake(state, 'down');

    advanceSnake(state, 5 * TICK);

    expect(state.end).toBe('self');
    expect(state.tick).toBe(5);
  });

  it('the head may enter the cell the tail leaves on the same tick', () => {
    const state = givenGame(cell(11, 10));
    advanceSnake(state, TICK);
    state.food = cell(0, 0);
    turnSnake(state, 'up');
    turnSnake(state, 'left');
    advanceSnake(state, 3 * TICK);
    turnSnake(state, 'down');
    turnSnake(state, 'right');

    advanceSnake(state, 5 * TICK);

    expect(state.end).toBeNull();
    expect(snakeCells(state)).toEqual([
      { x: 11, y: 10 },
      { x: 10, y: 10 },
      { x: 10, y: 9 },
      { x: 11, y: 9 },
    ]);
  });

  it('filling the grid ends the game (completed)', () => {
    // Every cell once: row 0 rightwards, the other rows back and forth over columns 1..19, then up column 0.
    const path: number[] = [];
    for (let y = 0; y < SNAKE_GRID_SIZE; y++) {
      const xs = Array.from({ length: SNAKE_GRID_SIZE - 1 }, (_, index) => index + 1);
      if (y === 0) xs.unshift(0);
      path.push(...(y % 2 === 0 ? xs : xs.reverse()).map((x) => cell(x, y)));
    }
    for (let y = SNAKE_GRID_SIZE - 1; y > 0; y--) path.push(cell(0, y));
    const state = givenGame(path[path.length - 1]);
    state.occupied.fill(0);
    path.slice(0, -1).forEach((at, slot) => {
      state.body[slot] = at;
      state.occupied[at] = 1;
    });
    Object.assign(state, { headAt: path.length - 2, length: path.length - 1, heading: 'up' });

    advanceSnake(state, TICK);

    expect(state.end).toBe('full');
    expect(snakeCells(state)).toHaveLength(SNAKE_GRID_SIZE * SNAKE_GRID_SIZE);
    expect(snakeFood(state)).toBeNull();
  });

  it('no turn is accepted once the game is over', () => {
    const state = givenGame();
    advanceSnake(state, 60_000);

    expect(turnSnake(state, 'up')).toBe('The game is over');
  });

  it('a snake still alive after an hour ends there, not completed, its score counted', () => {
    const play = playCyclingSnake('an hour', { maxTicks: SNAKE_MAX_TICKS });

    const verdict = snakeCore.replay('an hour', play.log);

    expect(verdict).toEqual({
      valid: true,
      result: { score: play.result.score, completed: false, durationMs: 3_600_000, ticks: SNAKE_MAX_TICKS },
    });
    expect(play.result.score).toBeGreaterThan(0);
  });
});

describe('Snake input', () => {
  it('is one of the four directions', () => {
    expect(['up', 'right', 'down', 'left'].map((value) => snakeCore.parseInput(value))).toEqual([
      'up',
      'right',
      'down',
      'left',
    ]);
  });

  it.each([['UP'], [''], ['jump'], [0], [null], [{ direction: 'up' }], [['up']]])(
    '%p is not an input',
    (value) => {
      expect(snakeCore.parseInput(value)).toBeNull();
    },
  );
});

describe('Snake replay', () => {
  const recordedLog = timed([
    [258, 'up'],
    [411, 'right'],
    [1324, 'down'],
    [2370, 'left'],
    [3952, 'down'],
    [4033, 'right'],
    [4803, 'down'],
    [4936, 'left'],
  ]);

  it.each([
    ['recorded', [], { score: 10, completed: true, durationMs: 1250, ticks: 10 }],
    ['recorded', recordedLog, { score: 40, completed: true, durationMs: 6500, ticks: 52 }],
  ])('a recorded play (seed %p) replays to its known result', (seed, log, result) => {
    expect(snakeCore.replay(seed, log as TimedInput<SnakeDirection>[])).toEqual({ valid: true, result });
  });

  it('a recorded bot play replays to its known result', () => {
    const { log } = playGreedySnake('g1');

    expect(snakeCore.replay('g1', log)).toEqual({
      valid: true,
      result: { score: 520, completed: true, durationMs: 117_250, ticks: 938 },
    });
  });

  it('the same seed and log always give the same result', () => {
    const anyLog = fc
      .array(
        fc.tuple(
          fc.integer({ min: 0, max: 400 }),
          fc.constantFrom<SnakeDirection>('up', 'right', 'down', 'left'),
        ),
        {
          maxLength: 40,
        },
      )
      .map((steps) => {
        let atMs = 0;
        return steps.map(([gap, input]) => ({ atMs: (atMs += gap), input }));
      });
    fc.assert(
      fc.property(fc.string(), anyLog, (seed, log) => {
        expect(snakeCore.replay(seed, log)).toEqual(snakeCore.replay(seed, log));
      }),
      { numRuns: 200 },
    );
  });

  it('every honest play by a scripted bot replays valid, to the result the bot saw', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (seed) => {
        const play = playGreedySnake(seed);
        expect(snakeCore.replay(seed, play.log)).toEqual({ valid: true, result: play.result });
      }),
      { numRuns: 200 },
    );
  });

  it('a five-minute play replays valid', () => {
    const play = playCyclingSnake('five minutes', { maxTicks: (5 * 60 * 1000) / TICK });

    const verdict = snakeCore.replay('five minutes', play.log);

    expect(verdict).toEqual({ valid: true, result: play.result });
    expect(play.result.durationMs).toBeGreaterThan(5 * 60 * 1000);
  });

  it('a play left alone after its last turn runs on until the snake dies', () => {
    const verdict = snakeCore.replay('left alone', timed([[10, 'down']]));

    expect(verdict).toMatchObject({
      valid: true,
      result: { completed: true, durationMs: 10 * TICK, ticks: 10 },
    });
  });
});

describe('Snake replay refuses forged logs', () => {
  const honest = playGreedySnake('honest');
  const refused = (verdict: ReturnType<typeof snakeCore.replay>) =>
    verdict.valid ? 'valid' : verdict.reason;

  it.each([
    ['into a legal one', 'right', { valid: false, reason: 'Input 4 comes after the game is over' }],
    [
      'into an illegal one',
      'up',
      { valid: false, reason: 'Input 3 is illegal: The snake is already heading up' },
    ],
  ] as const)('an edited turn (%s)', (_, input, verdict) => {
    const log = honest.log.map((entry, index) => (index === 3 ? { ...entry, input } : entry));

    expect(snakeCore.replay('honest', log)).toEqual(verdict);
  });

  it('an input after the game is over', () => {
    const log = [...honest.log, { atMs: honest.result.durationMs, input: 'up' as const }];

    expect(refused(snakeCore.replay('honest', log))).toBe(
      `Input ${honest.log.length} comes after the game is over`,
    );
  });

  it("another seed's log does not give its result", () => {
    for (const seed of ['other 1', 'other 2', 'other 3', 'other 4', 'other 5']) {
      const verdict = snakeCore.replay(seed, honest.log);
      expect(verdict).not.toEqual({ valid: true, result: honest.result });
    }
  });

  it('a clock going backwards', () => {
    const log = timed([
      [500, 'up'],
      [400, 'left'],
    ]);

    expect(refused(snakeCore.replay('honest', log))).toBe('Input 1 is out of clock order');
  });

  it.each([[-1], [125.5], [Number.NaN], [Number.POSITIVE_INFINITY]])('a clock of %p', (atMs) => {
    expect(refused(snakeCore.replay('honest', timed([[atMs, 'up']])))).toBe('Input 0 is out of clock order');
  });

  it('a clock past the longest play', () => {
    const log = timed([[snakeCore.maxDurationMs + 1, 'up']]);

    expect(refused(snakeCore.replay('honest', log))).toBe('Input 0 comes after the longest play allowed');
  });

  it('inputs faster than a person presses keys', () => {
    const log = timed(
      Array.from({ length: 21 }, (_, index) => [index * 45, index % 2 === 0 ? 'up' : 'right']),
    );

    expect(refused(snakeCore.replay('honest', log))).toBe('Inputs come faster than 20 a second');
  });

  it('a reversal', () => {
    expect(refused(snakeCore.replay('honest', timed([[10, 'left']])))).toBe(
      'Input 0 is illegal: The snake cannot reverse from right to left',
    );
  });

  it('a third turn before a tick', () => {
    const log = timed([
      [10, 'up'],
      [20, 'left'],
      [30, 'down'],
    ]);

    expect(refused(snakeCore.replay('honest', log))).toBe(
      'Input 2 is illegal: Too many turns before the next tick',
    );
  });

  it('a log that is not a list', () => {
    expect(refused(snakeCore.replay('honest', 'up' as unknown as TimedInput<SnakeDirection>[]))).toBe(
      'The input log is not a list',
    );
  });

  it('an entry that is not a timed input', () => {
    const log = [{ atMs: 10, input: 'up' }, null] as unknown as TimedInput<SnakeDirection>[];

    expect(refused(snakeCore.replay('honest', log))).toBe('Input 1 is not a timed input');
  });

  it('an input that is not a direction', () => {
    const log = [{ atMs: 10, input: 'jump' }] as unknown as TimedInput<SnakeDirection>[];

    expect(refused(snakeCore.replay('honest', log))).toBe('Input 0 is not a direction');
  });

  it('any malformed log, without throwing', () => {
    const entry = fc.oneof(
      fc.record({ atMs: fc.oneof(fc.integer(), fc.double(), fc.string()), input: fc.anything() }),
      fc.anything(),
    );
    fc.assert(
      fc.property(fc.oneof(fc.array(entry), fc.anything()), (log) => {
        const verdict = snakeCore.replay('fuzz', log as TimedInput<SnakeDirection>[]);
        expect(typeof verdict.valid).toBe('boolean');
      }),
      { numRuns: 300 },
    );
  });
});
