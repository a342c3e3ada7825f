import { comparePositions } from '@arena/event-store';
import { applyLoop } from './apply-loop';
import { bulkRebuildLoop } from './bulk-rebuild';
import {
  createGeneration,
  dropGeneration,
  loadGenerations,
  physicalNames,
  promoteGeneration,
} from './generations.queries';
import type { LockSession } from './lock-session';
import type { Projector } from './projector';
import { lockSessionOf, type RunnerDependencies } from './runner-options';
import { sleep } from './sleep';

export interface RebuildResult {
  name: string;
  generation: number;
  version: number;
  events: number;
  durationMs: number;
}

export const buildLockKey = (name: string) => `projection:${name}:build`;
export const liveLockKey = (name: string) => `projection:${name}:live`;

/**
 * Replays the whole log into a fresh generation while the active one keeps serving, then swaps
 * the views in one transaction and drops the old tables. A building generation left by a crashed
 * rebuild of the same version is resumed from its checkpoint. Null when stopped before the swap.
 */
export async function rebuildProjection(
  deps: RunnerDependencies,
  projector: Projector,
  signal: AbortSignal,
): Promise<RebuildResult | null> {
  const { locks, owned } = lockSessionOf(deps);
  try {
    return await rebuildLocked({ ...deps, locks }, projector, signal);
  } finally {
    if (owned) await locks.close();
  }
}

async function rebuildLocked(
  deps: RunnerDependencies & { locks: LockSession },
  projector: Projector,
  signal: AbortSignal,
): Promise<RebuildResult | null> {
  const { db, logger } = deps;
  const lock = await deps.locks.acquire(buildLockKey(projector.name), deps.options.lockRetryMs, signal);
  if (!lock) return null;
  const stop = AbortSignal.any([signal, lock.lost]);
  try {
    const started = performance.now();
    const leftover = (await loadGenerations(db, projector.name)).find((g) => g.status === 'building');
    if (leftover && leftover.version !== projector.version)
      await dropGeneration(db, projector, leftover.generation);
    let building = await createGeneration(db, projector, 'building');
    logger.log(
      `${projector.name}: rebuilding into generation ${building.generation} (version ${projector.version})`,
    );
    // The bulk path while it works; after a failure, apply() event by event for the rest of this run.
    let bulk = projector.bulk;
    // The log may look finished while an old transaction anywhere in the cluster holds its tail
    // back: the swap waits until the new generation has seen at least what readers see now.
    for (;;) {
      const outcome = bulk
        ? await bulkRebuildLoop(deps, projector, bulk, building, stop)
        : await applyLoop(
            deps,
            projector,
            building,
            'rebuild',
            { beforeRead: () => undefined, waitForEvents: async () => undefined },
            stop,
          );
      if (outcome === 'stopped') return null;
      if (outcome === 'stale')
        throw new Error(
          `${projector.name}: generation ${building.generation} was changed by another process`,
        );
      const generations = await loadGenerations(db, projector.name);
      const current = generations.find((g) => g.generation === building.generation);
      if (!current) throw new Error(`${projector.name}: generation ${building.generation} disappeared`);
      building = current;
      if (outcome === 'failed') {
        bulk = undefined;
        continue;
      }
      const active = generations.find((g) => g.status === 'active');
      if (!active || comparePositions(building.position, active.position) >= 0) break;
      await sleep(deps.options.pollIntervalMs, stop);
    }
    const names = physicalNames(projector, building.generation);
    await projector.bulk?.finish?.(db, names);
    await projector.createIndexes?.(db, names);
    await projector.verifyBeforeSwap?.(db, names);
    const { retired } = await promoteGeneration(db, projector, building);
    if (retired !== null) await dropGeneration(db, projector, retired);
    const result: RebuildResult = {
      name: projector.name,
      generation: building.generation,
      version: projector.version,
      events: building.eventsApplied,
      durationMs: Math.round(performance.now() - started),
    };
    logger.log(
      `${projector.name}: generation ${result.generation} serves now, ${result.events} events applied in ${result.durationMs} ms`,
    );
    return result;
  } finally {
    await lock.release();
  }
}
