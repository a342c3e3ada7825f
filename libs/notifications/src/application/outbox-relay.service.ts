import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { OutboxQueries } from '../infrastructure/outbox.queries';
import { NotificationsService } from './notifications.service';

const SWEEP_EVERY_MS = 60_000;
/** Younger messages are still on their way from the request that stored them. */
const GRACE_MS = 60_000;
/** Older messages are past caring about: a sign-in code lives 10 minutes. */
const GIVE_UP_AFTER_MS = 24 * 3600_000;
const BATCH = 200;

/**
 * Closes the gap between storing a message and queueing its job: if Redis was down at that moment
 * the message would wait forever. Runs in the worker; several workers may sweep at once, the job
 * id keyed by the message makes that harmless.
 */
@Injectable()
export class OutboxRelayService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('OutboxRelay');
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly outbox: OutboxQueries,
    private readonly notifications: NotificationsService,
  ) {}

  onApplicationBootstrap() {
    this.timer = setInterval(() => {
      this.sweep().catch((error: unknown) => this.logger.warn({ err: error }, 'outbox sweep failed'));
    }, SWEEP_EVERY_MS);
    this.timer.unref();
  }

  onApplicationShutdown() {
    clearInterval(this.timer);
  }

  /** Queues every waiting message of the window; returns how many it looked at. */
  async sweep(now = new Date()): Promise<number> {
    const waiting = await this.outbox.listUndelivered(
      new Date(now.getTime() - GIVE_UP_AFTER_MS),
      new Date(now.getTime() - GRACE_MS),
      BATCH,
    );
    for (const message of waiting) await this.notifications.queueDelivery(message);
    if (waiting.length > 0) this.logger.log(`re-queued ${waiting.length} waiting message(s)`);
    return waiting.length;
  }
}
