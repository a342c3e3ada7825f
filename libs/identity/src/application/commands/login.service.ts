import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@arena/config';
import { AuthMessages as M } from '../../domain/auth.messages';
import { CLOCK, type Clock } from '../../domain/clock';
import { identifierKey } from '../../domain/contact';
import { invalid, notFound, type IdentityError } from '../../domain/identity.errors';
import { sourceNetwork } from '../../domain/source-network';
import { AuthRateLimiter } from '../../infrastructure/auth-rate-limiter';
import { AccountsRepository } from '../../infrastructure/accounts.repository';
import type { AuthSessionRow } from '../../infrastructure/identity.tables';
import { IdentityTransaction } from '../../infrastructure/identity.transaction';
import { SignInUnlocks } from '../../infrastructure/sign-in-unlocks';
import type { CodeEntry, LoginRequest } from '../auth.requests';
import { AccountNotices } from '../account-notices';
import { OneTimeCodesService, refusal } from './one-time-codes.service';
import { RefreshTokensService, type TokenPair } from './refresh-tokens.service';
import { SESSION_TTL_MS } from './sign-up.service';

/**
 * Login by email or phone. An address no account holds gets a session and a stored code like any
 * other, so the answer and its timing say nothing about who is a member; it is just never sent.
 * Wrong codes are counted per account and source network, per account everywhere and per network
 * (AuthRateLimiter): a stranger spending a budget pauses sign-in from their network, and when an
 * account's budget runs out its owner is emailed an "it was me" link that unlocks it for them.
 */
@Injectable()
export class LoginService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly accounts: AccountsRepository,
    private readonly transaction: IdentityTransaction,
    private readonly codes: OneTimeCodesService,
    private readonly tokens: RefreshTokensService,
    private readonly limits: AuthRateLimiter,
    private readonly notices: AccountNotices,
    private readonly unlocks: SignInUnlocks,
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
    const network = sourceNetwork(ip);
    const now = this.clock.now();
    const outcome = await this.transaction.run(async ({ accounts, sessions, codes, refreshTokens }) => {
      const session = await sessions.lock(input.sessionId);
      const problem = loginSessionProblem(session, now);
      if (problem) return { refused: problem };
      const login = session!;
      await this.limits.codesAllowedFor(failureBudgetKey(login), network);
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
    if ('wrongCodeFor' in outcome && outcome.wrongCodeFor) {
      await this.countWrongCode(outcome.wrongCodeFor, network);
    }
    if ('refused' in outcome) throw outcome.refused;
    return outcome.tokens;
  }

  /**
   * The owner's "it was me" (the emailed link, from wherever it is opened): the account's codes are
   * taken again from everywhere, and from this network for the rest of the window whatever strangers do.
   */
  async unlock(token: string, ip: string): Promise<void> {
    await this.limits.verifyFromIp(ip);
    const budget = await this.unlocks.take(token);
    if (!budget) throw invalid(M.unlockLinkInvalid);
    await this.limits.unlock(budget, sourceNetwork(ip));
  }

  /** Spends the wrong-code budgets; when one of the account's runs out, its owner gets an unlock link. */
  private async countWrongCode(login: AuthSessionRow, network: string): Promise<void> {
    const budget = failureBudgetKey(login);
    const spent = await this.limits.failedCodeFor(budget, network);
    const account = spent && login.account_id ? await this.accounts.findById(login.account_id) : undefined;
    if (!spent || !account || account.closed_at) return;
    const link = new URL('/unlock-sign-in', this.config.PUBLIC_URL);
    link.searchParams.set('token', await this.unlocks.issue(budget));
    this.notices.codesPaused(account, spent, link.toString());
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
