import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { AuthMessages as M } from '../domain/auth.messages';
import { CLOCK, type Clock } from '../domain/clock';
import { invalid, notFound, type IdentityError } from '../domain/identity.errors';
import { AuthRateLimiter } from '../infrastructure/auth-rate-limiter';
import { AccountsRepository } from '../infrastructure/accounts.repository';
import type { AuthSessionRow } from '../infrastructure/identity.tables';
import { IdentityTransaction } from '../infrastructure/identity.transaction';
import type { CodeEntry, LoginRequest } from './auth.requests';
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
    private readonly accounts: AccountsRepository,
    private readonly transaction: IdentityTransaction,
    private readonly codes: OneTimeCodesService,
    private readonly tokens: RefreshTokensService,
    private readonly limits: AuthRateLimiter,
  ) {}

  async start({ emailOrPhone }: LoginRequest, ip: string): Promise<{ sessionId: string }> {
    await this.limits.sendFromIp(ip);
    await this.limits.sendTo([emailOrPhone.value]);
    const { channel, value } = emailOrPhone;
    const account =
      channel === 'email' ? await this.accounts.findByEmail(value) : await this.accounts.findByPhone(value);
    const now = this.clock.now();
    const sessionId = randomUUID();
    const code = await this.transaction.run(async ({ sessions, codes }) => {
      await sessions.insert({
        id: sessionId,
        purpose: 'login',
        account_id: account?.id ?? null,
        email: channel === 'email' ? value : null,
        phone_number: channel === 'phone' ? value : null,
        created_at: now,
        expires_at: new Date(now.getTime() + SESSION_TTL_MS),
      });
      return this.codes.create(codes, sessionId, channel, now);
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

  async verify(input: CodeEntry, ip: string): Promise<TokenPair> {
    await this.limits.verifyFromIp(ip);
    const now = this.clock.now();
    const outcome = await this.transaction.run(async ({ accounts, sessions, codes, refreshTokens }) => {
      const session = await sessions.lock(input.sessionId);
      const problem = loginSessionProblem(session, now);
      if (problem) return { refused: problem };
      const login = session!;
      const channel = login.email ? 'email' : 'phone';
      const attempt = await this.codes.attempt(
        codes,
        login.id,
        channel,
        input.otpCode,
        now,
        !!login.account_id,
      );
      if (attempt.outcome !== 'accepted') return { refused: refusal(attempt) };
      const account = await accounts.findById(login.account_id!);
      if (!account) return { refused: notFound(M.noSession) };
      await sessions.complete(login.id, account.id, now);
      return { tokens: await this.tokens.startFamily(refreshTokens, account, now) };
    });
    if ('refused' in outcome) throw outcome.refused;
    return outcome.tokens;
  }
}

function loginSessionProblem(session: AuthSessionRow | undefined, now: Date): IdentityError | undefined {
  if (!session) return notFound(M.noSession);
  if (session.purpose !== 'login') return invalid(M.wrongChannel);
  if (session.completed_at) return invalid(M.codeUsed);
  if (now >= session.expires_at) return invalid(M.sessionExpired);
  return undefined;
}
