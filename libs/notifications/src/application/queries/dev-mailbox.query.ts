import { Inject, Injectable } from '@nestjs/common';
import type { DevMailbox } from '@arena/contracts';
import { APP_CONFIG, devToolsEnabled, type AppConfig } from '@arena/config';
import { EMAIL_SENDER, SMS_SENDER, type EmailSender, type SmsSender } from '../../domain/message-senders';
import type { NotificationChannel } from '../../domain/outbox-message';
import { LOCAL_OUTBOX } from '../../infrastructure/local-outbox.sender';
import { OutboxQueries } from '../../infrastructure/outbox.queries';

export type MailboxView = DevMailbox;

const MAILBOX_SIZE = 100;

/**
 * Messages of the channels the local driver handles; undefined when no channel uses it, and always
 * outside development and test, where a public page of sign-in codes would hand out every account.
 */
@Injectable()
export class DevMailboxQuery {
  constructor(
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'NODE_ENV'>,
    private readonly outbox: OutboxQueries,
    @Inject(EMAIL_SENDER) private readonly email: EmailSender,
    @Inject(SMS_SENDER) private readonly sms: SmsSender,
  ) {}

  async view(): Promise<MailboxView | undefined> {
    if (!devToolsEnabled(this.config)) return undefined;
    const channels: NotificationChannel[] = [];
    if (this.email.name === LOCAL_OUTBOX) channels.push('email');
    if (this.sms.name === LOCAL_OUTBOX) channels.push('sms');
    if (channels.length === 0) return undefined;
    const messages = await this.outbox.listRecent(channels, MAILBOX_SIZE);
    return {
      channels,
      messages: messages.map((m) => ({
        id: m.id,
        channel: m.channel,
        to: m.recipient,
        subject: m.subject,
        body: m.body,
        createdAt: m.createdAt.toISOString(),
        deliveredAt: m.deliveredAt?.toISOString() ?? null,
      })),
    };
  }
}
