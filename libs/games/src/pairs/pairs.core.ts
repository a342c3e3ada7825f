import {
  checkInputClock,
  SeededRandom,
  type GameCore,
  type RevealRules,
  type ReplayVerdict,
  type TimedInput,
} from '../game-core';

/**
 * Memory Pairs (slug `pairs`), a TIME_ATTACK game: find every pair as fast as you can.
 *
 * Rules
 * - 16 cards face down: 8 faces (0..7), each twice, shuffled from the play's seed (Fisher–Yates over
 *   SeededRandom), so every player of one play seed sees the same layout.
 * - A turn is two flips. Equal faces stay up (matched). A mismatch is shown for MISMATCH_SHOW_MS and
 *   then both cards turn face down again; the next flip must come at least MISMATCH_SHOW_MS after the
 *   mismatching flip, so a renderer can show the pair briefly (an earlier flip is illegal).
 * - Flipping a card that is face up (the first card of the turn, a matched card, or a card of the
 *   mismatch still shown) is illegal, and so is any flip once all pairs are found.
 * - The play is completed by the flip that finds the last pair; the result is that flip's clock:
 *   score = durationMs (ms, lower is better). A play that stops early is not completed: its score is
 *   0 (no time) and durationMs is the clock of its last flip.
 *
 * Input language: `{ card: n }`, n an integer from 0 to 15 (row-major index into the 4×4 layout),
 * stamped with the game clock as a TimedInput (`atMs`: whole ms since the play started).
 *
 * The clock: there are no ticks; time only matters through the stamps. The game app stamps each flip
 * with its clock since the play started; replay checks order, whole ms, PAIRS_MAX_DURATION_MS and
 * PAIRS_MAX_INPUTS_PER_SECOND. Since the result is a time, a pause that stops the clock must also hide
 * the cards (or memorising them would be free).
 *
 * Hidden layout (issue 21). In a tournament play the server keeps the seed: the client starts from
 * `hiddenGame()` (every face UNREVEALED) and learns a card's face only when it flips it, by asking the
 * server (`POST /api/plays/{playId}/reveal`), which answers with `pairsReveals.reveal` and keeps the
 * cards it revealed, in order. The result's log must be those flips (a prefix of them, in the order
 * revealed: `pairsReveals.logRefusal`), so each flip was chosen knowing only the faces revealed before
 * it, and the layout never reaches the client ahead of play. A demo deals its layout from a local seed.
 *
 * Exported from `@arena/games` as the namespace `pairs` (its names are generic: newGame, isOver…).
 * Live play: `newGame(seed)` (a demo) or `hiddenGame()` (a tournament play); before each flip
 * `flipRefusal(state, card, atMs)`, then `withFace(state, card, face)` once its face is known, then
 * `applyInput(state, { atMs, input })` (a new state, or the reason it is refused); `faceUp(state, nowMs)`
 * for what to draw, `isOver`, `scoreOf`.
 */

export const PAIRS_CARD_COUNT = 16;
export const PAIRS_COLUMNS = 4;
/** How long a mismatched pair stays face up; no flip may come sooner after the mismatching flip. */
export const MISMATCH_SHOW_MS = 500;
export const PAIRS_MAX_DURATION_MS = 5 * 60 * 1000;
export const PAIRS_MAX_INPUTS_PER_SECOND = 10;
/** The face of a card whose face the client has not been shown (a hidden layout). */
export const UNREVEALED = -1;

export interface PairsInput {
  card: number;
}

export interface PairsState {
  /**
   * The face of each card (0..7), fixed by the seed: all of them when the layout comes from the seed
   * (replay, a demo); in a hidden game only the cards revealed so far, UNREVEALED for the others.
   */
  readonly faces: readonly number[];
  readonly matched: readonly boolean[];
  /** The first card of the turn in progress, face up; null between turns. */
  readonly firstCard: number | null;
  /** The mismatched pair still shown, and when it turns face down; null when none is shown. */
  readonly mismatch: { readonly cards: readonly [number, number]; readonly hideAtMs: number } | null;
  readonly pairsFound: number;
  /** Flips applied. */
  readonly flips: number;
  /** The clock of the last flip. */
  readonly clockMs: number;
}

export type ApplyOutcome = { ok: true; state: PairsState } | { ok: false; reason: string };

export function newGame(seed: string): PairsState {
  return gameWithFaces(layoutOf(seed));
}

/** A game whose layout the server keeps: every card face down and unknown until it is revealed. */
export function hiddenGame(): PairsState {
  return gameWithFaces(Array.from({ length: PAIRS_CARD_COUNT }, () => UNREVEALED));
}

