import type { VerifiedGameSlug } from '@arena/contracts/games.catalog';
import { encodePackedLog, type ReplayVerdict, type TimedInput } from '@arena/games';
import {
  pageToGameMessage,
  type GameToPageMessage,
  type PageToGameMessage,
} from '@arena/contracts/game-frame.contract';

/**
 * The game's side of the frame protocol (libs/contracts game-frame.contract.ts), kept free of the DOM so
 * it can be tested: which page messages to believe, what the play mode becomes, and what to post when a
 * run ends.
 */

export type AuthMessage = Extract<PageToGameMessage, { type: 'AUTH' }>;
export type WatchRunMessage = Extract<PageToGameMessage, { type: 'WATCH_RUN' }>;

/**
 * How this page plays: still waiting for the page's answer, for fun, one tournament run, watching a
 * verified run (no play at all), or not at all.
 */
export type PlayMode =
  | { kind: 'connecting' }
  | { kind: 'demo' }
  | { kind: 'tournament'; auth: AuthMessage }
  | { kind: 'watch'; run: WatchRunMessage }
  | { kind: 'unavailable'; message: string };

/** A page message worth reading: only from the app's origin, and only when it parses. Else null (ignored). */
export function readPageMessage(
  event: { origin: string; data: unknown },
  appOrigin: string,
): PageToGameMessage | null {
  if (event.origin !== appOrigin) return null;
  const parsed = pageToGameMessage.safeParse(event.data);
  return parsed.success ? parsed.data : null;
}

/**
 * The page answers GAME_READY once; later answers change nothing, so a tournament play stays one run with
 * one seed, a demo never turns into a submission, and a run being watched never turns into a play (nor
 * a play into watching).
 */
export function nextMode(mode: PlayMode, message: PageToGameMessage): PlayMode {
  if (mode.kind !== 'connecting') return mode;
  switch (message.type) {
    case 'AUTH':
      return { kind: 'tournament', auth: message };
    case 'DEMO_MODE':
      return { kind: 'demo' };
    case 'WATCH_RUN':
      return { kind: 'watch', run: message };
    case 'PLAY_UNAVAILABLE':
      return { kind: 'unavailable', message: message.message };
    case 'REVEALED':
    case 'REVEAL_FAILED':
    case 'RELEASED':
    case 'RELEASE_FAILED':
      return mode; // answers to a run's reveals and releases (PageReveals), never a mode
    default: {
      const exhaustive: never = message;
      return exhaustive;
    }
  }
}

/** What the player saw at the end of the run. */
export interface ShownResult {
  score: number;
  completed: boolean;
}

/**
 * The messages that end a run. The result shown is first checked against the core's own replay of the
 * log (`verdict`: what the server will compute): when they disagree the game says so (GAME_ERROR) rather
 * than submit a score the server would not confirm. A tournament run then submits its log, packed
 * (`packedLog`: a few KB where the JSON is tens), with the play's token.
 */
export function endOfRunMessages<I>(
  game: VerifiedGameSlug,
  verdict: ReplayVerdict,
  log: readonly TimedInput<I>[],
  shown: ShownResult,
  auth: AuthMessage | null,
): GameToPageMessage[] {
  if (!verdict.valid) return [{ type: 'GAME_ERROR', message: `The run does not replay: ${verdict.reason}` }];
  const { score, completed, durationMs } = verdict.result;
  if (score !== shown.score || completed !== shown.completed) {
    return [{ type: 'GAME_ERROR', message: 'The run replays to another result than the one shown' }];
  }
  const completedMessage: GameToPageMessage = { type: 'GAME_COMPLETED', score, completed, durationMs };
  if (!auth) return [completedMessage];
  let packedLog: string;
  try {
    packedLog = encodePackedLog(game, log);
  } catch (error) {
    return [{ type: 'GAME_ERROR', message: `The run does not replay: ${(error as Error).message}` }];
  }
  return [
    completedMessage,
    { type: 'TOURNAMENT_SUBMIT_SCORE', playId: auth.playId, gameToken: auth.token, packedLog },
  ];
}

/** Asks the server, through the page, what flip number `flip` of `card` shows; rejects when it will not say. */
export type Reveal = (flip: number, card: number) => Promise<number>;

/** The inputs of a release: the opening, then a Tile Merge move. */
export type ReleaseInput = Extract<GameToPageMessage, { type: 'RELEASE' }>['input'];

/**
 * Asks the server, through the page, for the block of step `step` once `input` is fixed (Tile Merge: 0
 * with `open`, then each move); rejects when it will not say.
 */
export type Release = (step: number, input: ReleaseInput) => Promise<string>;

/**
 * A tournament run's reveals and releases, for a game whose hidden state the server keeps: each flip
 * (Memory Pairs) is posted to the page as REVEAL and settled by the page's REVEALED or REVEAL_FAILED for
 * it; each step (Tile Merge) as RELEASE, settled by RELEASED or RELEASE_FAILED. An answer for a flip or
 * step not asked, or for another card or input, is ignored.
 */
export class PageReveals {
  private readonly waiting = new Map<
    number,
    { card: number; resolve: (face: number) => void; reject: (error: Error) => void }
  >();
  private readonly releasing = new Map<
    number,
    { input: string; resolve: (block: string) => void; reject: (error: Error) => void }
  >();

  constructor(
    private readonly post: (message: GameToPageMessage) => void,
    private readonly auth: AuthMessage,
  ) {}

  readonly reveal: Reveal = (flip, card) =>
    new Promise<number>((resolve, reject) => {
      this.waiting.get(flip)?.reject(new Error('Asked again'));
      this.waiting.set(flip, { card, resolve, reject });
      this.post({ type: 'REVEAL', playId: this.auth.playId, gameToken: this.auth.token, flip, card });
    });

  readonly release: Release = (step, input) =>
    new Promise<string>((resolve, reject) => {
      this.releasing.get(step)?.reject(new Error('Asked again'));
      this.releasing.set(step, { input, resolve, reject });
      this.post({ type: 'RELEASE', playId: this.auth.playId, gameToken: this.auth.token, step, input });
    });

  /** Settles the reveal or release a page message answers; false when the message is not such an answer. */
  receive(message: PageToGameMessage): boolean {
    if (message.type === 'RELEASED' || message.type === 'RELEASE_FAILED') {
      const waiting = this.releasing.get(message.step);
      if (!waiting) return true;
      if (message.type === 'RELEASED') {
        if (message.input !== waiting.input) return true;
        waiting.resolve(message.block);
      } else {
        waiting.reject(new Error(message.message));
      }
      this.releasing.delete(message.step);
      return true;
    }
    if (message.type !== 'REVEALED' && message.type !== 'REVEAL_FAILED') return false;
    const waiting = this.waiting.get(message.flip);
    if (!waiting) return true;
    if (message.type === 'REVEALED') {
      if (message.card !== waiting.card) return true;
      waiting.resolve(message.face);
    } else {
      waiting.reject(new Error(message.message));
    }
    this.waiting.delete(message.flip);
    return true;
  }
}
