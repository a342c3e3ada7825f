import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { AuthMessages as M } from '../../domain/auth.messages';
import { CLOCK, type Clock } from '../../domain/clock';
import { identifierKey } from '../../domain/contact';
import { invalid, notFound, type IdentityError } from '../../domain/identity.errors';
import { AuthRateLimiter } from '../../infrastructure/auth-rate-limiter';
import { AccountsRepository } from '../../infrastructure/accounts.repository';
import type { AuthSessionRow } from '../../infrastructure/identity.tables';
import { IdentityTransaction } from '../../infrastructure/identity.transaction';
import type { CodeEntry, LoginRequest } from '../auth.requests';
import { AccountNotices } from '../account-notices';
import { OneTimeCodesService, refusal } from './one-time-codes.service';
import { RefreshTokensService, type TokenPair } from './refresh-tokens.service';
import { SESSION_TTL_MS } from './sign-up.service';

/**
 * Login by email or phone. An address no account holds gets a session and a stored code like any
 * other, so the answer and its timing say nothing about who is a member; it is just never sent.
 * Wrong codes are counted per account across codes and IPs: past the budget, its codes are refused.
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
    private readonly notices: AccountNotices,
  ) {}

  async start({ emailOrPhone }: LoginRequest, ip: string): Promise<{ sessionId: string }> {
    await this.limits.sendFromIp(ip);
    await this.limits.sendTo([emailOrPhone.value]);
    const { channel, value } = emailOrPhone;
    const found =
      channel === 'email' ? await this.accounts.findByEmail(value) : await this.accounts.findByPhone(value);
    // A closed account is answered exactly like an address no account holds: a code is stored, never sent.
    const account = found && !found.closed_at ? found : undefined;
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

  async verify(input: CodeEntry, ip: string, userAgent: string | null = null): Promise<TokenPair> {
    await this.limits.verifyFromIp(ip);
    const now = this.clock.now();
    const outcome = await this.transaction.run(async ({ accounts, sessions, codes, refreshTokens }) => {
      const session = await sessions.lock(input.sessionId);
      const problem = loginSessionProblem(session, now);
      if (problem) return { refused: problem };
      const login = session!;
      await this.limits.codesAllowedFor(failureBudgetKey(login));
      const channel = login.email ? 'email' : 'phone';
      const attempt = await this.codes.attempt(
        codes,
        login.id,
        channel,
        input.otpCode,
        now,
        !!login.account_id,
      );
      if (attempt.outcome === 'wrong') return { refused: refusal(attempt), wrongCodeFor: login };
      if (attempt.outcome !== 'accepted') return { refused: refusal(attempt) };
      const account = await accounts.findById(login.account_id!);
      // Closed since the code was sent: answered as a session that never was.
      if (!account || account.closed_at) return { refused: notFound(M.noSession) };
      await sessions.complete(login.id, account.id, now);
      return { tokens: await this.tokens.startFamily(refreshTokens, account, now, { userAgent, ip }) };
    });
    if ('wrongCodeFor' in outcome && outcome.wrongCodeFor) await this.countWrongCode(outcome.wrongCodeFor);
    if ('refused' in outcome) throw outcome.refused;
    return outcome.tokens;
  }

  /** Spends one of the account's wrong-code budget; the owner hears once when it runs out. */
  private async countWrongCode(login: AuthSessionRow): Promise<void> {
    const spent = await this.limits.failedCodeFor(failureBudgetKey(login));
    const account = spent && login.account_id ? await this.accounts.findById(login.account_id) : undefined;
    if (spent && account) this.notices.codesPaused(account, spent.failures, spent.until);
  }
}

/** An account's budget; an address no account holds gets one of its own, so both answer alike. */
function failureBudgetKey(login: AuthSessionRow): string {
  return login.account_id
    ? `account:${login.account_id}`
    : `address:${identifierKey((login.email ?? login.phone_number)!)}`;
}

function loginSessionProblem(session: AuthSessionRow | undefined, now: Date): IdentityError | undefined {
  if (!session) return notFound(M.noSession);
  if (session.purpose !== 'login') return invalid(M.wrongChannel);
  if (session.completed_at) return invalid(M.codeUsed);
  if (now >= session.expires_at) return invalid(M.sessionExpired);
  return undefined;
}