/** The same game with one more card's face known (the server's answer to its flip). */
export function withFace(state: PairsState, card: number, face: number): PairsState {
  const faces = [...state.faces];
  faces[card] = face;
  return { ...state, faces };
}

/** The layout a seed deals: the face of each card. */
export function layoutOf(seed: string): number[] {
  const random = new SeededRandom(seed);
  const faces: number[] = [];
  for (let card = 0; card < PAIRS_CARD_COUNT; card++) faces.push(card >> 1);
  for (let index = faces.length - 1; index > 0; index--) {
    const other = random.int(0, index);
    const face = faces[index]!;
    faces[index] = faces[other]!;
    faces[other] = face;
  }
  return faces;
}

function gameWithFaces(faces: number[]): PairsState {
  return {
    faces,
    matched: faces.map(() => false),
    firstCard: null,
    mismatch: null,
    pairsFound: 0,
    flips: 0,
    clockMs: 0,
  };
}

export function isOver(state: PairsState): boolean {
  return state.pairsFound === PAIRS_CARD_COUNT / 2;
}

/** The result so far: the finishing time once completed, 0 (no time) before. */
export function scoreOf(state: PairsState): number {
  return isOver(state) ? state.clockMs : 0;
}

/** Which cards are face up at `nowMs` (matched, the turn's first card, a mismatch still shown). */
export function faceUp(state: PairsState, nowMs: number): boolean[] {
  const up = [...state.matched];
  if (state.firstCard !== null) up[state.firstCard] = true;
  if (state.mismatch && nowMs < state.mismatch.hideAtMs) {
    up[state.mismatch.cards[0]] = true;
    up[state.mismatch.cards[1]] = true;
  }
  return up;
}

/** The same state, writable: replay flips one copy in place instead of building a state per flip. */
type PlayState = { -readonly [K in keyof PairsState]: PairsState[K] } & { matched: boolean[] };

/**
 * The rules of a flip that do not depend on the clock nor on the card's face: the server checks them
 * before it reveals a card, and every flip checks them too.
 */
function turnRefusal(state: PairsState, card: number): string | null {
  if (isOver(state)) return 'Flip after every pair was found';
  if (state.matched[card]) return `Card ${card} is already matched`;
  if (state.firstCard === card) return `Card ${card} is already face up`;
  return null;
}

/** Why a flip of `card` at `atMs` is refused now, before its face is known; null when it may be played. */
export function flipRefusal(state: PairsState, card: number, atMs: number): string | null {
  if (!Number.isInteger(card) || card < 0 || card >= PAIRS_CARD_COUNT) return 'Not a flip of a card';
  if (!Number.isSafeInteger(atMs) || atMs < state.clockMs) return 'Flip out of clock order';
  if (state.mismatch && atMs < state.mismatch.hideAtMs) return 'Flip while a mismatch is still shown';
  return turnRefusal(state, card);
}

/** Turns `card` over in place, the rules checked: a first card, a found pair or a mismatch. */
function turnInPlace(state: PlayState, card: number, atMs: number): void {
  state.flips++;
  state.clockMs = atMs;
  state.mismatch = null;
  const first = state.firstCard;
  if (first === null) {
    state.firstCard = card;
  } else if (state.faces[first] === state.faces[card]) {
    state.matched[first] = true;
    state.matched[card] = true;
    state.pairsFound++;
    state.firstCard = null;
  } else {
    state.mismatch = { cards: [first, card], hideAtMs: atMs + MISMATCH_SHOW_MS };
    state.firstCard = null;
  }
}

/**
 * The rules of one flip, shared by live play and replay: applies the flip to `state` in place, or
 * returns why it is refused and leaves `state` as it was.
 */
function flipInPlace(state: PlayState, entry: TimedInput<PairsInput>): string | null {
  const card = cardOf(entry.input);
  if (card === null) return 'Not a flip of a card';
  if (!Number.isSafeInteger(entry.atMs) || entry.atMs < state.clockMs) return 'Flip out of clock order';
  if (state.mismatch && entry.atMs < state.mismatch.hideAtMs) return 'Flip while a mismatch is still shown';
  const refusal = turnRefusal(state, card);
  if (refusal !== null) return refusal;
  if (state.faces[card] === UNREVEALED) return `Card ${card} was not revealed`;
  turnInPlace(state, card, entry.atMs);
  return null;
}

