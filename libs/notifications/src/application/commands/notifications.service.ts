import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { JobName, JobsService } from '@arena/jobs';
import type { EmailMessage, SmsMessage } from '../../domain/message-senders';
import type { OutboxMessage } from '../../domain/outbox-message';
import { OutboxQueries } from '../../infrastructure/outbox.queries';

/** Stores a message in the outbox, then queues its delivery job (keyed by the message id). */
@Injectable()
export class NotificationsService {
  constructor(
    private readonly outbox: OutboxQueries,
    private readonly jobs: JobsService,
  ) {}

  async sendEmail(message: EmailMessage): Promise<string> {
    const id = randomUUID();
    await this.outbox.insert({
      id,
      channel: 'email',
      recipient: message.to,
      subject: message.subject,
      body: message.text,
      htmlBody: message.html ?? null,
    });
    await this.queueDelivery({ id, channel: 'email' });
    return id;
  }

  async sendSms(message: SmsMessage): Promise<string> {
    const id = randomUUID();
    await this.outbox.insert({
      id,
      channel: 'sms',
      recipient: message.to,
      subject: null,
      body: message.text,
    });
    await this.queueDelivery({ id, channel: 'sms' });
    return id;
  }

  /** Keyed by the message, so queueing a message again while its job exists adds nothing. */
  async queueDelivery(message: Pick<OutboxMessage, 'id' | 'channel'>): Promise<void> {
    const messageId = message.id;
    if (message.channel === 'email') {
      await this.jobs.enqueue(JobName.DeliverEmail, { messageId }, { jobId: `email-${messageId}` });
    } else {
      await this.jobs.enqueue(JobName.DeliverSms, { messageId }, { jobId: `sms-${messageId}` });
    }
  }
}
