import { Injectable } from '@nestjs/common';
import { JobName, type JobHandler, type JobPayloads } from '@arena/jobs';
import { LocalEventOutbox } from './local-event-outbox';

/** Runs in the worker: one local payment event's webhook, retried with backoff until it is answered 2xx. */
@Injectable()
export class LocalPaymentEventDeliveryProcessor implements JobHandler<JobName.DeliverLocalPaymentEvent> {
  readonly jobName = JobName.DeliverLocalPaymentEvent;

  constructor(private readonly outbox: LocalEventOutbox) {}

  handle({ eventId }: JobPayloads[JobName.DeliverLocalPaymentEvent]): Promise<string> {
    return this.outbox.deliver(eventId);
  }
}
