import { Injectable, Logger } from '@nestjs/common';
import { NotificationsService } from '@arena/notifications';
import type { CodeChannel } from '../domain/one-time-code';
import type { SpentBudget } from '../infrastructure/auth-rate-limiter';

/**
 * Messages to an account's owner about something done with their addresses. Queued without holding
 * up the answer (it then takes as long as sending a code); a failure is only logged.
 */
@Injectable()
export class AccountNotices {
  private readonly logger = new Logger('AccountNotices');

  constructor(private readonly notifications: NotificationsService) {}

  /** Sign-up with an address that already has an account: its owner hears of it instead of getting a code. */
  signUpWithTakenAddress(channel: CodeChannel, destination: string): void {
    const sending =
      channel === 'email'
        ? this.notifications.sendEmail({
            to: destination,
            subject: 'Someone tried to sign up with your email address',
            text:
              'Someone tried to create a Charity Arena account with this email address, which already has an ' +
              'account. If it was you, log in instead. If it was not, you can ignore this message: no account was created.',
          })
        : this.notifications.sendSms({
            to: destination,
            text: 'Charity Arena: someone tried to sign up with this number, which already has an account. If it was you, log in instead.',
          });
    this.logFailure(sending, 'sign-up with a taken address');
  }

  /**
   * A budget of wrong codes for the account ran out (from one network, or from everywhere): its codes
   * are refused there until then, unless the owner opens `unlockLink` (once, for a short while).
   */
  codesPaused(account: { email: string; username: string }, spent: SpentBudget, unlockLink: string): void {
    const where = spent.scope === 'network' ? 'from the network they came from' : 'from everywhere';
    const sending = this.notifications.sendEmail({
      to: account.email,
      subject: 'Sign-in to your Charity Arena account is paused',
      text:
        `${spent.failures} wrong sign-in codes were entered for your Charity Arena account @${account.username}. ` +
        `For your safety, sign-in codes for it are refused ${where} until ${spent.until.toUTCString()}. ` +
        'None of the wrong codes let anyone in.\n\n' +
        `If it was you, open this link to sign in again: ${unlockLink}\n` +
        'The link works once, for a short while, and only unlocks sign-in: you still need a code. ' +
        'If it was not you, ignore this message; if it keeps happening, contact support.',
    });
    this.logFailure(sending, 'codes paused');
  }

  private logFailure(sending: Promise<unknown>, notice: string): void {
    sending.catch((error: unknown) => this.logger.error({ err: error, notice }, 'could not queue a notice'));
  }
}
