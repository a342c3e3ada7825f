import {
  watchRunOn,
  type GameCore,
  type ReplayResult,
  type RunMaterial,
  type TimedInput,
} from '@arena/games';
import type { Stat } from './game-bar';

/**
 * Watching a verified run (issue 23, docs/fair-play.md "Watching a run"), without the DOM: the run's
 * positions (0 before its first input, then one per move, flip or tick), what each shows, and how long
 * each stays on screen while the run plays. Each game builds its positions from its core's own state.
 */

/** What a game shows at one position of a run: the state to draw and the numbers of the bar. */
export interface WatchFrame<S> {
  state: S;
  stats: Stat[];
}

/** A run ready to watch, from position 0 (before any input) to `last` (where the verified result stands). */
export interface RunTimeline<S> {
  /** What one position is: a move (Tile Merge), a flip (Memory Pairs), a tick of the clock (Snake). */
  readonly unit: string;
  readonly last: number;
  /** The game clock at a position, ms since the play started. */
  clockMs(position: number): number;
  at(position: number): WatchFrame<S>;
}

export type OpenedRun<S> = { ok: true; timeline: RunTimeline<S> } | { ok: false; reason: string };

/** Builds a game's positions from a run that replays: its log as decoded and the replay's result. */
export type TimelineBuilder<S> = (
  material: RunMaterial,
  log: readonly TimedInput<unknown>[],
  result: ReplayResult,
) => RunTimeline<S>;

/**
 * Opens a run for watching in the page of `core`'s game: refused (with why, for the screen) when it was
 * played in another game or does not replay through the core (a garbage log, missing seeds, seeds that
 * do not fit the log). Only then does the game build its positions. The page's own core, not the
 * catalog's: a page bundles only its game.
 */
export function openRun<S>(
  core: GameCore<unknown>,
  material: RunMaterial,
  build: TimelineBuilder<S>,
): OpenedRun<S> {
  if (material.game !== core.slug) return { ok: false, reason: 'This run was played in another game.' };
  const opened = watchRunOn(core, material);
  if (!opened.ok) return { ok: false, reason: `This run does not replay: ${opened.reason}` };
  const { log } = opened.run;
  return { ok: true, timeline: build(material, log, opened.run.at(log.length)) };
}

/** A position within the run (a scrubber's value may be anything): whole, from 0 to the last. */
export function clampPosition(timeline: RunTimeline<unknown>, position: number): number {
  if (!Number.isFinite(position)) return 0;
  return Math.max(0, Math.min(timeline.last, Math.trunc(position)));
}

/** The shortest and longest a position stays on screen while the run plays. */
export const PLAYBACK_MIN_MS = 80;
export const PLAYBACK_MAX_MS = 800;

/**
 * How long `position` stays on screen while the run plays before the next one shows: the game clock
 * between them (so a snake moves at its own pace), but a long think shortened and a burst slowed, so a
 * run stays watchable. Null at the last position: the run has ended.
 */
export function playbackDelayMs(timeline: RunTimeline<unknown>, position: number): number | null {
  const at = clampPosition(timeline, position);
  if (at >= timeline.last) return null;
  const gap = timeline.clockMs(at + 1) - timeline.clockMs(at);
  return Math.max(PLAYBACK_MIN_MS, Math.min(PLAYBACK_MAX_MS, gap));
}

/** A game clock as m:ss (whole seconds: what a watcher follows). */
export function formatClock(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * The position in words, for the scrubber's value and the line beside it: "Move 12 of 340 · Score 1,204
 * · Top tile 128 · 0:42".
 */
export function positionText(timeline: RunTimeline<unknown>, position: number, stats: Stat[]): string {
  const at = clampPosition(timeline, position);
  const numbers = stats.map((stat) => `${stat.label} ${stat.value}`);
  return [
    `${timeline.unit} ${at.toLocaleString('en-US')} of ${timeline.last.toLocaleString('en-US')}`,
    ...numbers,
    formatClock(timeline.clockMs(at)),
  ].join(' · ');
}

/** A run opened in a game's page: its positions, and `show`, which draws one and answers its numbers. */
export interface WatchedRunView {
  timeline: RunTimeline<unknown>;
  show(position: number): Stat[];
}

/** What a game's page offers for watching: opens a run (or says why not) for its own board. */
export type RunWatcher = (
  material: RunMaterial,
) => { ok: true; view: WatchedRunView } | { ok: false; reason: string };

/** A game's watcher: its timeline builder, and how its board draws one position's state. */
export function runWatcher<S>(
  core: GameCore<unknown>,
  build: TimelineBuilder<S>,
  draw: (state: S) => void,
): RunWatcher {
  return (material) => {
    const opened = openRun(core, material, build);
    if (!opened.ok) return opened;
    const { timeline } = opened;
    return {
      ok: true,
      view: {
        timeline,
        show(position) {
          const frame = timeline.at(clampPosition(timeline, position));
          draw(frame.state);
          return frame.stats;
        },
      },
    };
  };
}
