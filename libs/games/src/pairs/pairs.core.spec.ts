import fc from 'fast-check';
import { z } from 'zod';
import { type TimedInput } from '../game-core';
import { botSession } from './pairs.bot';
import {
  applyInput,
  faceUp,
  isOver,
  MISMATCH_SHOW_MS,
  newGame,
  pairsCore,
  PAIRS_MAX_DURATION_MS,
  scoreOf,
  type PairsInput,
  type PairsState,
} from './pairs.core';

const flip = (atMs: number, card: number): TimedInput<PairsInput> => ({ atMs, input: { card } });

/** Plays the flips in order; a refused flip fails the test with its reason. */
function play(seed: string, log: readonly TimedInput<PairsInput>[]): PairsState {
  return log.reduce((state, entry) => {
    const outcome = applyInput(state, entry);
    if (!outcome.ok) throw new Error(`flip refused: ${outcome.reason}`);
    return outcome.state;
  }, newGame(seed));
}

/** The two cards of each face in a layout: partners[face] = [card, card]. */
function partners(state: PairsState): [number, number][] {
  const byFace: number[][] = [];
  state.faces.forEach((face, card) => (byFace[face] ??= []).push(card));
  return byFace as [number, number][];
}

/** A card whose face differs from `card`'s. */
function otherFace(state: PairsState, card: number): number {
  return state.faces.findIndex((face) => face !== state.faces[card]);
}

/** A perfect play: each pair in face order, a flip every `gapMs`. */
function perfectLog(seed: string, gapMs = 300): TimedInput<PairsInput>[] {
  const log: TimedInput<PairsInput>[] = [];
  for (const [a, b] of partners(newGame(seed)))
    log.push(flip((log.length + 1) * gapMs, a), flip((log.length + 2) * gapMs, b));
  return log;
}

describe('Memory Pairs rules', () => {
  it('given a seed, when a game starts, then 16 cards show 8 faces twice each, all face down', () => {
    const state = newGame('deal');
    expect([...state.faces].sort()).toEqual([0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7]);
    expect(faceUp(state, 0).some(Boolean)).toBe(false);
  });

  it('given the same seed, when two games start, then their layouts are the same; another seed deals another', () => {
    expect(newGame('same').faces).toEqual(newGame('same').faces);
    expect(newGame('same').faces).not.toEqual(newGame('other').faces);
  });

  it('given a first flip, when it lands, then that card is face up and the turn waits for a second', () => {
    const state = play('turn', [flip(100, 5)]);
    expect(state.firstCard).toBe(5);
    expect(faceUp(state, 100)[5]).toBe(true);
  });

  it('given a first flip, when the second shows the same face, then both stay face up as a found pair', () => {
    const [a, b] = partners(newGame('match'))[3]!;
    const state = play('match', [flip(100, a), flip(400, b)]);
    expect(state.pairsFound).toBe(1);
    expect(faceUp(state, 1_000_000)[a] && faceUp(state, 1_000_000)[b]).toBe(true);
  });

  it('given a first flip, when the second shows another face, then both are shown for the mismatch time and then turn face down', () => {
    const game = newGame('miss');
    const b = otherFace(game, 0);
    const state = play('miss', [flip(100, 0), flip(400, b)]);
    expect(state.pairsFound).toBe(0);
    expect(faceUp(state, 400 + MISMATCH_SHOW_MS - 1)[0]).toBe(true);
    expect(faceUp(state, 400 + MISMATCH_SHOW_MS)[0]).toBe(false);
    expect(faceUp(state, 400 + MISMATCH_SHOW_MS)[b]).toBe(false);
  });

  it('given a mismatch just shown, when the next flip comes before the mismatch time is over, then it is illegal', () => {
    const b = otherFace(newGame('hurry'), 0);
    const state = play('hurry', [flip(100, 0), flip(400, b)]);
    expect(applyInput(state, flip(400 + MISMATCH_SHOW_MS - 1, 2)).ok).toBe(false);
    expect(applyInput(state, flip(400 + MISMATCH_SHOW_MS, 2)).ok).toBe(true);
  });

  it('given a first flip, when the same card is flipped again, then it is illegal', () => {
    const state = play('twice', [flip(100, 7)]);
    expect(applyInput(state, flip(300, 7))).toEqual({ ok: false, reason: 'Card 7 is already face up' });
  });

  it('given a found pair, when one of its cards is flipped, then it is illegal', () => {
    const [a, b] = partners(newGame('found'))[0]!;
    const state = play('found', [flip(100, a), flip(300, b)]);
    expect(applyInput(state, flip(600, a))).toEqual({ ok: false, reason: `Card ${a} is already matched` });
  });

  it('given a flip stamped before the last one, when it is applied, then it is refused', () => {
    const state = play('clock', [flip(500, 1)]);
    expect(applyInput(state, flip(499, 2)).ok).toBe(false);
  });

  it('given seven pairs found, when the last pair is found, then the play is over and its time is that flip', () => {
    const log = perfectLog('finish');
    const state = play('finish', log);
    expect(isOver(state)).toBe(true);
    expect(scoreOf(state)).toBe(log.at(-1)!.atMs);
  });

  it('given every pair found, when another card is flipped, then it is illegal', () => {
    const state = play('over', perfectLog('over'));
    expect(applyInput(state, flip(10_000, 0))).toEqual({
      ok: false,
      reason: 'Flip after every pair was found',
    });
  });

  it('given a play that stops early, when it is replayed, then it is valid, not completed and has no time', () => {
    const verdict = pairsCore.replay('early', perfectLog('early').slice(0, 5));
    expect(verdict).toEqual({
      valid: true,
      result: { score: 0, completed: false, durationMs: 1500, ticks: 5 },
    });
  });

  it('given untrusted inputs, when parsed, then only a whole card index from 0 to 15 is a flip', () => {
    expect(pairsCore.parseInput({ card: 0 })).toEqual({ card: 0 });
    expect(pairsCore.parseInput({ card: 15 })).toEqual({ card: 15 });
    for (const bad of [
      { card: 16 },
      { card: -1 },
      { card: 1.5 },
      { card: '3' },
      { card: 3, extra: 1 },
      {},
      null,
      3,
      'left',
    ])
      expect(pairsCore.parseInput(bad)).toBeNull();
  });

  it('given anything, when parsed, then it answers as the strict schema of a flip does', () => {
    // The schema the hand-written check replaced (replay checks every flip): the two must agree.
    const flipSchema = z.strictObject({ card: z.number().int().min(0).max(15) });
    const flipLike = fc.oneof(
      fc.anything(),
      fc.record({ card: fc.oneof(fc.integer({ min: -2, max: 17 }), fc.double(), fc.anything()) }),
      fc.record({ card: fc.integer({ min: 0, max: 15 }), other: fc.anything() }, { requiredKeys: ['card'] }),
      fc.array(fc.integer({ min: 0, max: 15 })),
    );
    fc.assert(
      fc.property(flipLike, (value) => {
        const parsed = flipSchema.safeParse(value);
        expect(pairsCore.parseInput(value)).toEqual(parsed.success ? parsed.data : null);
      }),
      { numRuns: 2_000 },
    );
  });

  it('is the TIME game Memory Pairs with human limits', () => {
    expect(pairsCore).toMatchObject({
      slug: 'pairs',
      name: 'Memory Pairs',
      resultKind: 'TIME',
      maxDurationMs: 300_000,
    });
  });
});

