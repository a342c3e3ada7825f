import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { LocalEventOutbox } from './local-event-outbox';
import { LocalPaymentsQueries } from './local-payments.queries';

const SWEEP_EVERY_MS = 60_000;
/** Younger events are still on their way from the request that stored them. */
const GRACE_MS = 60_000;
/** Stripe retries a webhook for three days; so does the local driver. */
const GIVE_UP_AFTER_MS = 3 * 24 * 3600_000;
const BATCH = 200;

/**
 * Re-queues local payment events whose delivery job was lost (Redis down when they were stored) or
 * ran out of attempts (the API was down for longer than the job's backoff). Runs in the worker; several
 * sweeping at once is harmless, the job id being the event's.
 */
@Injectable()
export class LocalEventRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('LocalPaymentEvents');
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly queries: LocalPaymentsQueries,
    private readonly outbox: LocalEventOutbox,
  ) {}

  onApplicationBootstrap() {
    this.timer = setInterval(() => {
      this.sweep().catch((error: unknown) => this.logger.warn({ err: error }, 'payment event sweep failed'));
    }, SWEEP_EVERY_MS);
    this.timer.unref();
  }

  onApplicationShutdown() {
    clearInterval(this.timer);
  }

  /** Queues every undelivered event of the window; returns how many it looked at. */
  async sweep(now = new Date()): Promise<number> {
    const waiting = await this.queries.listUndeliveredEvents(
      new Date(now.getTime() - GIVE_UP_AFTER_MS),
      new Date(now.getTime() - GRACE_MS),
      BATCH,
    );
    for (const { id } of waiting) await this.outbox.requeue(id);
    if (waiting.length > 0) this.logger.log(`re-queued ${waiting.length} payment event(s)`);
    return waiting.length;
  }
}
