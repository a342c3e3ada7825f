import { Inject, Injectable } from '@nestjs/common';
import { JobName, type JobHandler, type JobPayloads } from '@arena/jobs';
import { EMAIL_SENDER, type EmailSender } from '../../domain/message-senders';
import { OutboxQueries } from '../../infrastructure/outbox.queries';
import { deliverOnce } from '../deliver-once';

@Injectable()
export class EmailDeliveryProcessor implements JobHandler<JobName.DeliverEmail> {
  readonly jobName = JobName.DeliverEmail;

  constructor(
    private readonly outbox: OutboxQueries,
    @Inject(EMAIL_SENDER) private readonly sender: EmailSender,
  ) {}

  handle({ messageId }: JobPayloads[JobName.DeliverEmail]): Promise<string> {
    return deliverOnce(this.outbox, messageId, 'email', this.sender.name, (message) =>
      this.sender.send({
        to: message.recipient,
        subject: message.subject ?? '',
        text: message.body,
        ...(message.htmlBody == null ? {} : { html: message.htmlBody }),
      }),
    );
  }
}
