import type { LoggerService } from '@nestjs/common';
import type { Kysely } from 'kysely';
import type { EventStore } from '@arena/event-store';
import type { ChangePublisher } from './change-publisher';
import { LockSession } from './lock-session';

export interface RunnerOptions {
  /** Most events read and applied in one transaction while serving live. */
  batchSize: number;
  /** Same, while rebuilding: larger transactions make replays fast. */
  rebuildBatchSize: number;
  /**
   * A bulk rebuild (Projector.bulk) writes its fold out once it holds this many rows: fewer, larger
   * writes, each a transaction that holds the log's read horizon back for its length.
   */
  rebuildFlushRows: number;
  /** Idle fallback poll; a subscription wakes the runner sooner. */
  pollIntervalMs: number;
  /**
   * Shortest time between the starts of two live batches. Under a steady stream of appends, events
   * wait up to this long and are applied together, instead of a transaction of their own each; the
   * first batch after a quiet spell starts at once.
   */
  liveBatchIntervalMs: number;
  /** Backoff after a failing event: doubles from retryBaseMs up to retryMaxMs. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** How often a waiting process tries the advisory lock again. */
  lockRetryMs: number;
  heartbeatMs: number;
}

export const defaultRunnerOptions: RunnerOptions = {
  batchSize: 500,
  rebuildBatchSize: 10_000,
  rebuildFlushRows: 20_000,
  pollIntervalMs: 500,
  liveBatchIntervalMs: 10,
  retryBaseMs: 200,
  retryMaxMs: 30_000,
  lockRetryMs: 1_000,
  heartbeatMs: 5_000,
};

export interface RunnerDependencies {
  db: Kysely<any>;
  eventStore: EventStore;
  /** Where the lock session connects when none is given (its connection lives outside the pool). */
  lockConnectionString: string;
  /** The process's one advisory-lock session, shared by its projectors and reactors. */
  locks?: LockSession;
  publisher?: ChangePublisher;
  logger: LoggerService;
  options: RunnerOptions;
}

/**
 * The lock session given in `deps`, or a session of its own for a runner or rebuild used alone
 * (`owned`: the caller closes it when done).
 */
export function lockSessionOf(deps: RunnerDependencies): { locks: LockSession; owned: boolean } {
  if (deps.locks) return { locks: deps.locks, owned: false };
  const locks = new LockSession({
    connectionString: deps.lockConnectionString,
    applicationName: LOCK_SESSION_APPLICATION_NAME,
    heartbeatMs: deps.options.heartbeatMs,
  });
  return { locks, owned: true };
}

/** pg_stat_activity's application_name of a process's lock session. */
export const LOCK_SESSION_APPLICATION_NAME = 'arena-locks';
