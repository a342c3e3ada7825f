import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, UnauthorizedException, type HttpException } from '@nestjs/common';
import { NotificationsService } from '@arena/notifications';
import { CLOCK, type Clock } from '../domain/clock';
import type { CodeChannel } from '../domain/one-time-code';
import type { VerifyCodeDto } from '../infrastructure/auth.dto';
import type { Member } from '../infrastructure/member';
import { AuthRateLimiter } from '../infrastructure/auth-rate-limiter';
import { IdentityQueries, type AccountRow } from '../infrastructure/identity.queries';
import {
  CONTACT_CHANGE_PURPOSE,
  contactChangeProblem,
  contactValueProblem,
  otherAddressFixedProblem,
  requestedValue,
} from './contact-change-session';
import { conflictFor } from './identifier-conflict';
import { MemberProfileQuery, type MemberProfile } from './member-profile.query';
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
    private readonly queries: IdentityQueries,
    private readonly codes: OneTimeCodesService,
    private readonly limits: AuthRateLimiter,
    private readonly notifications: NotificationsService,
    private readonly profiles: MemberProfileQuery,
  ) {}

  async start(
    memberId: string,
    channel: CodeChannel,
    value: string,
    ip: string,
  ): Promise<{ sessionId: string }> {
    await this.limits.sendFromIp(ip);
    await this.limits.sendForMember(memberId);
    const account = await this.queries.findAccountById(memberId);
    if (!account) throw new UnauthorizedException('Unauthorized');
    const now = this.clock.now();
    const problem =
      otherAddressFixedProblem(account, channel, now) ??
      (await contactValueProblem(this.queries, account, channel, value));
    if (problem) throw problem;
    await this.limits.sendTo([value]);

    const sessionId = randomUUID();
    const code = await this.queries.transaction(async (queries) => {
      await queries.expireOpenSessions(account.id, CONTACT_CHANGE_PURPOSE[channel], now);
      await queries.insertSession({
        id: sessionId,
        purpose: CONTACT_CHANGE_PURPOSE[channel],
        account_id: account.id,
        email: channel === 'email' ? value : null,
        phone_number: channel === 'phone' ? value : null,
        created_at: now,
        expires_at: new Date(now.getTime() + SESSION_TTL_MS),
      });
      return this.codes.create(queries, sessionId, channel, now);
    });
    this.codes.deliverInBackground(channel, value, code);
    return { sessionId };
  }

  /**
   * Switches the address over and ends the member's other sign-ins: whoever else held a session
   * must sign in again, through the addresses as they are now.
   */
  async confirm(
    member: Member,
    channel: CodeChannel,
    input: VerifyCodeDto,
    ip: string,
  ): Promise<MemberProfile> {
    const memberId = member.id;
    await this.limits.verifyFromIp(ip);
    await this.limits.verifyForMember(memberId);
    const now = this.clock.now();
    let outcome: { refused: HttpException } | { before: AccountRow };
    try {
      // A refused code is returned, not thrown, so the failed try it recorded is committed; a value
      // taken meanwhile, or the other address changed meanwhile, throws and rolls it all back.
      outcome = await this.queries.transaction(async (queries) => {
        const session = await queries.lockSession(input.sessionId);
        const unusable = contactChangeProblem(session, memberId, now, channel);
        if (unusable) return { refused: unusable };
        const attempt = await this.codes.attempt(queries, session!.id, channel, input.otpCode, now);
        if (attempt.outcome !== 'accepted') return { refused: refusal(attempt) };
        const account = await queries.lockAccount(memberId);
        if (!account) return { refused: new UnauthorizedException('Unauthorized') };
        const value = requestedValue(session!, channel);
        // Rolls the whole confirmation back, the code included: it may still be used once allowed.
        const problem =
          otherAddressFixedProblem(account, channel, now) ??
          (await contactValueProblem(queries, account, channel, value));
        if (problem) throw problem;
        await queries.updateAccountContact(account.id, channel, value, now);
        await queries.revokeOtherRefreshFamilies(account.id, member.signInId, now, `${channel}_change`);
        await queries.completeSession(session!.id, account.id, now);
        return { before: account };
      });
    } catch (error) {
      throw conflictFor(error) ?? error;
    }
    if ('refused' in outcome) throw outcome.refused;
    this.queries.forgetCachedMember(memberId);
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
