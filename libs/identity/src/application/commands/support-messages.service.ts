import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@arena/config';
import type { SupportMessageBody } from '@arena/contracts';
import { NotificationsService } from '@arena/notifications';
import { CLOCK, type Clock } from '../../domain/clock';
import { unauthorized } from '../../domain/identity.errors';
import { supportConfirmationEmail, supportInboxEmail } from '../../domain/support-message.email';
import type { SupportTopic } from '../../domain/support-topic';
import { AccountsRepository } from '../../infrastructure/accounts.repository';
import { SupportRateLimiter } from '../../infrastructure/support-rate-limiter';

const TICKET_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** 'T-' and 8 letters or digits without look-alikes (about 40 bits): quoted by the member, never guessed into anything. */
export function newTicketCode(): string {
  return `T-${[...randomBytes(8)].map((byte) => TICKET_ALPHABET[byte % TICKET_ALPHABET.length]).join('')}`;
}

/** Support: the member's message to the support inbox, and a confirmation with its ticket to the member. */
@Injectable()
export class SupportMessagesService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly accounts: AccountsRepository,
    private readonly notifications: NotificationsService,
    private readonly limits: SupportRateLimiter,
  ) {}

  async send(memberId: string, body: Required<SupportMessageBody>): Promise<{ ticket: string }> {
    await this.limits.consume(memberId);
    const account = await this.accounts.findById(memberId);
    if (!account || account.closed_at) throw unauthorized();
    const input = {
      ticket: newTicketCode(),
      member: { id: account.id, username: account.username, email: account.email },
      topic: body.topic as SupportTopic,
      subject: body.subject,
      message: body.message,
      sentAt: this.clock.now(),
    };
    await this.notifications.sendEmail(supportInboxEmail(input, this.config.SUPPORT_EMAIL));
    await this.notifications.sendEmail(supportConfirmationEmail(input));
    return { ticket: input.ticket };
  }
}
