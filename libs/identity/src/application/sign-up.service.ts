import { randomUUID } from 'node:crypto';
import {
  BadRequestException,
  ConflictException,
  Inject,
  Injectable,
  NotFoundException,
  type HttpException,
} from '@nestjs/common';
import { AuthMessages as M } from '../domain/auth.messages';
import { CLOCK, type Clock } from '../domain/clock';
import type { CodeChannel } from '../domain/one-time-code';
import { generateReferralCode } from '../domain/referral-code';
import type { SignUpDto, VerifyCodeDto } from '../infrastructure/auth.dto';
import { AuthRateLimiter } from '../infrastructure/auth-rate-limiter';
import { IdentityQueries, type AuthSessionRow } from '../infrastructure/identity.queries';
import { conflictFor } from './identifier-conflict';
import { OneTimeCodesService, refusal } from './one-time-codes.service';
import { RefreshTokensService, type TokenPair } from './refresh-tokens.service';

export const TERMS_VERSION = '2.0';
export const SESSION_TTL_MS = 60 * 60 * 1000;

export type SignUpVerification =
  { complete: false; message: string } | { complete: true; message: string; tokens: TokenPair };

/** Sign-up: details are held on the session until both codes are verified; only then does the account exist. */
@Injectable()
export class SignUpService {
  constructor(
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly queries: IdentityQueries,
    private readonly codes: OneTimeCodesService,
    private readonly tokens: RefreshTokensService,
    private readonly limits: AuthRateLimiter,
  ) {}

  async start(input: SignUpDto, ip: string): Promise<{ sessionId: string }> {
    await this.limits.sendFromIp(ip);
    const taken = await this.queries.takenIdentifiers(input.username, input.email, input.phoneNumber);
    if (taken.username) throw new ConflictException(M.usernameTaken);
    if (taken.email) throw new ConflictException(M.emailTaken);
    if (taken.phoneNumber) throw new ConflictException(M.phoneTaken);
    await this.limits.sendTo([input.email, input.phoneNumber]);

    const now = this.clock.now();
    const sessionId = randomUUID();
    const codes = await this.queries.transaction(async (queries) => {
      await queries.insertSession({
        id: sessionId,
        purpose: 'signup',
        username: input.username,
        email: input.email,
        phone_number: input.phoneNumber,
        referred_by_code: input.referralCode ?? null,
        terms_version: TERMS_VERSION,
        terms_accepted_at: now,
        created_at: now,
        expires_at: new Date(now.getTime() + SESSION_TTL_MS),
      });
      return {
        email: await this.codes.create(queries, sessionId, 'email', now),
        phone: await this.codes.create(queries, sessionId, 'phone', now),
      };
    });
    this.codes.deliverInBackground('email', input.email, codes.email);
    this.codes.deliverInBackground('phone', input.phoneNumber, codes.phone);
    return { sessionId };
  }

  async verify(channel: CodeChannel, input: VerifyCodeDto, ip: string): Promise<SignUpVerification> {
    await this.limits.verifyFromIp(ip);
    const now = this.clock.now();
    let outcome: SignUpVerification | { refused: HttpException };
    try {
      // A refused attempt is returned, not thrown, so the failed try it recorded is committed.
      outcome = await this.queries.transaction(async (queries) => {
        const session = await queries.lockSession(input.sessionId);
        const problem = sessionProblem(session, now);
        if (problem) return { refused: problem };
        const signUp = session!;
        if (channel === 'email' ? signUp.email_verified_at : signUp.phone_verified_at) {
          return { refused: new BadRequestException(M.codeUsed) };
        }
        const attempt = await this.codes.attempt(queries, signUp.id, channel, input.otpCode, now);
        if (attempt.outcome !== 'accepted') return { refused: refusal(attempt) };
        await queries.markChannelVerified(signUp.id, channel, now);
        const otherVerified = channel === 'email' ? signUp.phone_verified_at : signUp.email_verified_at;
        if (!otherVerified) {
          return { complete: false, message: channel === 'email' ? M.emailVerified : M.phoneVerified };
        }
        return {
          complete: true,
          message: M.accountCreated,
          tokens: await this.createAccount(queries, signUp, now),
        };
      });
    } catch (error) {
      throw conflictFor(error) ?? error;
    }
    if ('refused' in outcome) throw outcome.refused;
    return outcome;
  }

  /** Someone may have taken a name since the session started: the whole verification rolls back with a 409. */
  private async createAccount(
    queries: IdentityQueries,
    session: AuthSessionRow,
    now: Date,
  ): Promise<TokenPair> {
    const taken = await queries.takenIdentifiers(session.username!, session.email!, session.phone_number!);
    if (taken.username) throw new ConflictException(M.usernameTaken);
    if (taken.email) throw new ConflictException(M.emailTaken);
    if (taken.phoneNumber) throw new ConflictException(M.phoneTaken);
    const account = { id: randomUUID(), username: session.username! };
    await queries.insertAccount({
      id: account.id,
      username: account.username,
      email: session.email!,
      phone_number: session.phone_number!,
      referral_code: generateReferralCode(),
      referred_by_code: session.referred_by_code,
      terms_version: session.terms_version,
      terms_accepted_at: session.terms_accepted_at,
      confirmed_adult_in_us: true,
    });
    await queries.completeSession(session.id, account.id, now);
    return this.tokens.startFamily(queries, account, now);
  }
}

function sessionProblem(session: AuthSessionRow | undefined, now: Date): HttpException | undefined {
  if (!session) return new NotFoundException(M.noSession);
  if (session.purpose !== 'signup') return new BadRequestException(M.wrongChannel);
  if (session.completed_at) return new ConflictException(M.sessionCompleted);
  if (now >= session.expires_at) return new BadRequestException(M.sessionExpired);
  return undefined;
}
