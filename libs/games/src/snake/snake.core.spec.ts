import fc from 'fast-check';
import { SNAKE_RELEASE_FORMAT } from '@arena/contracts/releases';
import { SeededRandom, type TimedInput } from '../game-core';
import { playCyclingSnake, playGreedySnake, playSnake } from './snake.bot';
import { snakeBlockSeed, snakeCore, snakeReleaseInput, snakeReleasesOf } from './snake.core';
import {
  SNAKE_GRID_SIZE,
  SNAKE_MAX_TICKS,
  SNAKE_TICK_MS,
  advanceSnake,
  isSnakeOver,
  newSnakeGame,
  newSnakeGameOn,
  snakeCells,
  snakeWaitsForFood,
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

  it('after eating on tick t the board has no food until the start of tick t + 2', () => {
    const state = givenGame(cell(11, 10));

    advanceSnake(state, TICK);
    expect([state.lastEatTick, snakeFood(state)]).toEqual([1, null]);
    advanceSnake(state, 2 * TICK);
    expect(snakeFood(state)).toBeNull();
    advanceSnake(state, 3 * TICK);
    expect(snakeFood(state)).not.toBeNull();
  });

  it('new food lands on a free cell chosen by the seed', () => {
    const eatFirst = (seed: string) => {
      const state = newSnakeGame(seed);
      state.food = cell(11, 10);
      advanceSnake(state, 3 * TICK);
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
    // Food comes 2 ticks after the last was eaten (the rule since issue 21): 10 here, 40 before it.
    ['recorded', recordedLog, { score: 10, completed: true, durationMs: 6500, ticks: 52 }],
  ])('a recorded play (seed %p) replays to its known result', (seed, log, result) => {
    expect(snakeCore.replay(seed, log as TimedInput<SnakeDirection>[])).toEqual({ valid: true, result });
  });

  it('a recorded bot play replays to its known result', () => {
    const { log } = playGreedySnake('g1');

    expect(snakeCore.replay('g1', log)).toEqual({
      valid: true,
      result: { score: 260, completed: true, durationMs: 62_375, ticks: 499 },
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

describe('Snake food released step by step (issue 21)', () => {
  const rules = snakeCore.keystream!;
  /** 32 hex digits per block, as the server releases them: here made up, one per food. */
  const blocksOf = (label: string, count: number) =>
    Array.from({ length: count }, (_, food) => `${label}${food}`.padEnd(32, '0').replace(/[^0-9a-f]/g, 'a'));
  const hexBlocks = (...firsts: number[]) =>
    firsts.map((first) => (first >>> 0).toString(16).padStart(8, '0').padEnd(32, '0'));
  const seedsOf = (blocks: readonly string[]) => (food: number) =>
    food < blocks.length ? snakeBlockSeed(blocks[food]!) : undefined;
  /** A careful bot on `blocks` (enough for every food it eats), its log and the releases it asks for. */
  const botOn = (blocks: readonly string[]) => {
    const play = playSnake(seedsOf(blocks), new SeededRandom('bot'), { careful: true, maxTicks: 1_500 });
    const releases = snakeReleasesOf(seedsOf(blocks), play.log);
    return { ...play, releases };
  };

  it('two keys with the same opening block show the same start, and different food after the first eat', () => {
    const one = newSnakeGameOn(seedsOf(hexBlocks(7, 1)));
    const other = newSnakeGameOn(seedsOf(hexBlocks(7, 2)));
    expect(snakeFood(one)).toEqual(snakeFood(other));
    // The same first food in both (put in the snake's way), eaten on tick 1; the next is drawn on tick 3.
    const [a, b] = [one, other].map((state) => {
      state.food = cell(11, 10);
      advanceSnake(state, 3 * TICK);
      return state;
    });
    expect([a!.eaten, b!.eaten]).toEqual([1, 1]);
    expect(snakeCells(a!)).toEqual(snakeCells(b!));
    expect(snakeFood(a!)).not.toEqual(snakeFood(b!));
  });

  it('waits for a food not released yet, and draws none for a food never released', () => {
    const state = newSnakeGameOn((food) => (food === 0 ? 5 : undefined));
    state.food = cell(11, 10);
    advanceSnake(state, 10 * TICK);
    expect([state.tick, state.eaten, snakeWaitsForFood(state)]).toEqual([2, 1, true]);
    const never = newSnakeGameOn((food) => (food === 0 ? 5 : null));
    never.food = cell(11, 10);
    advanceSnake(never, 10 * TICK);
    expect([never.tick, never.end, snakeFood(never), snakeWaitsForFood(never)]).toEqual([
      10,
      'wall',
      null,
      false,
    ]);
  });

  it('an honest play replays on the released blocks to what the player saw, and its releases check out', () => {
    for (const label of ['a', 'b', 'c']) {
      const blocks = blocksOf(label, 400);
      const play = botOn(blocks);
      expect(play.result.score).toBeGreaterThan(50);
      expect(play.releases).toHaveLength(play.result.score / 10 + 1);
      const released = blocks.slice(0, play.releases.length);
      expect(rules.logRefusal(play.log, play.releases)).toBeNull();
      expect(rules.replayOn(released, play.log, play.releases)).toEqual({ valid: true, result: play.result });
    }
  });

  it('the release after food k - 1 holds every turn stamped before the tick after it was eaten, and no other', () => {
    const play = botOn(blocksOf('d', 400));
    let sent = 0;
    for (const release of play.releases.slice(1)) {
      const [tick, turns] = release.split(':') as [string, string];
      const count = turns === '' ? 0 : turns.split(',').length;
      sent += count;
      const boundary = (Number(tick) + 1) * TICK;
      expect(play.log.slice(0, sent).every((entry) => entry.atMs < boundary)).toBe(true);
      expect(play.log[sent]?.atMs ?? Infinity).toBeGreaterThanOrEqual(boundary);
    }
  });

  it('refuses a log that lies about the turns before a release, or about when a food was eaten', () => {
    const blocks = blocksOf('e', 400);
    const play = botOn(blocks);
    const released = blocks.slice(0, play.releases.length);
    const firstTick = Number(play.releases[2]!.split(':')[0]);
    const before = play.log.findIndex((entry) => entry.atMs >= (firstTick + 1) * TICK) - 1;
    expect(before).toBeGreaterThan(0);
    // A turn released, then logged a tick later.
    const moved = play.log.map((entry, index) =>
      index === before ? { ...entry, atMs: entry.atMs + 1 } : entry,
    );
    expect(rules.logRefusal(moved, play.releases)).toMatch(/^Input \d+ is not the turn the server recorded/);
    // A turn never released, slipped in before a release.
    const extra = [...play.log.slice(0, before + 1), { atMs: play.log[before]!.atMs, input: 'up' as const }];
    expect(rules.logRefusal([...extra, ...play.log.slice(before + 1)], play.releases)).toMatch(
      /is a turn the server was not told of|is not the turn the server recorded/,
    );
    // A release that claimed the eat a tick early (to get the block sooner), its turns honest.
    const early = [...play.releases];
    const [tick, turns] = early[2]!.split(':') as [string, string];
    early[2] = `${Number(tick) - 1}:${turns}`;
    const verdict = rules.replayOn(released, play.log, early);
    expect(verdict).toEqual({ valid: false, reason: expect.stringMatching(/^Food 1 was eaten on tick \d+/) });
    // A release for a food never eaten.
    const more = [...play.releases, snakeReleaseInput(play.result.ticks + 5, [])];
    const lied = rules.replayOn(blocks.slice(0, more.length), play.log, more);
    expect(lied).toEqual({ valid: false, reason: expect.stringMatching(/was never eaten/) });
    // Not released at all: no food after the opening's, fewer points.
    expect(rules.replayOn(released.slice(0, 1), play.log, ['open'])).not.toEqual({
      valid: true,
      result: play.result,
    });
  });

  it('a release input has one spelling', () => {
    expect(rules.releaseInput(0, 'open')).toBe('open');
    expect(rules.releaseInput(1, 'open')).toBeNull();
    expect(rules.releaseInput(1, '12:300u,400l')).toBe('12:300u,400l');
    expect(rules.releaseInput(1, '12:')).toBe('12:');
    for (const bad of ['012:300u', '12:0300u', '12:300x', '12', ':300u', '12:300u,', 12])
      expect(rules.releaseInput(1, bad)).toBeNull();
  });

  it("reads a release exactly as the contract's format and the one spelling say", () => {
    // The reference: the contract's regular expression, then every number written back the same.
    const oneSpelling = (input: string) =>
      SNAKE_RELEASE_FORMAT.test(input) && !/(^|[:,])0\d/.test(input) && input.split(',').length <= 2_000;
    const piece = fc.constantFrom(
      '0',
      '00',
      '7',
      '012',
      '99999',
      '123456',
      '1234567',
      '12345678',
      ':',
      ',',
      'u',
      'r',
      'd',
      'l',
      'x',
      ' ',
      '\u0000',
      '٣',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const input = pieces.join('');
        expect(rules.releaseInput(1, input) === input).toBe(oneSpelling(input));
      }),
      { numRuns: 5_000 },
    );
  });
});
