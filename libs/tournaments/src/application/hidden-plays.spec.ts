import { randomBytes } from 'node:crypto';
import { SeededRandom, gameCoreFor, snake, tiles, type TimedInput } from '@arena/games';
import { hiddenRuleOf } from './hidden-plays';
import { keystreamBlocks, keystreamSeeds } from './play-keystream';

/**
 * Tile Merge's randomness released step by step (docs/fair-play.md): block k of the play's keystream
 * seeds the tiles of step k and is told only after move k was recorded, and the result replays on the
 * same blocks, checked against the moves released.
 */

const core = gameCoreFor('tiles')!;
const keystream = core.keystream!;
const rule = hiddenRuleOf(core)!;
const newKey = () => randomBytes(16).toString('hex');
const bot = (seeds: (step: number) => string, stopAfter?: number) =>
  tiles.playTiles(seeds, new SeededRandom('bot'), { lapseOneIn: 5, paceMs: [120, 400], stopAfter });
const released = (log: readonly TimedInput<unknown>[]) => [
  'open',
  ...log.map((entry) => String(entry.input)),
];

describe('the keystream of a play', () => {
  it('gives the same block for a step whether asked alone or with every block before it', () => {
    const key = newKey();
    const all = keystreamBlocks(key, 0, 40);
    expect(all).toHaveLength(40);
    for (const step of [0, 1, 17, 39]) expect(keystreamBlocks(key, step, 1)).toEqual([all[step]]);
    expect(new Set(all).size).toBe(40);
    for (const block of all) expect(block).toMatch(/^[0-9a-f]{32}$/);
  });

  it("gives the replay each block's first 32 bits, as the game reads them from the block it was told", () => {
    const key = newKey();
    const blocks = keystreamBlocks(key, 0, 50);
    expect([...keystreamSeeds(key, 50)]).toEqual(blocks.map((block) => tiles.blockSeed(block)));
  });

  it('differs from key to key', () => {
    expect(keystreamBlocks(newKey(), 0, 4)).not.toEqual(keystreamBlocks(newKey(), 0, 4));
  });
});

describe('Tile Merge on released blocks', () => {
  it('cannot be foreseen: plays that open alike and make the same first move get different tiles after it', () => {
    // Keys whose opening boards are equal: everything the client knows before move 1 is the same.
    const byOpening = new Map<string, string[]>();
    let alike: string[] | undefined;
    while (!alike) {
      const key = newKey();
      const opening = tiles.newGameOn((step) => keystreamBlocks(key, step, 1)[0]!).board.join(',');
      const keys = [...(byOpening.get(opening) ?? []), key];
      byOpening.set(opening, keys);
      if (keys.length === 8) alike = keys;
    }
    const after = new Set<string>();
    for (const key of alike) {
      const state = tiles.newGameOn((step) => keystreamBlocks(key, step, 1)[0]!);
      const move = tiles.TILES_MOVES.find((candidate) => tiles.slide(state.board, candidate) !== null)!;
      expect(tiles.applyMove(state, move)).toBe(true);
      after.add(`${move}:${state.board.join(',')}`);
    }
    // Same opening, same first move (the first legal one of the same board): the tile after it varies.
    expect(new Set([...after].map((board) => board.split(':')[0])).size).toBe(1);
    expect(after.size).toBeGreaterThan(1);
  });

  it('draws the tile after move 1 from block 1 alone: the blocks told before it (block 0) do not fix it', () => {
    const key = newKey();
    const [opening] = keystreamBlocks(key, 0, 1);
    const after = new Set<string>();
    for (let other = 0; other < 12; other++) {
      const [, block1] = keystreamBlocks(newKey(), 0, 2);
      const state = tiles.newGameOn((step) => (step === 0 ? opening! : block1!));
      const move = tiles.TILES_MOVES.find((candidate) => tiles.slide(state.board, candidate) !== null)!;
      tiles.applyMove(state, move);
      after.add(state.board.join(','));
    }
    expect(after.size).toBeGreaterThan(1);
  });

  it('asks for the block of step k only once move k is played, in order, each once', () => {
    const key = newKey();
    const asked: { step: number; movesBefore: number }[] = [];
    let moves = 0;
    const { log, state } = bot((step) => {
      asked.push({ step, movesBefore: moves });
      return keystreamBlocks(key, step, 1)[0]!;
    }, 60);
    moves = log.length;
    expect(log.length).toBeGreaterThan(10);
    expect(asked.map((entry) => entry.step)).toEqual([...Array(log.length + 1).keys()]);
    expect(state.moves).toBe(log.length);
  });

  it('replays on the released blocks to exactly the live game', () => {
    for (let play = 0; play < 20; play++) {
      const key = newKey();
      const blocks = keystreamBlocks(key, 0, 3001);
      const { log, state } = bot((step) => blocks[step]!);
      const verdict = rule.verify(key, log, released(log));
      expect(verdict).toEqual({
        valid: true,
        result: {
          score: state.score,
          completed: state.over,
          durationMs: log.at(-1)?.atMs ?? 0,
          ticks: log.length,
        },
      });
    }
  });

  it('accepts a log that stops before the last move released', () => {
    const key = newKey();
    const { log } = bot((step) => keystreamBlocks(key, step, 1)[0]!, 30);
    const verdict = rule.verify(key, log.slice(0, 20), released(log));
    expect(verdict.valid && verdict.result.ticks).toBe(20);
  });

  it('refuses a log whose moves are not the ones released, in order', () => {
    const key = newKey();
    const { log } = bot((step) => keystreamBlocks(key, step, 1)[0]!, 30);
    const moves = released(log);
    // A client that released one move to see its tile, then logged another.
    const swapped = log.map((entry, index) =>
      index === 12 ? { ...entry, input: entry.input === 'up' ? 'down' : 'up' } : entry,
    );
    expect(rule.verify(key, swapped, moves)).toEqual({
      valid: false,
      reason: 'Input 12 is not the move the server released',
    });
    // One move more than released: its tile was never told, so it was never drawn for this log.
    const longer = [...log, { atMs: log.at(-1)!.atMs + 200, input: 'left' }];
    expect(rule.verify(key, longer, moves)).toEqual({
      valid: false,
      reason: 'Input 30 is not the move the server released',
    });
    // Moves released without the opening first.
    expect(rule.verify(key, log, moves.slice(1))).toMatchObject({ valid: false });
  });

  it('records the opening only at step 0 and moves only after it', () => {
    expect(keystream.releaseInput(0, 'open')).toBe('open');
    expect(keystream.releaseInput(0, 'left')).toBeNull();
    expect(keystream.releaseInput(1, 'open')).toBeNull();
    expect(keystream.releaseInput(5, 'down')).toBe('down');
    expect(keystream.releaseInput(5, { move: 'down' })).toBeNull();
  });
});

