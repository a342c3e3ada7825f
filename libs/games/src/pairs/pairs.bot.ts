import { SeededRandom, type TimedInput } from '../game-core';
import { applyInput, isOver, newGame, type PairsInput } from './pairs.core';

/**
 * A scripted honest player: sees only the cards it has flipped, remembers some of them, waits out
 * each mismatch and pauses a human while between flips. Its own choices come from `botSeed`.
 */
export function botSession(seed: string, botSeed: string, options: { stopAfterFlips?: number } = {}) {
  const random = new SeededRandom(botSeed);
  const memory = new Map<number, number>(); // card → face seen
  const log: TimedInput<PairsInput>[] = [];
  let state = newGame(seed);
  let clock = 0;
  const step = (card: number) => {
    const wait = state.mismatch ? Math.max(0, state.mismatch.hideAtMs - clock) : 0;
    clock += wait + random.int(150, 1200);
    const entry: TimedInput<PairsInput> = { atMs: clock, input: { card } };
    const outcome = applyInput(state, entry);
    if (!outcome.ok) throw new Error(`bot made an illegal flip: ${outcome.reason}`);
    state = outcome.state;
    log.push(entry);
    if (random.int(0, 9) < 8) memory.set(card, state.faces[card]!); // forgets one flip in five
  };
  const hidden = () => state.faces.map((_, card) => card).filter((card) => !state.matched[card]);
  while (!isOver(state) && log.length < (options.stopAfterFlips ?? Infinity)) {
    const open = hidden();
    const remembered = open.filter((card) => memory.has(card));
    const knownPair = remembered.find((a) =>
      remembered.some((b) => b !== a && memory.get(b) === memory.get(a)),
    );
    const unseen = open.filter((card) => !memory.has(card));
    const first = knownPair ?? (unseen.length > 0 ? unseen[random.int(0, unseen.length - 1)]! : open[0]!);
    step(first);
    if (isOver(state) || log.length >= (options.stopAfterFlips ?? Infinity)) break;
    const rest = hidden().filter((card) => card !== first);
    const partner = rest.find((card) => memory.get(card) === state.faces[first]);
    const fresh = rest.filter((card) => !memory.has(card));
    step(
      partner ??
        (fresh.length > 0 ? fresh[random.int(0, fresh.length - 1)]! : rest[random.int(0, rest.length - 1)]!),
    );
  }
  return { log, state };
}
