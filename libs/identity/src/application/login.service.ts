import { randomUUID } from 'node:crypto';
import {
  BadRequestException,
  Inject,
  Injectable,
  NotFoundException,
  type HttpException,
} from '@nestjs/common';
import { AuthMessages as M } from '../domain/auth.messages';
import { CLOCK, type Clock } from '../domain/clock';
import type { LoginDto, VerifyCodeDto } from '../infrastructure/auth.dto';
import { AuthRateLimiter } from '../infrastructure/auth-rate-limiter';
import { IdentityQueries, type AuthSessionRow } from '../infrastructure/identity.queries';
import { OneTimeCodesService, refusal } from './one-time-codes.service';
import { RefreshTokensService, type TokenPair } from './refresh-tokens.service';
import { SESSION_TTL_MS } from './sign-up.service';

/**
 * Login by email or phone. An address no account holds gets a session and a stored code like any
 * other, so the answer and its timing say nothing about who is a member; it is just never sent.
 */
@Injectable()
export class LoginService {
  constructor(
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly queries: IdentityQueries,
    private readonly codes: OneTimeCodesService,
    private readonly tokens: RefreshTokensService,
    private readonly limits: AuthRateLimiter,
  ) {}

  async start({ emailOrPhone }: LoginDto, ip: string): Promise<{ sessionId: string }> {
    await this.limits.sendFromIp(ip);
    await this.limits.sendTo([emailOrPhone.value]);
    const { channel, value } = emailOrPhone;
    const account =
      channel === 'email'
        ? await this.queries.findAccountByEmail(value)
        : await this.queries.findAccountByPhone(value);
    const now = this.clock.now();
    const sessionId = randomUUID();
    const code = await this.queries.transaction(async (queries) => {
      await queries.insertSession({
        id: sessionId,
        purpose: 'login',
        account_id: account?.id ?? null,
        email: channel === 'email' ? value : null,
        phone_number: channel === 'phone' ? value : null,
        created_at: now,
        expires_at: new Date(now.getTime() + SESSION_TTL_MS),
      });
      return this.codes.create(queries, sessionId, channel, now);
    });
    if (account) {
      this.codes.deliverInBackground(
        channel,
        channel === 'email' ? account.email : account.phone_number,
        code,
      );
    }
    return { sessionId };
  }

  async verify(input: VerifyCodeDto, ip: string): Promise<TokenPair> {
    await this.limits.verifyFromIp(ip);
    const now = this.clock.now();
    const outcome = await this.queries.transaction(async (queries) => {
      const session = await queries.lockSession(input.sessionId);
      const problem = loginSessionProblem(session, now);
      if (problem) return { refused: problem };
      const login = session!;
      const channel = login.email ? 'email' : 'phone';
      const attempt = await this.codes.attempt(
        queries,
        login.id,
        channel,
        input.otpCode,
        now,
        !!login.account_id,
      );
      if (attempt.outcome !== 'accepted') return { refused: refusal(attempt) };
      const account = await queries.findAccountById(login.account_id!);
      if (!account) return { refused: new NotFoundException(M.noSession) };
      await queries.completeSession(login.id, account.id, now);
      return { tokens: await this.tokens.startFamily(queries, account, now) };
    });
    if ('refused' in outcome) throw outcome.refused;
    return outcome.tokens;
  }
}

function loginSessionProblem(session: AuthSessionRow | undefined, now: Date): HttpException | undefined {
  if (!session) return new NotFoundException(M.noSession);
  if (session.purpose !== 'login') return new BadRequestException(M.wrongChannel);
  if (session.completed_at) return new BadRequestException(M.codeUsed);
  if (now >= session.expires_at) return new BadRequestException(M.sessionExpired);
  return undefined;
}
