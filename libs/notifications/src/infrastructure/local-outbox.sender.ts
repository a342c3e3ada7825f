import { Logger } from '@nestjs/common';
import type { EmailMessage, EmailSender, SmsMessage, SmsSender } from '../domain/message-senders';

export const LOCAL_OUTBOX = 'local-outbox';

/**
 * The driver used when no provider is configured: the message already sits in the outbox table,
 * where /dev/mailbox shows it, so delivering means logging it for whoever runs the product locally.
 */
export class LocalOutboxSender implements EmailSender, SmsSender {
  readonly name = LOCAL_OUTBOX;
  private readonly logger = new Logger('LocalOutbox');

  async send(message: EmailMessage | SmsMessage): Promise<void> {
    const subject = 'subject' in message ? ` "${message.subject}"` : '';
    this.logger.log(`to ${message.to}${subject}: ${message.text}`);
  }
}
