import type { Kysely } from 'kysely';
import type { EventStore, GlobalPosition } from '@arena/event-store';
import { loadGenerations, type Generation } from './generations.queries';

export type ProjectionState = 'running' | 'failing' | 'rebuilding';

export interface ProjectionStatus {
  name: string;
  version: number;
  generation: number;
  position: GlobalPosition;
  /** Events in the log after the checkpoint, counted up to LAG_COUNT_LIMIT. */
  lagEvents: number;
  /** Age of the oldest event not applied yet; 0 when caught up. */
  lagMs: number;
  state: ProjectionState;
  lastError: string | null;
  lastErrorAt: Date | null;
  /** The generation a rebuild is filling, when one is. */
  rebuild: { generation: number; version: number; position: GlobalPosition; lagEvents: number } | null;
}

/** Counting further would make every health probe read the whole backlog. */
export const LAG_COUNT_LIMIT = 10_000;

async function lagOf(eventStore: EventStore, generation: Generation, now: number) {
  const pending = await eventStore.readAll({ after: generation.position, maxCount: LAG_COUNT_LIMIT });
  const oldest = pending[0];
  return { lagEvents: pending.length, lagMs: oldest ? Math.max(0, now - oldest.createdAt.getTime()) : 0 };
}

/** One entry per projector with a serving generation: what /api/health and /api/metrics report. */
export async function readProjectionStatuses(
  db: Kysely<any>,
  eventStore: EventStore,
): Promise<ProjectionStatus[]> {
  const generations = await loadGenerations(db);
  const now = Date.now();
  const statuses: ProjectionStatus[] = [];
  for (const active of generations.filter((g) => g.status === 'active')) {
    const building = generations.find((g) => g.name === active.name && g.status === 'building');
    const lag = await lagOf(eventStore, active, now);
    const failing = active.consecutiveFailures > 0 || (building?.consecutiveFailures ?? 0) > 0;
    statuses.push({
      name: active.name,
      version: active.version,
      generation: active.generation,
      position: active.position,
      ...lag,
      state: failing ? 'failing' : building ? 'rebuilding' : 'running',
      lastError: building?.consecutiveFailures ? building.lastError : active.lastError,
      lastErrorAt: building?.consecutiveFailures ? building.lastErrorAt : active.lastErrorAt,
      rebuild: building
        ? {
            generation: building.generation,
            version: building.version,
            position: building.position,
            lagEvents: (await lagOf(eventStore, building, now)).lagEvents,
          }
        : null,
    });
  }
  return statuses;
}
