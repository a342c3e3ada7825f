import { SeededRandom, type BotDice, type TimedInput } from '../game-core';
import { applyInput, isOver, newGame, PAIRS_MAX_DURATION_MS, type PairsInput } from './pairs.core';

export interface PairsBotOptions {
  /** Of each card it sees, the player remembers this many times in ten (10: a perfect memory). */
  remembersInTen: number;
  /** The pause before each flip, from and to, in ms (after waiting out a mismatch). */
  paceMs: readonly [number, number];
  /** Stops after this many flips. */
  stopAfterFlips?: number;
  /** Stops before a flip that would come later on the game clock (at most the longest play). */
  maxDurationMs?: number;
}

/** The scripted player with its usual memory and pace (4 cards in 5, 150 to 1200 ms); choices from `botSeed`. */
export function botSession(seed: string, botSeed: string, options: { stopAfterFlips?: number } = {}) {
  return playPairs(seed, new SeededRandom(botSeed), { remembersInTen: 8, paceMs: [150, 1200], ...options });
}

/**
 * A scripted honest player: sees only the cards it has flipped, remembers some of them, waits out
 * each mismatch and pauses a human while between flips. Its own choices come from `dice`.
 */
export function playPairs(seed: string, dice: BotDice, options: PairsBotOptions) {
  const stopAfterFlips = options.stopAfterFlips ?? Infinity;
  const maxDurationMs = Math.min(options.maxDurationMs ?? PAIRS_MAX_DURATION_MS, PAIRS_MAX_DURATION_MS);
  const memory = new Map<number, number>(); // card → face seen
  const log: TimedInput<PairsInput>[] = [];
  let state = newGame(seed);
  let clock = 0;
  /** Flips the card; false, flipping nothing, when the flip would come past the longest play. */
  const step = (card: number): boolean => {
    const wait = state.mismatch ? Math.max(0, state.mismatch.hideAtMs - clock) : 0;
    const atMs = clock + wait + dice.int(options.paceMs[0], options.paceMs[1]);
    if (atMs > maxDurationMs) return false;
    clock = atMs;
    const entry: TimedInput<PairsInput> = { atMs, input: { card } };
    const outcome = applyInput(state, entry);
    if (!outcome.ok) throw new Error(`bot made an illegal flip: ${outcome.reason}`);
    state = outcome.state;
    log.push(entry);
    if (dice.int(0, 9) < options.remembersInTen) memory.set(card, state.faces[card]!);
    return true;
  };
  const hidden = () => state.faces.map((_, card) => card).filter((card) => !state.matched[card]);
  while (!isOver(state) && log.length < stopAfterFlips) {
    const open = hidden();
    const remembered = open.filter((card) => memory.has(card));
    const knownPair = remembered.find((a) =>
      remembered.some((b) => b !== a && memory.get(b) === memory.get(a)),
    );
    const unseen = open.filter((card) => !memory.has(card));
    const first = knownPair ?? (unseen.length > 0 ? unseen[dice.int(0, unseen.length - 1)]! : open[0]!);
    if (!step(first)) break;
    if (isOver(state) || log.length >= stopAfterFlips) break;
    const rest = hidden().filter((card) => card !== first);
    const partner = rest.find((card) => memory.get(card) === state.faces[first]);
    const fresh = rest.filter((card) => !memory.has(card));
    const second =
      partner ??
      (fresh.length > 0 ? fresh[dice.int(0, fresh.length - 1)]! : rest[dice.int(0, rest.length - 1)]!);
    if (!step(second)) break;
  }
  return { log, state };
}
