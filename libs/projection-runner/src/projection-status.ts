import type { Kysely } from 'kysely';
import type { EventStore, GlobalPosition } from '@arena/event-store';
import { loadGenerations, type Generation } from './generations.queries';
import type { Projector } from './projector';

export type ProjectionState = 'running' | 'failing' | 'rebuilding';

export interface ProjectionStatus {
  name: string;
  version: number;
  generation: number;
  position: GlobalPosition;
  /**
   * Events of the projector's types in the log after the checkpoint: what it still has to apply
   * (events of other types only move its checkpoint). Exact on PostgreSQL; on a store that cannot
   * count (EventStoreDB) only the next LAG_COUNT_LIMIT events of the log are looked at. Null when
   * the log could not be read.
   */
  lagEvents: number | null;
  /** Age of the oldest of those events; 0 when caught up, null when the log could not be read. */
  lagMs: number | null;
  /** failing: stopped at an event that throws, or unable to read the log; lastError says which. */
  state: ProjectionState;
  lastError: string | null;
  lastErrorAt: Date | null;
  /** The generation a rebuild is filling, when one is. */
  rebuild: { generation: number; version: number; position: GlobalPosition; lagEvents: number | null } | null;
}

/** What the status needs of a projector: which events it applies. */
export type ProjectorTypes = Pick<Projector, 'name' | 'eventTypes'>;

/** The read-through fallback stops here: counting further would read the whole backlog per probe. */
export const LAG_COUNT_LIMIT = 10_000;

async function countPending(
  eventStore: EventStore,
  after: GlobalPosition,
  eventTypes: readonly string[] | undefined,
): Promise<{ count: number; oldestCreatedAt: Date | null }> {
  if (eventStore.countEvents) return eventStore.countEvents({ after, eventTypes });
  const types = eventTypes && new Set(eventTypes);
  const pending = (await eventStore.readAll({ after, maxCount: LAG_COUNT_LIMIT })).filter(
    (event) => !types || types.has(event.type),
  );
  return { count: pending.length, oldestCreatedAt: pending[0]?.createdAt ?? null };
}

async function lagOf(
  eventStore: EventStore,
  generation: Generation,
  eventTypes: readonly string[] | undefined,
  now: number,
): Promise<{ lagEvents: number | null; lagMs: number | null }> {
  try {
    const { count, oldestCreatedAt } = await countPending(eventStore, generation.position, eventTypes);
    return {
      lagEvents: count,
      lagMs: oldestCreatedAt ? Math.max(0, now - oldestCreatedAt.getTime()) : 0,
    };
  } catch {
    // The runner reports a log it cannot read in its own status row; a probe still answers.
    return { lagEvents: null, lagMs: null };
  }
}

/**
 * One entry per projector with a serving generation: what /api/health/details and /api/metrics report.
 * `projectors` says which event types each one applies; a generation whose projector is not among
 * them (one dropped from the registry) counts every event of the log as lag.
 */
export async function readProjectionStatuses(
  db: Kysely<any>,
  eventStore: EventStore,
  projectors: readonly ProjectorTypes[] = [],
): Promise<ProjectionStatus[]> {
  const generations = await loadGenerations(db);
  const typesOf = new Map(projectors.map((projector) => [projector.name, projector.eventTypes]));
  const now = Date.now();
  const statuses: ProjectionStatus[] = [];
  for (const active of generations.filter((g) => g.status === 'active')) {
    const building = generations.find((g) => g.name === active.name && g.status === 'building');
    const eventTypes = typesOf.get(active.name);
    const lag = await lagOf(eventStore, active, eventTypes, now);
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
            lagEvents: (await lagOf(eventStore, building, eventTypes, now)).lagEvents,
          }
        : null,
    });
  }
  return statuses;
}
