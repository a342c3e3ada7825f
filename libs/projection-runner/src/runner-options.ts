import type { LoggerService } from '@nestjs/common';
import type { Kysely } from 'kysely';
import type { EventStore } from '@arena/event-store';
import type { ChangePublisher } from './change-publisher';

export interface RunnerOptions {
  /** Most events read and applied in one transaction while serving live. */
  batchSize: number;
  /** Same, while rebuilding: larger transactions make replays fast. */
  rebuildBatchSize: number;
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
  /** Advisory locks live on connections of their own, outside the pool. */
  lockConnectionString: string;
  publisher?: ChangePublisher;
  logger: LoggerService;
  options: RunnerOptions;
}