/**
 * Snake's food released step by step: block k of the play's keystream seeds food k, told only once the
 * turns before food k - 1 was eaten, and its tick, are recorded; the result replays on those blocks.
 */
describe('Snake on released food', () => {
  const snakeCore = gameCoreFor('snake')!;
  const snakeRule = hiddenRuleOf(snakeCore)!;
  const foodSeeds = (key: string) => (food: number) =>
    snake.snakeBlockSeed(keystreamBlocks(key, food, 1)[0]!);
  const snakeBot = (key: string) =>
    snake.playSnake(foodSeeds(key), new SeededRandom('snake bot'), { careful: true, maxTicks: 1_200 });

  it('is a release game whose start shows nothing: the start answers no seed', () => {
    expect(snakeRule.route).toBe('release');
  });

  it('cannot be foreseen: plays with the same first food get different food after the first eat', () => {
    // Keys whose first food lands in the same cell, eaten by the same route: the next food differs.
    const byFirstFood = new Map<number, string>();
    let pair: [string, string] | undefined;
    while (!pair) {
      const key = newKey();
      const first = snake.newSnakeGameOn((food) => (food === 0 ? foodSeeds(key)(0) : null)).food;
      const other = byFirstFood.get(first);
      if (other) pair = [other, key];
      else byFirstFood.set(first, key);
    }
    const [one, two] = pair.map((key) => {
      const state = snake.newSnakeGameOn(foodSeeds(key));
      state.food = 11 + 10 * snake.SNAKE_GRID_SIZE; // the first food, moved into the snake's way
      snake.advanceSnake(state, 3 * snake.SNAKE_TICK_MS);
      return state;
    });
    expect(snake.snakeCells(one!)).toEqual(snake.snakeCells(two!));
    expect(one!.food).not.toBe(two!.food);
  });

  it('replays on the released blocks to exactly the live game', () => {
    for (let play = 0; play < 10; play++) {
      const key = newKey();
      const { log, result } = snakeBot(key);
      const releases = snakeCore.keystream!.releasesOf((step) => keystreamBlocks(key, step, 1)[0]!, log);
      // `open`, and one per food eaten, unless the snake died on the tick after its last.
      expect([result.score / 10, result.score / 10 + 1]).toContain(releases.length);
      expect(snakeRule.verify(key, log, releases)).toEqual({ valid: true, result });
    }
  });

  it('refuses a log that lies about the turns before a release', () => {
    const key = newKey();
    const { log } = snakeBot(key);
    const releases = snakeCore.keystream!.releasesOf((step) => keystreamBlocks(key, step, 1)[0]!, log);
    expect(releases.length).toBeGreaterThan(3);
    const boundary = (Number(releases[2]!.split(':')[0]) + 1) * snake.SNAKE_TICK_MS;
    const last = log.findLastIndex((entry) => entry.atMs < boundary);
    // The turn told to the server before food 2, logged as another turn.
    const other = log.map((entry, index) =>
      index === last
        ? { ...entry, input: entry.input === 'up' || entry.input === 'down' ? 'left' : 'up' }
        : entry,
    );
    expect(snakeRule.verify(key, other, releases)).toEqual({
      valid: false,
      reason: expect.stringMatching(
        new RegExp(`^Input ${last} is not the turn the server recorded before releasing food \\d+$`),
      ),
    });
    // A release that claims food 0 was eaten a tick later than it was.
    const [tick, turns] = releases[1]!.split(':') as [string, string];
    const later = [releases[0]!, `${Number(tick) + 1}:${turns}`, ...releases.slice(2)];
    expect(snakeRule.verify(key, log, later)).toMatchObject({ valid: false });
  });
});