/** Applies one flip for live play: a new state, or why the flip is refused; `state` is left as it was. */
export function applyInput(state: PairsState, entry: TimedInput<PairsInput>): ApplyOutcome {
  if (typeof entry !== 'object' || entry === null) return { ok: false, reason: 'Not a flip of a card' };
  const next: PlayState = { ...state, matched: [...state.matched] };
  const reason = flipInPlace(next, entry);
  return reason === null ? { ok: true, state: next } : { ok: false, reason };
}

export function parsePairsInput(value: unknown): PairsInput | null {
  const card = cardOf(value);
  return card === null ? null : { card };
}

/**
 * The card of a flip: `value` must be an object whose only key is `card`, a whole number from 0 to
 * 15. Written by hand rather than as a zod schema because replay checks every flip of every log (the
 * spec holds it to the schema it replaced).
 */
function cardOf(value: unknown): number | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const card = (value as { card?: unknown }).card;
  if (typeof card !== 'number' || !Number.isInteger(card) || card < 0 || card >= PAIRS_CARD_COUNT)
    return null;
  for (const key in value) if (key !== 'card') return null;
  return card;
}

/** Replays a whole play with the rules live play uses (flipInPlace), on one state flipped in place. */
function replayPairs(seed: string, log: readonly TimedInput<PairsInput>[]): ReplayVerdict {
  return replayOn(newGame(seed), log);
}

/**
 * The replay of a hidden game on the faces the client was shown: what the server's replay of the same
 * log computes, since every flip of the log was revealed (the game checks its run with it before it
 * submits; a flip of a card not shown does not replay).
 */
export function replayShown(faces: readonly number[], log: readonly TimedInput<PairsInput>[]): ReplayVerdict {
  return replayOn(gameWithFaces([...faces]), log);
}

function replayOn(game: PairsState, log: readonly TimedInput<PairsInput>[]): ReplayVerdict {
  // The log comes from JSON: refuse anything that is not a list of stamped entries before reading it.
  if (!Array.isArray(log)) return { valid: false, reason: 'The input log is not a list' };
  for (let index = 0; index < log.length; index++) {
    const entry: unknown = log[index];
    if (typeof entry !== 'object' || entry === null)
      return { valid: false, reason: `Input ${index} is not an input` };
  }
  const clockProblem = checkInputClock(log, {
    maxDurationMs: PAIRS_MAX_DURATION_MS,
    maxInputsPerSecond: PAIRS_MAX_INPUTS_PER_SECOND,
  });
  if (clockProblem) return { valid: false, reason: clockProblem };
  const state: PlayState = { ...game, matched: [...game.matched] };
  for (let index = 0; index < log.length; index++) {
    const reason = flipInPlace(state, log[index]!);
    if (reason !== null) return { valid: false, reason: `Input ${index}: ${reason}` };
  }
  const completed = isOver(state);
  return {
    valid: true,
    result: { score: scoreOf(state), completed, durationMs: state.clockMs, ticks: state.flips },
  };
}

/**
 * The server's side of a hidden layout. `revealed`: the cards the server revealed so far for the play,
 * in order, one per flip. Reveals check the turn rules (no flip of a face-up or matched card, none
 * after the last pair) but not the clock: the replay of the result checks the clock, of the same flips.
 */
export const pairsReveals: RevealRules = {
  reveal(seed, revealed, card) {
    if (!Number.isInteger(card) || card < 0 || card >= PAIRS_CARD_COUNT)
      return { ok: false, reason: 'Not a flip of a card' };
    const game = newGame(seed);
    const state: PlayState = { ...game, matched: [...game.matched] };
    // Each earlier flip was checked when it was revealed; they are turned again to know the board now.
    for (const earlier of revealed) turnInPlace(state, earlier, 0);
    const refusal = turnRefusal(state, card);
    return refusal === null ? { ok: true, value: state.faces[card]! } : { ok: false, reason: refusal };
  },
  logRefusal(log, revealed) {
    for (let index = 0; index < log.length; index++) {
      const entry: unknown = log[index];
      const card =
        typeof entry === 'object' && entry !== null ? cardOf((entry as { input?: unknown }).input) : null;
      if (card === null || card !== revealed[index])
        return `Input ${index} is not the flip the server revealed`;
    }
    return null;
  },
};

export const pairsCore: GameCore<PairsInput> = {
  slug: 'pairs',
  name: 'Memory Pairs',
  resultKind: 'TIME',
  maxDurationMs: PAIRS_MAX_DURATION_MS,
  maxInputsPerSecond: PAIRS_MAX_INPUTS_PER_SECOND,
  parseInput: parsePairsInput,
  replay: replayPairs,
  reveals: pairsReveals,
};
