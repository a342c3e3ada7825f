import type { GameCore, ReplayVerdict, TimedInput } from '@arena/games';
import {
  revealedOtherCard,
  revealOutOfOrder,
  revealRefused,
  releasedOtherInput,
  releaseOutOfOrder,
  releaseRefused,
  type TournamentError,
} from '../domain/tournament.errors';
import { keystreamBlocks, keystreamSeeds } from './play-keystream';

/** The two ways a hidden game's play asks the server as it goes, one route each. */
export type HiddenPlayRoute = 'reveal' | 'release';

/**
 * How one hidden game's reveals are answered and its result checked (docs/fair-play.md): Memory Pairs
 * reveals a card's face per flip, Tile Merge releases a keystream block per move. Both record the
 * play's inputs in order in `PlayReveals` before they answer, and both refuse a log that is not those
 * inputs; the reveal handler and the result handler serve every hidden game through this.
 */
export interface HiddenPlayRule {
  readonly route: HiddenPlayRoute;
  /** The input of step `step` as recorded, or null when it is not one (a 422 with `refused`). */
  record(step: number, input: unknown): string | null;
  /** The answer to step `step` (a face, a block), given the inputs recorded before it, or why not. */
  answer(
    seed: string,
    before: readonly string[],
    record: string,
  ): { ok: true; value: number | string } | { ok: false; reason: string };
  /**
   * Present when step `step`'s answer follows from the step alone, whatever the inputs before it
   * (Tile Merge's and Snake's keystream blocks): the answer, same as `answer` with `step` inputs before.
   * The handler then records and answers in one atomic round trip (`PlayReveals.recordAt`).
   */
  answerAt?(seed: string, step: number): { ok: true; value: number | string };
  /** The play's log replayed on what the server revealed, refused when it is not the recorded inputs. */
  verify(seed: string, log: readonly TimedInput<unknown>[], recorded: readonly string[]): ReplayVerdict;
  /**
   * Present when the game replays a packed log straight from its bytes (Tile Merge): `verify`'s verdict on
   * the decoded log, reason for reason, with the keystream blocks replayed on (null unless valid).
   */
  verifyPacked?(
    seed: string,
    packedLog: string,
    recorded: readonly string[],
  ): { verdict: ReplayVerdict; blocks: Int32Array | null };
  outOfOrder(next: number): TournamentError;
  otherInput(step: number, recorded: string): TournamentError;
  refused(reason: string): TournamentError;
}

/** The hidden rule of a game, or null for a game whose client plays from the seed (none today). */
export function hiddenRuleOf(core: GameCore<unknown>): HiddenPlayRule | null {
  const { reveals, keystream } = core;
  if (reveals) {
    return {
      route: 'reveal',
      record: (_step, input) => (typeof input === 'number' && Number.isInteger(input) ? String(input) : null),
      answer: (seed, before, record) => reveals.reveal(seed, before.map(Number), Number(record)),
      verify(seed, log, recorded) {
        const verdict = core.replay(seed, log);
        const refusal = verdict.valid ? reveals.logRefusal(log, recorded.map(Number)) : null;
        return refusal === null ? verdict : { valid: false, reason: refusal };
      },
      outOfOrder: revealOutOfOrder,
      otherInput: (flip, card) => revealedOtherCard(flip, Number(card)),
      refused: revealRefused,
    };
  }
  if (keystream) {
    return {
      route: 'release',
      record: (step, input) => keystream.releaseInput(step, input),
      // Nothing is replayed while play goes on: the block follows from the step alone.
      answer: (seed, before) => ({ ok: true, value: keystreamBlocks(seed, before.length, 1)[0]! }),
      answerAt: (seed, step) => ({ ok: true, value: keystreamBlocks(seed, step, 1)[0]! }),
      verify(seed, log, recorded) {
        // Checked first: a log that is not the released moves never costs a cipher call.
        const refusal = Array.isArray(log) ? keystream.logRefusal(log, recorded) : null;
        if (refusal !== null) return { valid: false, reason: refusal };
        const steps = !Array.isArray(log)
          ? 1
          : keystream.blocksNeeded
            ? keystream.blocksNeeded(log, recorded)
            : log.length + 1;
        return keystream.replayOn(keystreamSeeds(seed, steps), log, recorded);
      },
      verifyPacked: keystream.replayPacked
        ? (seed, packedLog, recorded) =>
            keystream.replayPacked!(packedLog, recorded, (count) => keystreamSeeds(seed, count))
        : undefined,
      outOfOrder: releaseOutOfOrder,
      otherInput: releasedOtherInput,
      refused: (reason) => releaseRefused(reason),
    };
  }
  return null;
}
