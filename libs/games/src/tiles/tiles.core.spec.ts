import fc from 'fast-check';
import { SeededRandom, type TimedInput } from '../game-core';
import { playTiles } from './tiles.bot';
import { applyMove, isOver, newGame, scoreOf, tilesCore, type TilesState } from './tiles.core';
import { TILES_MOVES, canMove, slide, type TilesMove } from './tiles.rules';

const row = (...values: number[]) => [...values, ...new Array<number>(12).fill(0)];
const tileCount = (board: readonly number[]) => board.filter((value) => value !== 0).length;
const sum = (board: readonly number[]) => board.reduce((total, value) => total + value, 0);
const refused = (seed: string, log: readonly TimedInput<TilesMove>[]) => {
  const verdict = tilesCore.replay(seed, log);
  return verdict.valid ? null : verdict.reason;
};

/**
 * The scripted player (tiles.bot.ts): the corner strategy, one move in five at random among the legal
 * ones, 100 to 900 ms between moves.
 */
const playHonestly = (seed: string, stopAfter?: number) =>
  playTiles(seed, new SeededRandom(`bot:${seed}`), { lapseOneIn: 5, paceMs: [100, 900], stopAfter });

/** A recorded play: its moves spelled by initial, 250 ms apart. */
const recorded = (moves: string): TimedInput<TilesMove>[] =>
  [...moves].map((letter, index) => ({
    atMs: 250 * (index + 1),
    input: ({ u: 'up', d: 'down', l: 'left', r: 'right' } as const)[letter as 'u' | 'd' | 'l' | 'r'],
  }));

describe('Tile Merge rules', () => {
  it('slides every tile to the edge of the move', () => {
    expect(slide(row(0, 2, 0, 4), 'left')?.board).toEqual(row(2, 4, 0, 0));
    expect(slide(row(2, 0, 4, 0), 'right')?.board).toEqual(row(0, 0, 2, 4));
  });

  it('slides columns on up and down', () => {
    const column = [0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 4, 0, 0, 0];
    expect(slide(column, 'up')?.board).toEqual([2, 0, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(slide([2, 0, 0, 0, ...new Array<number>(12).fill(0)], 'down')?.board[12]).toBe(2);
  });

  it('merges two equal tiles that meet into one of twice the value, the score gaining that value', () => {
    expect(slide(row(2, 0, 0, 2), 'left')).toEqual({ board: row(4, 0, 0, 0), gained: 4 });
  });

  it('merges the pair nearest the edge first', () => {
    expect(slide(row(2, 2, 2, 0), 'left')?.board).toEqual(row(4, 2, 0, 0));
    expect(slide(row(2, 2, 2, 0), 'right')?.board).toEqual(row(0, 0, 2, 4));
  });

  it('merges a tile at most once per move', () => {
    expect(slide(row(4, 2, 2, 0), 'left')).toEqual({ board: row(4, 4, 0, 0), gained: 4 });
    expect(slide(row(2, 2, 2, 2), 'left')).toEqual({ board: row(4, 4, 0, 0), gained: 8 });
  });

  it('refuses a move that changes nothing', () => {
    expect(slide(row(2, 4, 8, 16), 'left')).toBeNull();
    expect(slide(row(2, 4, 8, 16), 'up')).toBeNull();
  });

  it('plays no move on a full board without two equal neighbours: the game is over', () => {
    const checkerboard = Array.from({ length: 16 }, (_, index) =>
      (index + Math.floor(index / 4)) % 2 ? 2 : 4,
    );
    expect(canMove(checkerboard)).toBe(false);
    for (const move of TILES_MOVES) expect(slide(checkerboard, move)).toBeNull();
  });

  it('starts a game with two tiles, each a 2 or a 4', () => {
    fc.assert(
      fc.property(fc.string(), (seed) => {
        const { board, score, over } = newGame(seed);
        expect(tileCount(board)).toBe(2);
        expect(board.every((value) => [0, 2, 4].includes(value))).toBe(true);
        expect({ score, over }).toEqual({ score: 0, over: false });
      }),
    );
  });

  it('adds one new tile, a 2 or a 4, after every move that changes the board', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.array(fc.constantFrom(...TILES_MOVES), { maxLength: 60 }),
        (seed, moves) => {
          const state = newGame(seed);
          for (const move of moves) {
            const before = [...state.board];
            const played = applyMove(state, move);
            if (!played) {
              expect(state.board).toEqual(before);
              continue;
            }
            // Merging keeps the board's sum, so the sum grows by exactly the new tile.
            const slid = slide(before, move)!.board;
            expect([2, 4]).toContain(sum(state.board) - sum(before));
            expect(tileCount(state.board)).toBe(tileCount(slid) + 1);
          }
        },
      ),
    );
  });

  it('scores the sum of all merges', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.array(fc.constantFrom(...TILES_MOVES), { maxLength: 60 }),
        (seed, moves) => {
          const state = newGame(seed);
          let merged = 0;
          for (const move of moves) {
            const outcome = slide(state.board, move);
            if (applyMove(state, move)) merged += outcome!.gained;
          }
          expect(scoreOf(state)).toBe(merged);
        },
      ),
    );
  });

  it('ends the game when no move changes the board, and plays nothing after', () => {
    const { state } = playHonestly('game over');
    expect(isOver(state)).toBe(true);
    for (const move of TILES_MOVES) expect(slide(state.board, move)).toBeNull();
    const frozen = { ...state, board: [...state.board] } satisfies TilesState;
    for (const move of TILES_MOVES) expect(applyMove(state, move)).toBe(false);
    expect({ ...state, board: [...state.board] }).toEqual(frozen);
  });
});

