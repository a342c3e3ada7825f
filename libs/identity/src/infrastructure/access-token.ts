import { SignJWT, jwtVerify } from 'jose';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ISSUER = 'charity-arena';
const AUDIENCE = 'charity-arena:api';

export interface AccessTokenClaims {
  /** Account id. */
  sub: string;
  username: string;
  /** The sign-in (refresh-token family) this token belongs to. */
  sid?: string;
}

const key = (secret: string) => new TextEncoder().encode(secret);

export async function signAccessToken(
  secret: string,
  claims: AccessTokenClaims,
  now: Date = new Date(),
  ttlSeconds = ACCESS_TOKEN_TTL_SECONDS,
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT(
    claims.sid ? { username: claims.username, sid: claims.sid } : { username: claims.username },
  )
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ttlSeconds)
    .sign(key(secret));
}

/** Throws on a bad signature, a wrong issuer or audience, or an expired token. */
export async function verifyAccessToken(secret: string, token: string): Promise<AccessTokenClaims> {
  const { payload } = await jwtVerify(token, key(secret), {
    issuer: ISSUER,
    audience: AUDIENCE,
    algorithms: ['HS256'],
  });
  if (typeof payload.sub !== 'string' || typeof payload.username !== 'string') {
    throw new Error('Malformed access token');
  }
  const sid = typeof payload.sid === 'string' ? payload.sid : undefined;
  return { sub: payload.sub, username: payload.username, ...(sid ? { sid } : {}) };
}
