import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { SignJWT, errors, jwtVerify } from 'jose';
import { APP_CONFIG, type AppConfig } from '@arena/config';
import { PlayMessages } from '@arena/contracts/plays.contract';
import { isUuid } from '@arena/text';
import type { Member } from '@arena/identity';
import { TournamentError, playExpired, playNotYours } from '../domain/tournament.errors';

const AUDIENCE = 'arena-game';
/** Verified game tokens remembered per process (about 1 KB each). */
const VERIFIED_TOKENS_LIMIT = 10_000;

/**
 * What a game token says: this member (`sub`), in this sign-in (`sid`), may submit the result of
 * this play (`play`) of this tournament (`tid`) and match (`mid`), until the play expires.
 */
export interface GameTokenClaims {
  sub: string;
  sid: string;
  play: string;
  tid: string;
  mid: string | null;
}

export const wrongGameToken = () => new TournamentError('forbidden', PlayMessages.wrongToken);

/**
 * The short-lived token the page hands the game frame (never the member's access token, which
 * stays on the app's origin). Signed with GAME_TOKEN_SECRET, its own key, so an access token is
 * never a game token nor the other way round.
 */
@Injectable()
export class GameTokens {
  private readonly key: KeyObject;

  /** Tokens this process verified, with their expiry (seconds), oldest first. */
  private readonly verified = new Map<string, { claims: GameTokenClaims; exp: number }>();

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    const secret =
      config.GAME_TOKEN_SECRET ??
      createHmac('sha256', config.JWT_ACCESS_SECRET).update('game-token').digest('hex');
    this.key = createSecretKey(Buffer.from(secret, 'utf8'));
  }

  sign(claims: GameTokenClaims, expiresAt: Date): Promise<string> {
    return new SignJWT({ sid: claims.sid, play: claims.play, tid: claims.tid, mid: claims.mid })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.sub)
      .setAudience(AUDIENCE)
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.key);
  }

  /**
   * The tournament of `playId` when `token` was issued for that play to this member in this sign-in;
   * 403 otherwise (409 once it expired).
   */
  async tournamentOfPlay(token: string, playId: string, member: Member, now: Date): Promise<string> {
    const claims = await this.verify(token, now);
    if (claims.play !== playId) throw wrongGameToken();
    if (claims.sub !== member.id) throw playNotYours();
    if (claims.sid !== member.signInId) throw wrongGameToken();
    return claims.tid;
  }

  /**
   * The claims of a token this server signed; 409 when its play expired, 403 for anything else. A token
   * verified once is remembered with its expiry (a bounded map): a play sends the same token with every
   * release, and the same bytes always verify alike, so a later call only checks the expiry again.
   */
  async verify(token: string, now: Date): Promise<GameTokenClaims> {
    const known = this.verified.get(token);
    if (known) {
      // jose's own test: expired once `exp` is at or before now, in whole seconds.
      if (known.exp <= Math.floor(now.getTime() / 1000)) throw playExpired();
      return known.claims;
    }
    const claims = await this.verifyAnew(token, now);
    if (this.verified.size >= VERIFIED_TOKENS_LIMIT) this.verified.delete(this.verified.keys().next().value!);
    this.verified.set(token, claims);
    return claims.claims;
  }

  private async verifyAnew(token: string, now: Date): Promise<{ claims: GameTokenClaims; exp: number }> {
    let payload;
    try {
      ({ payload } = await jwtVerify(token, this.key, {
        audience: AUDIENCE,
        algorithms: ['HS256'],
        requiredClaims: ['exp'],
        currentDate: now,
      }));
    } catch (error) {
      if (error instanceof errors.JWTExpired) throw playExpired();
      throw wrongGameToken();
    }
    const { sub, sid, play, tid, mid } = payload;
    const ids = [sub, sid, play, tid];
    if (!ids.every((id) => typeof id === 'string' && isUuid(id))) throw wrongGameToken();
    if (mid !== null && typeof mid !== 'string') throw wrongGameToken();
    return {
      claims: { sub: sub!, sid: sid as string, play: play as string, tid: tid as string, mid },
      exp: payload.exp!,
    };
  }
}