/**
 * The rule written the plain way, on tile values, line by line (as the core did before its table
 * lookup): what the fast path must always agree with.
 */
function referenceSlide(
  board: readonly number[],
  move: TilesMove,
): { board: number[]; gained: number } | null {
  const next = [...board];
  const along = (line: number, position: number) =>
    ({
      left: line * 4 + position,
      right: line * 4 + 3 - position,
      up: position * 4 + line,
      down: (3 - position) * 4 + line,
    })[move];
  let gained = 0;
  for (let line = 0; line < 4; line++) {
    const tiles = [0, 1, 2, 3]
      .map((position) => board[along(line, position)]!)
      .filter((value) => value !== 0);
    const settled: number[] = [];
    for (let index = 0; index < tiles.length; index++) {
      if (tiles[index] === tiles[index + 1]) {
        settled.push(tiles[index]! * 2);
        gained += tiles[index]! * 2;
        index++;
      } else settled.push(tiles[index]!);
    }
    for (let position = 0; position < 4; position++) next[along(line, position)] = settled[position] ?? 0;
  }
  return next.every((value, index) => value === board[index]) ? null : { board: next, gained };
}

describe('Tile Merge fast path', () => {
  // Small exponents make merges likely; large ones reach the lines the lookup table cannot hold (32768 up).
  const exponents = fc.oneof(
    fc.integer({ min: 0, max: 3 }),
    fc.integer({ min: 0, max: 17 }),
    fc.integer({ min: 13, max: 17 }),
  );
  const boards = fc
    .array(exponents, { minLength: 16, maxLength: 16 })
    .map((cells) => cells.map((exponent) => (exponent === 0 ? 0 : 2 ** exponent)));

  it('slides every board as the plain rule does, gaining the same points', () => {
    fc.assert(
      fc.property(boards, fc.constantFrom(...TILES_MOVES), (board, move) => {
        expect(slide(board, move)).toEqual(referenceSlide(board, move));
      }),
      { numRuns: 3_000 },
    );
  });

  it('slides every line of tiles up to 32768 as the plain rule does (the whole lookup table)', () => {
    for (let packed = 0; packed < 1 << 16; packed++) {
      const line = [0, 1, 2, 3].map((position) => (packed >> (4 * position)) & 15);
      const board = row(...line.map((exponent) => (exponent === 0 ? 0 : 2 ** exponent)));
      const [fast, plain] = [slide(board, 'left'), referenceSlide(board, 'left')];
      // toEqual per line would take minutes; one comparison of the serialised results is enough.
      if (JSON.stringify(fast) !== JSON.stringify(plain))
        throw new Error(`line ${line.join(',')}: ${JSON.stringify(fast)} ≠ ${JSON.stringify(plain)}`);
    }
  });

  it('sees a move on the same boards as the plain rule does', () => {
    fc.assert(
      fc.property(boards, (board) => {
        expect(canMove(board)).toBe(TILES_MOVES.some((move) => referenceSlide(board, move) !== null));
      }),
      { numRuns: 5_000 },
    );
  });

  it('merges lines of the largest tiles, beyond the lookup table', () => {
    const big = 2 ** 15;
    expect(slide(row(big, big, big, big), 'left')).toEqual({
      board: row(2 * big, 2 * big, 0, 0),
      gained: 4 * big,
    });
    expect(slide(row(2 * big, 2 * big, 4, 4), 'right')).toEqual({
      board: row(0, 0, 4 * big, 8),
      gained: 4 * big + 8,
    });
    expect(slide(row(2 * big, 4, 0, 0), 'left')).toBeNull();
  });

  it('plays whole games as the plain rule does', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.array(fc.constantFrom(...TILES_MOVES), { maxLength: 300 }),
        (seed, moves) => {
          const state = newGame(seed);
          let score = 0;
          for (const move of moves) {
            const expected = isOver(state) ? null : referenceSlide(state.board, move);
            expect(applyMove(state, move)).toBe(expected !== null);
            score += expected?.gained ?? 0;
            expect(scoreOf(state)).toBe(score);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('Tile Merge input language', () => {
  it('takes the four moves and nothing else', () => {
    for (const move of TILES_MOVES) expect(tilesCore.parseInput(move)).toBe(move);
    for (const value of ['UP', 'diagonal', '', null, undefined, 1, { move: 'up' }, ['up'], 'up\u0000'])
      expect(tilesCore.parseInput(value)).toBeNull();
  });
});

describe('Tile Merge replay', () => {
  // Plays of the scripted player, pinned when recorded: a change to the rules or the generator shows here.
  const stoppedPlay = recorded('udlllldddludddddduddldldurdlddrdudllddrddldddlddddrddldrddld');
  const finishedPlay = recorded(
    'ddddddddddddlddllldddldrdddddddllrlddrdudldddlddddrdddddddddddudlddudldudlrdddddddddddu',
  );

  it('replays a recorded play stopped early to its known result', () => {
    expect(tilesCore.replay('recorded-1', stoppedPlay)).toEqual({
      valid: true,
      result: { score: 504, completed: false, durationMs: 15_000, ticks: 60 },
    });
  });

  it('replays a recorded finished play to its known result and final board', () => {
    expect(tilesCore.replay('recorded-finished', finishedPlay)).toEqual({
      valid: true,
      result: { score: 672, completed: true, durationMs: 21_750, ticks: 87 },
    });
    const state = newGame('recorded-finished');
    for (const { input } of finishedPlay) applyMove(state, input);
    expect(state.board).toEqual([2, 4, 2, 4, 8, 16, 8, 2, 16, 32, 2, 32, 2, 64, 4, 2]);
  });

  it('replays an empty log as a play stopped before its first move', () => {
    expect(tilesCore.replay('any', [])).toEqual({
      valid: true,
      result: { score: 0, completed: false, durationMs: 0, ticks: 0 },
    });
  });

  it('gives the same result for the same seed and log', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.array(fc.constantFrom(...TILES_MOVES), { maxLength: 80 }),
        (seed, moves) => {
          const log = moves.map((input, index) => ({ atMs: 200 * (index + 1), input }));
          expect(tilesCore.replay(seed, log)).toEqual(tilesCore.replay(seed, log));
        },
      ),
    );
  });

  it('accepts every honest play, finished or stopped early, with the score of the live game', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.option(fc.integer({ min: 0, max: 300 }), { nil: undefined }),
        (seed, stopAfter) => {
          const { state, log } = playHonestly(seed, stopAfter);
          expect(tilesCore.replay(seed, log)).toEqual({
            valid: true,
            result: {
              score: state.score,
              completed: state.over,
              durationMs: log.at(-1)?.atMs ?? 0,
              ticks: log.length,
            },
          });
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('Tile Merge forged logs', () => {
  const { log: honest } = playHonestly('forged');

  it('refuses an input edited into a move that changes nothing', () => {
    // The first move of the play, past the opening, where some other move would change nothing.
    const state = newGame('forged');
    let index = -1;
    let dead: TilesMove | undefined;
    for (const [at, entry] of honest.entries()) {
      dead = TILES_MOVES.find((move) => slide(state.board, move) === null);
      if (at > 10 && dead) {
        index = at;
        break;
      }
      applyMove(state, entry.input);
    }
    if (!dead || index < 0) throw new Error('the scripted play should reach a board with a dead move');
    const forged = honest.map((entry, at) => (at === index ? { ...entry, input: dead } : entry));
    expect(refused('forged', forged)).toBe(`Input ${index} does not change the board`);
  });

  it('refuses an input that is not a move', () => {
    const forged = honest.map((entry, at) =>
      at === 3 ? { ...entry, input: 'diagonal' as TilesMove } : entry,
    );
    expect(refused('forged', forged)).toBe('Input 3 is not a move');
  });

  it('refuses an input after the game is over', () => {
    const last = honest.at(-1)!;
    expect(refused('forged', [...honest, { atMs: last.atMs + 500, input: 'up' }])).toBe(
      `Input ${honest.length} comes after the game is over`,
    );
  });

  it("never gives another seed's play the same result", () => {
    const original = tilesCore.replay('forged', honest);
    fc.assert(
      fc.property(
        fc.string().filter((seed) => seed !== 'forged'),
        (seed) => {
          const verdict = tilesCore.replay(seed, honest);
          expect(verdict.valid && original.valid && verdict.result.score === original.result.score).toBe(
            false,
          );
        },
      ),
    );
  });

  it('refuses a clock going backwards', () => {
    const forged = honest.map((entry, at) => (at === 5 ? { ...entry, atMs: honest[3]!.atMs } : entry));
    expect(refused('forged', forged)).toBe('Input 5 is out of clock order');
  });

  it('refuses a clock that is not a whole number of ms or is negative', () => {
    expect(refused('forged', [{ ...honest[0]!, atMs: 10.5 }])).toBe('Input 0 is out of clock order');
    expect(refused('forged', [{ ...honest[0]!, atMs: -1 }])).toBe('Input 0 is out of clock order');
  });

  it('refuses moves faster than a human plays', () => {
    const rushed = honest.map((entry, index) => ({ ...entry, atMs: 50 * (index + 1) }));
    expect(refused('forged', rushed)).toBe('Inputs come faster than 10 a second');
  });

  it('refuses a play longer than the longest allowed', () => {
    const late = [{ ...honest[0]!, atMs: tilesCore.maxDurationMs + 1 }];
    expect(refused('forged', late)).toBe('Input 0 comes after the longest play allowed');
  });

  it('refuses, never throws, a log of the wrong shape', () => {
    for (const log of [null, 'up', [null], [1], { length: 1 }] as unknown as TimedInput<TilesMove>[][])
      expect(tilesCore.replay('forged', log).valid).toBe(false);
  });
});
