import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@arena/config';
import { AuthMessages } from '../domain/auth.messages';
import { CLOCK, type Clock } from '../domain/clock';
import { signAccessToken } from '../infrastructure/access-token';
import { IdentityQueries } from '../infrastructure/identity.queries';

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

const DAY_MS = 24 * 3600 * 1000;

/** Refresh tokens are random and looked up by their SHA-256: a stolen table holds nothing usable. */
const hashRefreshToken = (token: string) => createHash('sha256').update(token).digest('hex');

@Injectable()
export class RefreshTokensService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly queries: IdentityQueries,
  ) {}

  /** Starts a token family (one per sign-in) whose absolute lifetime no rotation extends. */
  async startFamily(
    queries: IdentityQueries,
    account: { id: string; username: string },
    now: Date,
  ): Promise<TokenPair> {
    const familyId = randomUUID();
    await queries.insertRefreshFamily({
      id: familyId,
      accountId: account.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + this.config.REFRESH_TOKEN_TTL_DAYS * DAY_MS),
    });
    return this.issue(queries, familyId, account, now);
  }

  /**
   * Spends a refresh token for a new pair. Presenting one already spent means it leaked (or a client
   * replayed it): the whole family is revoked so whoever holds its newest token is signed out too.
   */
  async rotate(refreshToken: string): Promise<TokenPair> {
    const now = this.clock.now();
    const outcome = await this.queries.transaction(async (queries) => {
      const record = await queries.lockRefreshToken(hashRefreshToken(refreshToken));
      if (!record || record.familyRevokedAt) return { refused: AuthMessages.refreshTokenInvalid } as const;
      if (now >= record.familyExpiresAt) return { refused: AuthMessages.refreshTokenExpired } as const;
      if (record.usedAt) {
        await queries.revokeRefreshFamily(record.familyId, now, 'reuse');
        return { refused: AuthMessages.refreshTokenReused } as const;
      }
      const account = await queries.findAccountById(record.accountId);
      if (!account) return { refused: AuthMessages.refreshTokenInvalid } as const;
      await queries.markRefreshTokenUsed(record.tokenHash, now);
      return { tokens: await this.issue(queries, record.familyId, account, now) } as const;
    });
    if ('refused' in outcome) throw new UnauthorizedException(outcome.refused);
    return outcome.tokens;
  }

  /** Logout: the family ends, whichever of its tokens was presented. Unknown tokens change nothing. */
  async revoke(refreshToken: string): Promise<void> {
    const now = this.clock.now();
    await this.queries.transaction(async (queries) => {
      const record = await queries.lockRefreshToken(hashRefreshToken(refreshToken));
      if (record) await queries.revokeRefreshFamily(record.familyId, now, 'logout');
    });
  }

  private async issue(
    queries: IdentityQueries,
    familyId: string,
    account: { id: string; username: string },
    now: Date,
  ): Promise<TokenPair> {
    const refreshToken = randomBytes(32).toString('base64url');
    await queries.insertRefreshToken({ tokenHash: hashRefreshToken(refreshToken), familyId, issuedAt: now });
    const accessToken = await signAccessToken(
      this.config.JWT_ACCESS_SECRET,
      { sub: account.id, username: account.username, sid: familyId },
      now,
    );
    return { accessToken, refreshToken };
  }
}
