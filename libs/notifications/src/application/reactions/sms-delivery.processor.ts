import { Inject, Injectable } from '@nestjs/common';
import { JobName, type JobHandler, type JobPayloads } from '@arena/jobs';
import { SMS_SENDER, type SmsSender } from '../../domain/message-senders';
import { OutboxQueries } from '../../infrastructure/outbox.queries';
import { deliverOnce } from '../deliver-once';

@Injectable()
export class SmsDeliveryProcessor implements JobHandler<JobName.DeliverSms> {
  readonly jobName = JobName.DeliverSms;

  constructor(
    private readonly outbox: OutboxQueries,
    @Inject(SMS_SENDER) private readonly sender: SmsSender,
  ) {}

  handle({ messageId }: JobPayloads[JobName.DeliverSms]): Promise<string> {
    return deliverOnce(this.outbox, messageId, 'sms', this.sender.name, (message) =>
      this.sender.send({ to: message.recipient, text: message.body }),
    );
  }
}
