import { Injectable, Logger } from '@nestjs/common';
import { OutboxRelay } from '@arena/jobs';
import { LocalEventOutbox } from './local-event-outbox';
import { LocalPaymentsQueries } from './local-payments.queries';

/**
 * Re-queues local payment events whose delivery job was lost (Redis down when they were stored) or
 * ran out of attempts (the API was down for longer than the job's backoff). Stripe retries a webhook
 * for three days; so does the local driver.
 */
@Injectable()
export class LocalEventRelay extends OutboxRelay<{ id: string }> {
  constructor(
    private readonly queries: LocalPaymentsQueries,
    private readonly outbox: LocalEventOutbox,
  ) {
    super(new Logger('LocalPaymentEvents'), { graceMs: 60_000, giveUpAfterMs: 3 * 24 * 3600_000 });
  }

  protected listWaiting(storedAfter: Date, storedBefore: Date, limit: number) {
    return this.queries.listUndeliveredEvents(storedAfter, storedBefore, limit);
  }

  protected requeue({ id }: { id: string }) {
    return this.outbox.requeue(id);
  }
}
