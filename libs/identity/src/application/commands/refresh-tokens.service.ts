import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@arena/config';
import { AuthMessages } from '../../domain/auth.messages';
import { CLOCK, type Clock } from '../../domain/clock';
import { unauthorized } from '../../domain/identity.errors';
import { openSuccessor, sealSuccessor, type TokenPair } from '../../domain/sealed-successor';
import { signAccessToken } from '../../infrastructure/access-token';
import { EndedSignIns } from '../../infrastructure/ended-sign-ins';
import { IdentityTransaction } from '../../infrastructure/identity.transaction';
import type {
  RefreshTokenFamiliesRepository,
  RefreshTokenRecord,
  SignInDevice,
} from '../../infrastructure/refresh-token-families.repository';

export type { TokenPair };

type Rotation = { tokens: TokenPair } | { refused: string; ended?: string };

const DAY_MS = 24 * 3600 * 1000;

/** Refresh tokens are random and looked up by their SHA-256: a stolen table holds nothing usable. */
const hashRefreshToken = (token: string) => createHash('sha256').update(token).digest('hex');

@Injectable()
export class RefreshTokensService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly transaction: IdentityTransaction,
    private readonly endedSignIns: EndedSignIns,
  ) {}

  /** Starts a token family (one per sign-in) whose absolute lifetime no rotation extends. */
  async startFamily(
    refreshTokens: RefreshTokenFamiliesRepository,
    account: { id: string; username: string },
    now: Date,
    device?: SignInDevice,
  ): Promise<TokenPair> {
    const familyId = randomUUID();
    await refreshTokens.insertFamily({
      id: familyId,
      accountId: account.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + this.config.REFRESH_TOKEN_TTL_DAYS * DAY_MS),
      device,
    });
    return this.issue(refreshTokens, familyId, account, now);
  }

  /**
   * Spends a refresh token for a new pair. Within the grace period, and while the pair it was rotated
   * into is unspent, the token just spent answers that same pair however often it comes back: a
   * client's simultaneous refreshes (tabs, retries) all land on one sign-in. Presenting a spent one
   * otherwise means it leaked (or a client replayed it): the whole family is revoked so whoever holds
   * its newest token is signed out too.
   */
  async rotate(refreshToken: string): Promise<TokenPair> {
    const now = this.clock.now();
    const outcome = await this.transaction.run(async ({ accounts, refreshTokens }): Promise<Rotation> => {
      const record = await refreshTokens.lockToken(hashRefreshToken(refreshToken));
      if (!record || record.familyRevokedAt) return { refused: AuthMessages.refreshTokenInvalid };
      if (now >= record.familyExpiresAt) return { refused: AuthMessages.refreshTokenExpired };
      if (record.usedAt) {
        const successor = await this.graceSuccessor(refreshTokens, record, refreshToken, now);
        if (successor) return { tokens: successor };
        await refreshTokens.revoke(record.familyId, now, 'reuse');
        return { refused: AuthMessages.refreshTokenReused, ended: record.familyId };
      }
      const account = await accounts.findById(record.accountId);
      if (!account || account.closed_at) return { refused: AuthMessages.refreshTokenInvalid };
      const tokens = await this.issue(refreshTokens, record.familyId, account, now);
      await refreshTokens.markTokenUsed(record.tokenHash, now, sealSuccessor(refreshToken, tokens));
      return { tokens };
    });
    if ('ended' in outcome && outcome.ended) await this.endedSignIns.end([outcome.ended]);
    if ('refused' in outcome) throw unauthorized(outcome.refused);
    return outcome.tokens;
  }

  private async graceSuccessor(
    refreshTokens: RefreshTokenFamiliesRepository,
    spent: RefreshTokenRecord,
    refreshToken: string,
    now: Date,
  ): Promise<TokenPair | undefined> {
    const graceMs = this.config.REFRESH_GRACE_SECONDS * 1000;
    if (spent.successorSealed === null || now.getTime() - spent.usedAt!.getTime() > graceMs) return undefined;
    const successor = openSuccessor(refreshToken, spent.successorSealed);
    const next = successor && (await refreshTokens.lockToken(hashRefreshToken(successor.refreshToken)));
    return next && !next.usedAt ? successor : undefined;
  }

  /** Logout: the family ends, whichever of its tokens was presented. Unknown tokens change nothing. */
  async revoke(refreshToken: string): Promise<void> {
    const now = this.clock.now();
    const ended = await this.transaction.run(async ({ refreshTokens }) => {
      const record = await refreshTokens.lockToken(hashRefreshToken(refreshToken));
      if (record) await refreshTokens.revoke(record.familyId, now, 'logout');
      return record?.familyId;
    });
    if (ended) await this.endedSignIns.end([ended]);
  }

  private async issue(
    refreshTokens: RefreshTokenFamiliesRepository,
    familyId: string,
    account: { id: string; username: string },
    now: Date,
  ): Promise<TokenPair> {
    const refreshToken = randomBytes(32).toString('base64url');
    await refreshTokens.insertToken({ tokenHash: hashRefreshToken(refreshToken), familyId, issuedAt: now });
    const accessToken = await signAccessToken(
      this.config.JWT_ACCESS_SECRET,
      { sub: account.id, username: account.username, sid: familyId },
      now,
    );
    return { accessToken, refreshToken };
  }
}
