import { xoroshiro128plus, unsafeUniformIntDistribution, type RandomGenerator } from 'pure-rand';

/**
 * What every game core offers the server (replay to verify) and the game app (play). A core is
 * pure: no I/O, no Date.now(), no Math.random(); the same seed and input log always give the same
 * result, in the browser while playing and on the server when verifying.
 */

/** One input of a play, stamped with the game's own clock: ms since the play started. */
export interface TimedInput<I> {
  atMs: number;
  input: I;
}

export interface ReplayResult {
  /** Points for score games; for time games the finishing time in ms (equal to durationMs). */
  score: number;
  /** False when the play ended without finishing (a time game then has no time). */
  completed: boolean;
  /** The game clock when the play ended. */
  durationMs: number;
  /** Fixed-tick games: ticks simulated; others: inputs applied. */
  ticks: number;
}

export type ReplayVerdict = { valid: true; result: ReplayResult } | { valid: false; reason: string };

export interface GameCore<I> {
  readonly slug: string;
  readonly name: string;
  /** SCORE: higher is better. TIME: lower durationMs of a completed play is better (TIME_ATTACK). */
  readonly resultKind: 'SCORE' | 'TIME';
  /** The longest a play may last on the game clock; a log past it does not replay. */
  readonly maxDurationMs: number;
  /** Human limits: more inputs than this in any one second does not replay. */
  readonly maxInputsPerSecond: number;
  /** Checks an untrusted input's shape (from JSON); null when it is not one of this game's inputs. */
  parseInput(value: unknown): I | null;
  /**
   * Replays a whole play. Refused: inputs out of clock order, an illegal input, an input after the
   * game is over, a clock past maxDurationMs, an input rate beyond maxInputsPerSecond.
   */
  replay(seed: string, log: readonly TimedInput<I>[]): ReplayVerdict;
  /**
   * Present for a game whose hidden state stays on the server (Memory Pairs): the client never gets
   * the seed and asks the server for each piece of hidden state as it plays (docs/fair-play.md).
   */
  readonly reveals?: RevealRules;
  /**
   * Present for a game whose randomness the server releases step by step (Tile Merge): the client never
   * gets the seed; the server draws step `k`'s randomness from block `k` of a keystream only it can
   * compute, and releases it once the input before it is recorded (docs/fair-play.md).
   */
  readonly keystream?: KeystreamRules;
}

/** The seed of each step of a play whose randomness is released as it goes: step 0 opens the game. */
export type StepSeeds = (step: number) => string;

/**
 * How the server releases a keystream game's randomness and checks its log against the releases. A
 * release is numbered by its step: step 0 opens the play, step `k` follows the log's input `k` (1-based)
 * and carries it, so block `k` is only ever told after input `k` was fixed.
 */
export interface KeystreamRules {
  /** The input of release `step` as the server records it, or null when it is not one (wrong shape). */
  releaseInput(step: number, input: unknown): string | null;
  /**
   * Replays a log on the keystream's blocks: `blocks[k]` for step k; as hex strings (what was released),
   * or as the 32 bits of each block a step's generator uses (the server's replay, which never writes the
   * blocks out). `released` (the recorded inputs) lets a game check claims its releases made (Snake's
   * eating ticks).
   */
  replayOn(
    blocks: readonly string[] | Int32Array,
    log: readonly TimedInput<unknown>[],
    released?: readonly string[],
  ): ReplayVerdict;
  /**
   * Present for a game that replays its packed log (`packedLog`, issue 24) straight from the bytes: the
   * same verdict as `decodePackedLog`, then `logRefusal`, then `replayOn` on the blocks `blocksNeeded`
   * names, with no list of inputs built. `blocksFor(n)` gives blocks 0 to n - 1 as replayOn's Int32Array;
   * it is called once, and only for a log whose bytes, releases and clock pass (a log that is not the
   * released inputs never costs a cipher call). A valid verdict comes with the blocks it replayed on (what
   * a watcher replays the run from).
   */
  replayPacked?(
    packed: string,
    released: readonly string[],
    blocksFor: (count: number) => Int32Array,
  ): { verdict: ReplayVerdict; blocks: Int32Array | null };
  /**
   * How many blocks the replay of `log` needs (Tile Merge: one more than the moves, the default; Snake:
   * one per release, since a food never released is never drawn).
   */
  blocksNeeded?(log: readonly TimedInput<unknown>[], released: readonly string[]): number;
  /**
   * The release inputs an honest client makes for `log`, played on `seeds` (every block it needed): for
   * bots, the demo seed and specs. Tile Merge: `open` and each move; Snake: `open` and one per food eaten.
   */
  releasesOf(seeds: StepSeeds, log: readonly TimedInput<unknown>[]): string[];
  /**
   * Why a log is not made of the released inputs in the order released (it may stop before the last
   * release: each logged input was still fixed before the randomness after it was told); null when it is.
   */
  logRefusal(log: readonly TimedInput<unknown>[], released: readonly string[]): string | null;
}

/**
 * How the server answers a hidden game's reveals and checks its log against them. An input to reveal
 * is a whole number (Memory Pairs: the card flipped); `revealed` lists the ones revealed before, in order.
 */
