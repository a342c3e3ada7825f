import type { GameCore, ReplayResult, TimedInput } from './game-core';
import { gameCoreFor } from './game-cores';
import { decodePackedLog } from './input-log/packed-log';

/**
 * What a finished, verified play is replayed from (the `PlayRun` answer, docs/fair-play.md "Watching a
 * run"): the game, its seed (a game whose every step follows from one seed: Memory Pairs) or each step's
 * seed (a keystream game: Tile Merge, Snake), and the packed input log.
 */
export interface RunMaterial {
  game: string;
  seed: string | null;
  stepSeeds: readonly number[] | null;
  packedLog: string;
}

/** A run ready to watch: its log, and the state of play after the first `step` inputs. */
export interface WatchedRun {
  readonly log: readonly TimedInput<unknown>[];
  /** The core's replay of the first `step` inputs (0: before any): the score and clock at that step. */
  at(step: number): ReplayResult;
}

/**
 * Opens a run for watching through the game's own core: each step is the core's replay of the log's
 * first inputs (a replay costs well under a millisecond: docs/benchmarks.md), so a scrubber can jump to
 * any step. Null with why when the material does not replay (another game, a log that does not read).
 */
export function watchRun(
  material: RunMaterial,
): { ok: true; run: WatchedRun } | { ok: false; reason: string } {
  const core = gameCoreFor(material.game);
  if (!core) return { ok: false, reason: `${material.game} is not a game we host` };
  return watchRunOn(core, material);
}

/**
 * `watchRun` on a core the caller holds (a game's page, which bundles only its own core): the material
 * must be of that core's game.
 */
export function watchRunOn(
  core: GameCore<unknown>,
  material: RunMaterial,
): { ok: true; run: WatchedRun } | { ok: false; reason: string } {
  if (material.game !== core.slug) return { ok: false, reason: `The run is not of ${core.name}` };
  const decoded = decodePackedLog(material.game, material.packedLog);
  if (!decoded.ok) return { ok: false, reason: decoded.reason };
  const { log } = decoded;
  const { keystream } = core;
  const blocks = material.stepSeeds ? Int32Array.from(material.stepSeeds) : null;
  if (keystream && !blocks) return { ok: false, reason: 'The run carries no step seeds' };
  if (!keystream && material.seed === null) return { ok: false, reason: 'The run carries no seed' };
  const replayTo = (step: number) =>
    keystream && blocks
      ? keystream.replayOn(blocks, log.slice(0, step))
      : core.replay(material.seed!, log.slice(0, step));
  const whole = replayTo(log.length);
  if (!whole.valid) return { ok: false, reason: whole.reason };
  const cache = new Map<number, ReplayResult>([[log.length, whole.result]]);
  return {
    ok: true,
    run: {
      log,
      at(step) {
        const clamped = Math.max(0, Math.min(log.length, Math.trunc(step)));
        const known = cache.get(clamped);
        if (known) return known;
        const verdict = replayTo(clamped);
        // A prefix of a log that replays replays too; should a core refuse one, the step shows zero.
        const result = verdict.valid
          ? verdict.result
          : { score: 0, completed: false, durationMs: 0, ticks: 0 };
        cache.set(clamped, result);
        return result;
      },
    },
  };
}
