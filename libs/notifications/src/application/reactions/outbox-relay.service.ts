import { Injectable, Logger } from '@nestjs/common';
import { OutboxRelay } from '@arena/jobs';
import type { OutboxMessage } from '../../domain/outbox-message';
import { OutboxQueries } from '../../infrastructure/outbox.queries';
import { NotificationsService } from '../commands/notifications.service';

/** Re-queues email and SMS messages whose delivery job was lost. A sign-in code lives 10 minutes. */
@Injectable()
export class OutboxRelayService extends OutboxRelay<OutboxMessage> {
  constructor(
    private readonly outbox: OutboxQueries,
    private readonly notifications: NotificationsService,
  ) {
    super(new Logger('OutboxRelay'), { graceMs: 60_000, giveUpAfterMs: 24 * 3600_000 });
  }

  protected listWaiting(storedAfter: Date, storedBefore: Date, limit: number) {
    return this.outbox.listUndelivered(storedAfter, storedBefore, limit);
  }

  protected requeue(message: OutboxMessage) {
    return this.notifications.queueDelivery(message);
  }
}
