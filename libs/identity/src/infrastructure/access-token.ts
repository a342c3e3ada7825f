import { createSecretKey, type KeyObject } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { isUuid } from '@arena/text';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ISSUER = 'charity-arena';
const AUDIENCE = 'charity-arena:api';

export interface AccessTokenClaims {
  /** Account id. */
  sub: string;
  username: string;
  /** The sign-in (refresh-token family) this token belongs to: it dies with it. */
  sid: string;
}

/** Every authenticated call verifies a token: the key is built once per secret, not per call. */
const keys = new Map<string, KeyObject>();
function key(secret: string): KeyObject {
  let found = keys.get(secret);
  if (!found) keys.set(secret, (found = createSecretKey(Buffer.from(secret, 'utf8'))));
  return found;
}

const VERIFIED_TOKENS_LIMIT = 10_000;
/**
 * Tokens already verified, per secret, with their expiry. A member sends the same token with every
 * call for up to 15 minutes, and its signature cannot change: checking the expiry again is all a
 * second verification would do.
 */
const verifiedTokens = new Map<string, Map<string, { claims: AccessTokenClaims; expiresAt: number }>>();

function rememberVerified(secret: string, token: string, claims: AccessTokenClaims, expiresAt: number) {
  let tokens = verifiedTokens.get(secret);
  if (!tokens) verifiedTokens.set(secret, (tokens = new Map()));
  if (tokens.size >= VERIFIED_TOKENS_LIMIT) tokens.delete(tokens.keys().next().value!);
  tokens.set(token, { claims, expiresAt });
}

export async function signAccessToken(
  secret: string,
  claims: AccessTokenClaims,
  now: Date = new Date(),
  ttlSeconds = ACCESS_TOKEN_TTL_SECONDS,
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ username: claims.username, sid: claims.sid })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ttlSeconds)
    .sign(key(secret));
}

/**
 * Throws on a bad signature, a wrong issuer or audience, a missing or past expiry, or claims that
 * do not name an account and a sign-in by their ids.
 */
export async function verifyAccessToken(
  secret: string,
  token: string,
  now: Date = new Date(),
): Promise<AccessTokenClaims> {
  const seconds = Math.floor(now.getTime() / 1000);
  const verified = verifiedTokens.get(secret)?.get(token);
  if (verified && verified.expiresAt > seconds) return verified.claims;
  const { payload } = await jwtVerify(token, key(secret), {
    issuer: ISSUER,
    audience: AUDIENCE,
    algorithms: ['HS256'],
    requiredClaims: ['exp'],
    currentDate: now,
  });
  const { sub, username, sid } = payload;
  if (typeof sub !== 'string' || !isUuid(sub) || typeof username !== 'string') {
    throw new Error('Malformed access token');
  }
  if (typeof sid !== 'string' || !isUuid(sid)) throw new Error('Access token names no sign-in');
  const claims = { sub, username, sid };
  rememberVerified(secret, token, claims, payload.exp!);
  return claims;
}
