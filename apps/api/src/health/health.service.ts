import { Inject, Injectable, Logger } from '@nestjs/common';
import { sql, type Kysely } from 'kysely';
import type Redis from 'ioredis';
import { DATABASE } from '@arena/database';
import { REDIS } from '@arena/redis';
import { EVENT_STORE, type EventStore } from '@arena/event-store';
import {
  PROJECTORS,
  readProjectionStatuses,
  type ProjectionStatus,
  type ProjectorTypes,
} from '@arena/projection-runner';

export interface Check {
  ok: boolean;
  latencyMs: number;
  error?: string;
}

export interface Health {
  status: 'ok' | 'degraded';
  checks: { database: Check; redis: Check; eventStore: Check };
  projections: ProjectionStatus[];
}

type CheckState = 'ok' | 'degraded';

/** What anyone may read: no latencies, errors, positions or projector names. */
export interface PublicHealth {
  status: CheckState;
  checks: { database: CheckState; redis: CheckState; eventStore: CheckState; projections: CheckState };
}

const stateOf = (ok: boolean): CheckState => (ok ? 'ok' : 'degraded');

export function publicHealth({ status, checks, projections }: Health): PublicHealth {
  return {
    status,
    checks: {
      database: stateOf(checks.database.ok),
      redis: stateOf(checks.redis.ok),
      eventStore: stateOf(checks.eventStore.ok),
      projections: stateOf(checks.database.ok && projections.every((p) => p.state !== 'failing')),
    },
  };
}

const TIMEOUT_MS = 2000;

async function timed(probe: () => Promise<unknown>): Promise<Check> {
  const started = performance.now();
  try {
    await Promise.race([
      probe(),
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error(`timed out after ${TIMEOUT_MS} ms`)), TIMEOUT_MS).unref(),
      ),
    ]);
    return { ok: true, latencyMs: Math.round(performance.now() - started) };
  } catch (error) {
    return { ok: false, latencyMs: Math.round(performance.now() - started), error: (error as Error).message };
  }
}

@Injectable()
export class HealthService {
  private readonly logger = new Logger('Health');

  constructor(
    @Inject(DATABASE) private readonly db: Kysely<any>,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(PROJECTORS) private readonly projectors: readonly ProjectorTypes[],
  ) {}

  async check(): Promise<Health> {
    const [database, redis, eventStore] = await Promise.all([
      timed(() => sql`SELECT 1`.execute(this.db)),
      timed(() => this.redis.ping()),
      timed(() => this.eventStore.headPosition()),
    ]);
    const projections = database.ok ? await this.projections() : [];
    const healthy =
      database.ok && redis.ok && eventStore.ok && projections.every((p) => p.state !== 'failing');
    // The worker logs a failing projector; the API logs what it found out itself.
    const failed = Object.entries({ database, redis, eventStore }).filter(([, check]) => !check.ok);
    if (failed.length > 0) {
      this.logger.warn({ checks: Object.fromEntries(failed) }, 'health check failed');
    }
    return { status: healthy ? 'ok' : 'degraded', checks: { database, redis, eventStore }, projections };
  }

  projections(): Promise<ProjectionStatus[]> {
    return readProjectionStatuses(this.db, this.eventStore, this.projectors);
  }
}
