import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { NotificationsService } from '@arena/notifications';
import { CLOCK, type Clock } from '../../domain/clock';
import { unauthorized, type IdentityError } from '../../domain/identity.errors';
import type { CodeChannel } from '../../domain/one-time-code';
import type { Member } from '../../infrastructure/member';
import { AuthRateLimiter } from '../../infrastructure/auth-rate-limiter';
import { EndedSignIns } from '../../infrastructure/ended-sign-ins';
import { AccountsRepository } from '../../infrastructure/accounts.repository';
import type { AccountRow } from '../../infrastructure/identity.tables';
import { IdentityTransaction } from '../../infrastructure/identity.transaction';
import type { CodeEntry } from '../auth.requests';
import {
  CONTACT_CHANGE_PURPOSE,
  contactChangeProblem,
  contactValueProblem,
  otherAddressFixedProblem,
} from '../contact-change-session';
import { conflictFor } from '../identifier-conflict';
import { MemberProfileQuery, type MemberProfile } from '../queries/member-profile.query';
import { sessionAddress } from '../session-address';
import { OneTimeCodesService, refusal } from './one-time-codes.service';
import { SESSION_TTL_MS } from './sign-up.service';

/**
 * A signed-in member changes their email or phone: a code goes to the new address, and only that
 * code, entered by the same member, switches the account over. Uniqueness is checked when the
 * change starts and again, under the account's row lock, when it is confirmed.
 */
@Injectable()
export class ContactChangeService {
  private readonly logger = new Logger('ContactChange');

  constructor(
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly accounts: AccountsRepository,
    private readonly transaction: IdentityTransaction,
    private readonly codes: OneTimeCodesService,
    private readonly limits: AuthRateLimiter,
    private readonly notifications: NotificationsService,
    private readonly profiles: MemberProfileQuery,
    private readonly endedSignIns: EndedSignIns,
  ) {}

  async start(
    memberId: string,
    channel: CodeChannel,
    value: string,
    ip: string,
  ): Promise<{ sessionId: string }> {
    await this.limits.sendFromIp(ip);
    await this.limits.sendForMember(memberId);
    const account = await this.accounts.findById(memberId);
    if (!account) throw unauthorized();
    const now = this.clock.now();
    const problem =
      otherAddressFixedProblem(account, channel, now) ??
      (await contactValueProblem(this.accounts, account, channel, value));
    if (problem) throw problem;
    await this.limits.sendTo([value]);

    const sessionId = randomUUID();
    const code = await this.transaction.run(async ({ sessions, codes }) => {
      await sessions.expireOpen(account.id, CONTACT_CHANGE_PURPOSE[channel], now);
      await sessions.insert({
        id: sessionId,
        purpose: CONTACT_CHANGE_PURPOSE[channel],
        account_id: account.id,
        email: channel === 'email' ? value : null,
        phone_number: channel === 'phone' ? value : null,
        created_at: now,
        expires_at: new Date(now.getTime() + SESSION_TTL_MS),
      });
      return this.codes.create(codes, sessionId, channel, now);
    });
    this.codes.deliverInBackground(channel, value, code);
    return { sessionId };
  }

  /**
   * Switches the address over and ends the member's other sign-ins: whoever else held a session
   * must sign in again, through the addresses as they are now.
   */
  async confirm(member: Member, channel: CodeChannel, input: CodeEntry, ip: string): Promise<MemberProfile> {
    const memberId = member.id;
    await this.limits.verifyFromIp(ip);
    await this.limits.verifyForMember(memberId);
    const now = this.clock.now();
    let outcome: { refused: IdentityError } | { before: AccountRow; ended: string[] };
    try {
      // A refused code is returned, not thrown, so the failed try it recorded is committed; a value
      // taken meanwhile, or the other address changed meanwhile, throws and rolls it all back.
      outcome = await this.transaction.run(async ({ accounts, sessions, codes, refreshTokens }) => {
        const session = await sessions.lock(input.sessionId);
        const unusable = contactChangeProblem(session, memberId, now, channel);
        if (unusable) return { refused: unusable };
        const attempt = await this.codes.attempt(codes, session!.id, channel, input.otpCode, now);
        if (attempt.outcome !== 'accepted') return { refused: refusal(attempt) };
        const account = await accounts.lock(memberId);
        if (!account) return { refused: unauthorized() };
        const value = sessionAddress(session!, channel);
        // Rolls the whole confirmation back, the code included: it may still be used once allowed.
        const problem =
          otherAddressFixedProblem(account, channel, now) ??
          (await contactValueProblem(accounts, account, channel, value));
        if (problem) throw problem;
        await accounts.updateContact(account.id, channel, value, now);
        const ended = await refreshTokens.revokeOthers(account.id, member.signInId, now, `${channel}_change`);
        await sessions.complete(session!.id, account.id, now);
        return { before: account, ended };
      });
    } catch (error) {
      throw conflictFor(error) ?? error;
    }
    if ('refused' in outcome) throw outcome.refused;
    this.accounts.forgetCachedMember(memberId);
    await this.endedSignIns.end(outcome.ended);
    await this.noticeChange(outcome.before, channel, now);
    return this.profiles.profile(memberId);
  }

  /**
   * Tells the email address the account had before the change, so a member whose account was
   * taken over hears of it. The change stands even if the notice cannot be stored.
   */
  private async noticeChange(before: AccountRow, channel: CodeChannel, at: Date): Promise<void> {
    const what = channel === 'email' ? 'email address' : 'phone number';
    const recovery =
      channel === 'email'
        ? 'log in with your phone number and change the email address back'
        : 'log in with your email address and change the phone number back';
    try {
      await this.notifications.sendEmail({
        to: before.email,
        subject: `Your Charity Arena ${what} was changed`,
        text:
          `The ${what} of your Charity Arena account @${before.username} was changed on ${at.toUTCString()}. ` +
          `If you made this change, there is nothing more to do. If you did not, ${recovery} at once.`,
      });
    } catch (error) {
      this.logger.error({ err: error, channel }, 'could not queue the contact change notice');
    }
  }
}