describe('Memory Pairs replay', () => {
  // A session recorded once from the scripted bot: it must always replay to the same result.
  const recordedSeed = 'recorded-play-1';
  const recordedLog: TimedInput<PairsInput>[] = RECORDED_LOG();

  it('deals the recorded seed the layout it was recorded with', () => {
    expect(newGame(recordedSeed).faces).toEqual(RECORDED_FACES);
  });

  it('replays a recorded session to its known result', () => {
    expect(pairsCore.replay(recordedSeed, recordedLog)).toEqual({ valid: true, result: RECORDED_RESULT });
  });

  it('replays a recorded perfect play to its last flip time', () => {
    expect(pairsCore.replay('perfect', perfectLog('perfect', 250))).toEqual({
      valid: true,
      result: { score: 4000, completed: true, durationMs: 4000, ticks: 16 },
    });
  });

  it('gives the same verdict for the same seed and log, every time', () => {
    // Flips of any card a human while apart: many replay (some to completion), the rest are refused.
    const flips = fc.array(fc.tuple(fc.integer({ min: 100, max: 1500 }), fc.integer({ min: 0, max: 15 })), {
      maxLength: 60,
    });
    fc.assert(
      fc.property(fc.string(), flips, (seed, gapsAndCards) => {
        let clock = 0;
        const log = gapsAndCards.map(([gap, card]) => flip((clock += gap), card));
        expect(pairsCore.replay(seed, log)).toEqual(pairsCore.replay(seed, structuredClone(log)));
      }),
      { numRuns: 300 },
    );
  });

  it('accepts every honest session of the scripted bot, completed at its last flip', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.string(), (seed, botSeed) => {
        const { log, state } = botSession(seed, botSeed);
        const verdict = pairsCore.replay(seed, log);
        expect(verdict).toEqual({
          valid: true,
          result: {
            score: log.at(-1)!.atMs,
            completed: true,
            durationMs: log.at(-1)!.atMs,
            ticks: log.length,
          },
        });
        expect(scoreOf(state)).toBe(log.at(-1)!.atMs);
      }),
      { numRuns: 200 },
    );
  });

  it('accepts an honest session stopped early as valid but not completed', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 0, max: 15 }), (seed, stopAfterFlips) => {
        const { log } = botSession(seed, 'stops', { stopAfterFlips });
        const verdict = pairsCore.replay(seed, log);
        expect(verdict).toMatchObject({ valid: true, result: { completed: false, score: 0 } });
      }),
      { numRuns: 50 },
    );
  });
});