export interface RevealRules {
  /** What revealing `input` next shows (a card's face), or why it may not be played now. */
  reveal(
    seed: string,
    revealed: readonly number[],
    input: number,
  ): { ok: true; value: number } | { ok: false; reason: string };
  /**
   * Why a log is not made of the inputs revealed, in the order revealed (it may stop before the last
   * one: each logged input was still chosen knowing only what was revealed before it); null when it is.
   */
  logRefusal(log: readonly TimedInput<unknown>[], revealed: readonly number[]): string | null;
}

/**
 * A seeded random number generator from a play's seed (any string), or from a 32-bit number (a step of
 * released randomness): the same seed, the same numbers.
 */
export class SeededRandom {
  private generator: RandomGenerator;

  constructor(seed: string | number) {
    if (typeof seed === 'number') {
      this.generator = xoroshiro128plus(seed | 0);
      return;
    }
    // FNV-1a over the seed's UTF-16 code units: a stable 32-bit number from any string.
    let hash = 0x811c9dc5;
    for (let index = 0; index < seed.length; index++) {
      hash ^= seed.charCodeAt(index);
      hash = Math.imul(hash, 0x01000193) >>> 0;
    }
    this.generator = xoroshiro128plus(hash | 0);
  }

  /** A whole number from `min` to `max`, both included. */
  int(min: number, max: number): number {
    return unsafeUniformIntDistribution(min, max, this.generator);
  }
}

/**
 * The generator of SeededRandom for 32-bit seeds (pure-rand's xoroshiro128+ and its uniform whole
 * numbers, the same numbers bit for bit), written out so it can be seeded again in place: a replay
 * that seeds one generator per step (Tile Merge's released blocks, thousands a play) then allocates
 * nothing per step. The game cores' specs check it against SeededRandom.
 */
export class ReseedableRandom {
  private s01 = 0;
  private s00 = 0;
  private s11 = 0;
  private s10 = 0;

  constructor(seed: number) {
    this.reseed(seed);
  }

  /** Starts over from `seed`, as `new SeededRandom(seed)` would (pure-rand's xoroshiro128plus(seed)). */
  reseed(seed: number): this {
    this.s01 = -1;
    this.s00 = ~seed;
    this.s11 = seed | 0;
    this.s10 = 0;
    return this;
  }

  /** xoroshiro128+'s next 32 bits, signed (pure-rand's unsafeNext). */
  private next(): number {
    const s00 = this.s00;
    const s01 = this.s01;
    const out = (s00 + this.s10) | 0;
    const a0 = this.s10 ^ s00;
    const a1 = this.s11 ^ s01;
    this.s00 = (s00 << 24) ^ (s01 >>> 8) ^ a0 ^ (a0 << 16);
    this.s01 = (s01 << 24) ^ (s00 >>> 8) ^ a1 ^ ((a1 << 16) | (a0 >>> 16));
    this.s10 = (a1 << 5) ^ (a0 >>> 27);
    this.s11 = (a0 << 5) ^ (a1 >>> 27);
    return out;
  }

  /**
   * A whole number from `min` to `max`, both included, for ranges up to 2^32 (pure-rand's
   * unsafeUniformIntDistribution: rejection sampling, then the remainder).
   */
  int(min: number, max: number): number {
    const rangeSize = max - min + 1;
    const maxAllowed = rangeSize > 2 ? ~~(0x100000000 / rangeSize) * rangeSize : 0x100000000;
    // next() + 2^31, written as a flip of the top bit read unsigned: the same number, but V8 keeps it a
    // 32-bit integer (and `%` an integer remainder) instead of a double; 15 to 20% of a Tile Merge replay.
    let deltaV = (this.next() ^ 0x80000000) >>> 0;
    while (deltaV >= maxAllowed) deltaV = (this.next() ^ 0x80000000) >>> 0;
    return ((deltaV % rangeSize) >>> 0) + min;
  }
}

/** Where a scripted player's own choices come from (pace, mistakes): a SeededRandom, or any like it. */
export type BotDice = Pick<SeededRandom, 'int'>;

/** The checks every replay starts with: clock order, the longest play and the input rate. */
export function checkInputClock<I>(
  log: readonly TimedInput<I>[],
  limits: { maxDurationMs: number; maxInputsPerSecond: number },
): string | null {
  const { maxDurationMs, maxInputsPerSecond } = limits;
  let previous = 0;
  // Indexed, not entries(), and each stamp read once: this runs for every input of every replay.
  for (let index = 0; index < log.length; index++) {
    const atMs = log[index]!.atMs;
    if (!Number.isSafeInteger(atMs) || atMs < previous) return `Input ${index} is out of clock order`;
    if (atMs > maxDurationMs) return `Input ${index} comes after the longest play allowed`;
    const windowStart = index - maxInputsPerSecond;
    if (windowStart >= 0 && atMs - log[windowStart]!.atMs < 1000) {
      return `Inputs come faster than ${maxInputsPerSecond} a second`;
    }
    previous = atMs;
  }
  return null;
}
