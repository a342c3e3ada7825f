import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { AuthMessages as M } from '../../domain/auth.messages';
import { CLOCK, type Clock } from '../../domain/clock';
import { conflict, invalid, notFound, type IdentityError } from '../../domain/identity.errors';
import type { CodeChannel } from '../../domain/one-time-code';
import { generateReferralCode } from '../../domain/referral-code';
import { AuthRateLimiter } from '../../infrastructure/auth-rate-limiter';
import { AccountsRepository } from '../../infrastructure/accounts.repository';
import type { SignInDevice } from '../../infrastructure/refresh-token-families.repository';
import type { AuthSessionRow } from '../../infrastructure/identity.tables';
import { IdentityTransaction, type IdentityRepositories } from '../../infrastructure/identity.transaction';
import type { CodeEntry, SignUpRequest } from '../auth.requests';
import { conflictFor } from '../identifier-conflict';
import { AccountNotices } from '../account-notices';
import { OneTimeCodesService, refusal } from './one-time-codes.service';
import { sessionAddress } from '../session-address';
import { RefreshTokensService, type TokenPair } from './refresh-tokens.service';
import { SignUpListeners } from '../sign-up-listeners';

export const TERMS_VERSION = '2.0';
export const SESSION_TTL_MS = 60 * 60 * 1000;

export type SignUpVerification =
  { complete: false; message: string } | { complete: true; message: string; tokens: TokenPair };

/**
 * Sign-up: details are held on the session until both codes are verified; only then does the account
 * exist. An email or phone that already has an account is answered like a new one (it is private);
 * its owner gets a notice instead of the code, so that channel can never be verified. A taken
 * username is said plainly: it is public on the leaderboards anyway.
 */
@Injectable()
export class SignUpService {
  constructor(
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly accounts: AccountsRepository,
    private readonly transaction: IdentityTransaction,
    private readonly codes: OneTimeCodesService,
    private readonly tokens: RefreshTokensService,
    private readonly limits: AuthRateLimiter,
    private readonly notices: AccountNotices,
    private readonly signUpListeners: SignUpListeners,
  ) {}

  async start(input: SignUpRequest, ip: string): Promise<{ sessionId: string }> {
    await this.limits.sendFromIp(ip);
    const taken = await this.accounts.takenIdentifiers(input.username, input.email, input.phoneNumber);
    if (taken.username) throw conflict(M.usernameTaken);
    await this.limits.sendTo([input.email, input.phoneNumber]);

    // Only an open account's own code is kept (as stored), never the text the request carried.
    const referrer = input.referralCode
      ? await this.accounts.findOpenByReferralCode(input.referralCode)
      : undefined;

    const now = this.clock.now();
    const sessionId = randomUUID();
    const sent = await this.transaction.run(async ({ sessions, codes }) => {
      await sessions.insert({
        id: sessionId,
        purpose: 'signup',
        username: input.username,
        email: input.email,
        phone_number: input.phoneNumber,
        referred_by_code: referrer?.referral_code ?? null,
        referral_option: (referrer && input.referralOption) || null,
        // Only what the member ticked is recorded: a call without the boxes agreed to nothing.
        terms_version: input.acceptedTerms ? TERMS_VERSION : null,
        terms_accepted_at: input.acceptedTerms ? now : null,
        confirmed_adult_in_us: input.confirmedAdultInUs,
        created_at: now,
        expires_at: new Date(now.getTime() + SESSION_TTL_MS),
      });
      return {
        email: await this.codes.create(codes, sessionId, 'email', now),
        phone: await this.codes.create(codes, sessionId, 'phone', now),
      };
    });
    if (taken.email) this.notices.signUpWithTakenAddress('email', input.email);
    else this.codes.deliverInBackground('email', input.email, sent.email);
    if (taken.phoneNumber) this.notices.signUpWithTakenAddress('phone', input.phoneNumber);
    else this.codes.deliverInBackground('phone', input.phoneNumber, sent.phone);
    return { sessionId };
  }

  async verify(
    channel: CodeChannel,
    input: CodeEntry,
    ip: string,
    userAgent: string | null = null,
  ): Promise<SignUpVerification> {
    await this.limits.verifyFromIp(ip);
    const now = this.clock.now();
    let outcome: SignUpVerification | { refused: IdentityError };
    let createdAccountId: string | undefined;
    try {
      // A refused attempt is returned, not thrown, so the failed try it recorded is committed.
      outcome = await this.transaction.run(async (repositories) => {
        const { accounts, sessions, codes } = repositories;
        const session = await sessions.lock(input.sessionId);
        const problem = sessionProblem(session, now);
        if (problem) return { refused: problem };
        const signUp = session!;
        if (channel === 'email' ? signUp.email_verified_at : signUp.phone_verified_at) {
          return { refused: invalid(M.codeUsed) };
        }
        const addressTaken = await accounts.contactHeld(channel, sessionAddress(signUp, channel));
        const attempt = await this.codes.attempt(
          codes,
          signUp.id,
          channel,
          input.otpCode,
          now,
          !addressTaken,
        );
        if (attempt.outcome !== 'accepted') return { refused: refusal(attempt) };
        await sessions.markChannelVerified(signUp.id, channel, now);
        const otherVerified = channel === 'email' ? signUp.phone_verified_at : signUp.email_verified_at;
        if (!otherVerified) {
          return { complete: false, message: channel === 'email' ? M.emailVerified : M.phoneVerified };
        }
        return {
          complete: true,
          message: M.accountCreated,
          tokens: await this.createAccount(
            repositories,
            signUp,
            now,
            { userAgent, ip },
            (id) => (createdAccountId = id),
          ),
        };
      });
    } catch (error) {
      throw conflictFor(error) ?? error;
    }
    if ('refused' in outcome) throw outcome.refused;
    // After commit: the account exists for whoever listens (referrals).
    if (outcome.complete && createdAccountId) this.signUpListeners.notify(createdAccountId);
    return outcome;
  }

  /** Someone may have taken a name since the session started: the whole verification rolls back with a 409. */
  private async createAccount(
    { accounts, sessions, refreshTokens }: IdentityRepositories,
    session: AuthSessionRow,
    now: Date,
    device: SignInDevice,
    created: (accountId: string) => void,
  ): Promise<TokenPair> {
    const taken = await accounts.takenIdentifiers(session.username!, session.email!, session.phone_number!);
    if (taken.username) throw conflict(M.usernameTaken);
    if (taken.email) throw conflict(M.emailTaken);
    if (taken.phoneNumber) throw conflict(M.phoneTaken);
    const account = { id: randomUUID(), username: session.username! };
    await accounts.insert({
      id: account.id,
      username: account.username,
      email: session.email!,
      phone_number: session.phone_number!,
      referral_code: generateReferralCode(),
      referred_by_code: session.referred_by_code,
      referral_option: session.referral_option,
      terms_version: session.terms_version,
      terms_accepted_at: session.terms_accepted_at,
      confirmed_adult_in_us: session.confirmed_adult_in_us,
    });
    await sessions.complete(session.id, account.id, now);
    created(account.id);
    return this.tokens.startFamily(refreshTokens, account, now, device);
  }
}

function sessionProblem(session: AuthSessionRow | undefined, now: Date): IdentityError | undefined {
  if (!session) return notFound(M.noSession);
  if (session.purpose !== 'signup') return invalid(M.wrongChannel);
  if (session.completed_at) return conflict(M.sessionCompleted);
  if (now >= session.expires_at) return invalid(M.sessionExpired);
  return undefined;
}