describe('Memory Pairs forged logs', () => {
  const seed = 'forged';
  const honest = botSession(seed, 'honest-bot').log;
  const refused = (log: unknown) => pairsCore.replay(seed, log as TimedInput<PairsInput>[]).valid === false;

  it('refuses an edited flip that turns over a matched card', () => {
    const [a, b] = partners(newGame(seed))[0]!;
    const log = perfectLog(seed);
    log[2] = flip(log[2]!.atMs, log[0]!.input.card);
    expect(log[0]!.input.card === a || log[0]!.input.card === b).toBe(true);
    expect(refused(log)).toBe(true);
  });

  it('refuses an edited flip that is not a card of the game', () => {
    for (const input of [{ card: 16 }, { card: -1 }, { card: 2.5 }, { card: '1' }, null, { flip: 1 }]) {
      const log: unknown[] = structuredClone(honest);
      log[3] = { atMs: honest[3]!.atMs, input };
      expect(refused(log)).toBe(true);
    }
  });

  it('refuses inputs after every pair was found', () => {
    const last = honest.at(-1)!;
    expect(refused([...honest, flip(last.atMs + 1000, 0)])).toBe(true);
  });

  it('refuses or times differently another seed’s log', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (seedA, seedB) => {
        fc.pre(seedA !== seedB);
        const { log } = botSession(seedA, 'bot');
        const original = pairsCore.replay(seedA, log);
        const verdict = pairsCore.replay(seedB, log);
        expect(verdict).not.toEqual(original);
      }),
      { numRuns: 100 },
    );
  });

  it('refuses a clock going backwards', () => {
    const log = structuredClone(honest);
    log[5] = { ...log[5]!, atMs: log[4]!.atMs - 1 };
    expect(pairsCore.replay(seed, log)).toEqual({ valid: false, reason: 'Input 5 is out of clock order' });
  });

  it('refuses a clock that is not a whole number of ms', () => {
    const log = structuredClone(honest);
    log[5] = { ...log[5]!, atMs: log[5]!.atMs + 0.5 };
    expect(refused(log)).toBe(true);
    expect(refused([{ atMs: '100', input: { card: 0 } }])).toBe(true);
  });

  it('refuses flips faster than human limits', () => {
    // Sixteen flips of a perfect play within one second: no mismatch to wait for, only the rate.
    expect(refused(perfectLog(seed, 60))).toBe(true);
    expect(refused(perfectLog(seed, 101))).toBe(false);
  });

  it('refuses a flip before a mismatch was shown for its time', () => {
    const b = otherFace(newGame(seed), 0);
    expect(refused([flip(100, 0), flip(300, b), flip(300 + MISMATCH_SHOW_MS - 1, 1)])).toBe(true);
  });

  it('refuses a flip past the longest play', () => {
    expect(refused([flip(PAIRS_MAX_DURATION_MS + 1, 0)])).toBe(true);
  });

  it('refuses, never throws, any malformed log', () => {
    expect(refused(null)).toBe(true);
    expect(refused({ length: 1 })).toBe(true);
    expect(refused([null])).toBe(true);
    fc.assert(
      fc.property(fc.anything(), (log) => {
        expect(() => pairsCore.replay(seed, log as TimedInput<PairsInput>[])).not.toThrow();
      }),
    );
  });
});

// Recorded with botSession('recorded-play-1', 'recorder'): kept literal so a change of rules or RNG shows.
function RECORDED_LOG(): TimedInput<PairsInput>[] {
  const flips: [number, number][] = [
    [1109, 4],
    [1306, 6],
    [2770, 7],
    [3316, 3],
    [4759, 13],
    [5639, 8],
    [6293, 12],
    [6595, 0],
    [7813, 5],
    [8826, 13],
    [9196, 0],
    [9632, 7],
    [10115, 1],
    [10379, 12],
    [11503, 14],
    [12275, 15],
    [13148, 6],
    [13337, 15],
    [13673, 10],
    [14281, 8],
    [14509, 11],
    [15686, 14],
    [16485, 9],
    [16643, 4],
    [17111, 2],
    [17601, 3],
  ];
  return flips.map(([atMs, card]) => flip(atMs, card));
}
const RECORDED_FACES = [6, 4, 7, 7, 1, 3, 5, 6, 0, 1, 0, 2, 4, 3, 2, 5];
const RECORDED_RESULT = { score: 17601, completed: true, durationMs: 17601, ticks: 26 };
