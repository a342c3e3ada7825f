import { Inject, Injectable } from '@nestjs/common';
import { AuthMessages as M } from '../../domain/auth.messages';
import { CLOCK, type Clock } from '../../domain/clock';
import { conflict, invalid, notFound, tooManyRequests } from '../../domain/identity.errors';
import type { CodeChannel } from '../../domain/one-time-code';
import { AuthRateLimiter } from '../../infrastructure/auth-rate-limiter';
import { AccountsRepository } from '../../infrastructure/accounts.repository';
import type { AuthSessionRow } from '../../infrastructure/identity.tables';
import { IdentityTransaction } from '../../infrastructure/identity.transaction';
import { SignInSessionsRepository } from '../../infrastructure/sign-in-sessions.repository';
import type { ContactResendRequest, ResendCodeRequest } from '../auth.requests';
import { contactChangeChannel, contactChangeProblem } from '../contact-change-session';
import { sessionAddress } from '../session-address';
import { OneTimeCodesService } from './one-time-codes.service';

export const RESEND_INTERVAL_MS = 60 * 1000;

/** A fresh code for a session's channel; the previous one stops working. At most once a minute. */
@Injectable()
export class CodeResendService {
  constructor(
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly sessions: SignInSessionsRepository,
    private readonly accounts: AccountsRepository,
    private readonly transaction: IdentityTransaction,
    private readonly codes: OneTimeCodesService,
    private readonly limits: AuthRateLimiter,
  ) {}

  /** Sign-up and login sessions, by whoever holds the session id. */
  async resend(input: ResendCodeRequest, ip: string): Promise<void> {
    await this.limits.sendFromIp(ip);
    const now = this.clock.now();
    const session = await this.sessions.find(input.sessionId);
    const channel = resendChannel(session, input.channel, now);
    const destination = sessionAddress(session!, channel);
    // A login for an unknown address, or a sign-up with an address that has an account, gets no code.
    const deliverable =
      session!.purpose === 'signup'
        ? !(await this.accounts.contactHeld(channel, destination))
        : session!.account_id !== null;
    await this.sendAgain(session!, channel, destination, now, deliverable);
  }

  /** A signed-in member's own email or phone change: the code goes again to the new address. */
  async resendContactChange(memberId: string, input: ContactResendRequest, ip: string): Promise<void> {
    await this.limits.sendFromIp(ip);
    await this.limits.sendForMember(memberId);
    const now = this.clock.now();
    const session = await this.sessions.find(input.sessionId);
    const problem = contactChangeProblem(session, memberId, now);
    if (problem) throw problem;
    const channel = contactChangeChannel(session!)!;
    await this.sendAgain(session!, channel, sessionAddress(session!, channel), now, true);
  }

  private async sendAgain(
    session: AuthSessionRow,
    channel: CodeChannel,
    destination: string,
    now: Date,
    deliverable: boolean,
  ): Promise<void> {
    const outcome = await this.transaction.run(
      async ({ sessions, codes }): Promise<{ waitMs: number } | { code: string }> => {
        // Two resends at once (a double click) take turns, so the second sees the first's code and waits.
        await sessions.lock(session.id);
        const live = await codes.live(session.id, channel);
        const waitMs = live ? live.created_at.getTime() + RESEND_INTERVAL_MS - now.getTime() : 0;
        if (waitMs > 0) return { waitMs };
        await this.limits.resendTo(destination);
        return { code: await this.codes.create(codes, session.id, channel, now) };
      },
    );
    if ('waitMs' in outcome) throw tooManyRequests(M.resendTooSoon, outcome.waitMs / 1000);
    if (deliverable) this.codes.deliverInBackground(channel, destination, outcome.code);
  }
}

function resendChannel(session: AuthSessionRow | undefined, requested: CodeChannel | undefined, now: Date) {
  if (!session) throw notFound(M.noSession);
  if (session.completed_at) throw conflict(M.sessionCompleted);
  if (now >= session.expires_at) throw invalid(M.sessionExpired);
  if (session.purpose === 'login') {
    const channel: CodeChannel = session.email ? 'email' : 'phone';
    if (requested && requested !== channel) throw invalid(M.wrongChannel);
    return channel;
  }
  // A contact change is resent only by its member, through the signed-in route.
  if (session.purpose !== 'signup' || !requested) throw invalid(M.wrongChannel);
  if (requested === 'email' ? session.email_verified_at : session.phone_verified_at) {
    throw invalid(M.channelAlreadyVerified);
  }
  return requested;
}
