import { Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';

export interface OutboxWindow {
  /** Younger rows are still on their way from the request that stored them and queued their job. */
  graceMs: number;
  /** Older rows are past caring about (a sign-in code lives 10 minutes; Stripe retries for 3 days). */
  giveUpAfterMs: number;
}

const SWEEP_EVERY_MS = 60_000;
const BATCH = 200;

/**
 * Closes the gap between storing an outbox row and queueing its delivery job: if Redis was down at
 * that moment, or the job ran out of attempts, the row would wait forever. Every minute the worker
 * re-queues the waiting rows of the window, at most BATCH a sweep (so a sweep's cost is bounded
 * whatever the backlog). Several workers may sweep at once: job ids keyed by the row make it harmless.
 */
export abstract class OutboxRelay<Row> implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer?: NodeJS.Timeout;

  protected constructor(
    private readonly logger: Logger,
    private readonly window: OutboxWindow,
  ) {}

  /** The rows stored between `storedAfter` and `storedBefore` whose delivery has not happened. */
  protected abstract listWaiting(storedAfter: Date, storedBefore: Date, limit: number): Promise<Row[]>;

  /** Queues the row's delivery again (a no-op while its job still exists). */
  protected abstract requeue(row: Row): Promise<void>;

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      this.sweep().catch((error: unknown) => this.logger.warn({ err: error }, 'outbox sweep failed'));
    }, SWEEP_EVERY_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  /** Re-queues every waiting row of the window; returns how many it looked at. */
  async sweep(now = new Date()): Promise<number> {
    const waiting = await this.listWaiting(
      new Date(now.getTime() - this.window.giveUpAfterMs),
      new Date(now.getTime() - this.window.graceMs),
      BATCH,
    );
    for (const row of waiting) await this.requeue(row);
    if (waiting.length > 0) this.logger.log(`re-queued ${waiting.length} waiting row(s)`);
    return waiting.length;
  }
}
