import type { ReplayVerdict } from '@arena/games';
import type { InputLog } from './input-log';
import type { ShownResult } from './frame-protocol';

/**
 * One run of a game as the app plays it: the core's state, driven with the game clock, and the log of
 * every input it accepted. Each game's play does exactly what its core's replay does with that log, so
 * `result()` is what the server will compute.
 */
export interface Play<I> {
  readonly log: InputLog<I>;
  readonly over: boolean;
  /** The result the player sees. */
  result(): ShownResult;
  /** The core's replay of the log: what the server will compute from it. */
  replay(): ReplayVerdict;
  /** Moves the play on to the game clock `atMs` (real-time games; the others return null) and says what to play. */
  advance(atMs: number): Cue | null;
  /**
   * True while a real-time run cannot go on until the server answers (Snake's next food): the shell then
   * holds the game clock, so the wait is not played.
   */
  readonly holdsClock?: boolean;
  /** The player ends the run at `atMs` (or the longest play is reached): it ends as its replay would. */
  end(atMs: number): void;
}

/**
 * What the player hears: the game says what happened, the sound module decides how it sounds. The plays
 * never say 'over': the shell plays it once, when it ends the run.
 */
export type Cue = 'move' | 'merge' | 'eat' | 'flip' | 'match' | 'miss' | 'over';
