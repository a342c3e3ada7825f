import { randomUUID } from 'node:crypto';
import * as jose from 'jose';
import { signAccessToken, verifyAccessToken } from './access-token';

jest.mock('jose', () => {
  const actual = jest.requireActual<typeof import('jose')>('jose');
  return { ...actual, jwtVerify: jest.fn(actual.jwtVerify) };
});

const secret = 'a'.repeat(32) + 'access-token-spec';
const signedAt = new Date('2026-11-22T10:00:00.000Z');
const later = (seconds: number) => new Date(signedAt.getTime() + seconds * 1000);
const ids = () => ({ sub: randomUUID(), sid: randomUUID() });

describe('access tokens', () => {
  beforeEach(() => jest.mocked(jose.jwtVerify).mockClear());

  it('checks a token signature once, then answers its repeats from memory', async () => {
    const claims = { ...ids(), username: 'ada' };
    const token = await signAccessToken(secret, claims, signedAt);
    const first = await verifyAccessToken(secret, token, later(1));
    const again = await verifyAccessToken(secret, token, later(2));
    expect(first).toEqual(claims);
    expect(again).toEqual(first);
    expect(jose.jwtVerify).toHaveBeenCalledTimes(1);
  });

  it('refuses a remembered token once it has expired', async () => {
    const claims = { ...ids(), username: 'bo' };
    const token = await signAccessToken(secret, claims, signedAt, 60);
    await expect(verifyAccessToken(secret, token, later(59))).resolves.toMatchObject({ sub: claims.sub });
    await expect(verifyAccessToken(secret, token, later(60))).rejects.toThrow();
  });

  it('remembers a token only under the secret that verified it', async () => {
    const token = await signAccessToken(secret, { ...ids(), username: 'cy' }, signedAt);
    await verifyAccessToken(secret, token, later(1));
    await expect(verifyAccessToken('b'.repeat(40), token, later(1))).rejects.toThrow();
  });

  it('refuses a token whose signature was altered', async () => {
    const token = await signAccessToken(secret, { ...ids(), username: 'di' }, signedAt);
    await verifyAccessToken(secret, token, later(1));
    const [header, payload, signature] = token.split('.');
    const altered = `${header}.${payload}.${signature!.startsWith('A') ? 'B' : 'A'}${signature!.slice(1)}`;
    await expect(verifyAccessToken(secret, altered, later(1))).rejects.toThrow();
  });

  it('refuses a token without an expiry, and one whose subject or sign-in is not a UUID', async () => {
    const { sub, sid } = ids();
    const withoutExp = await new jose.SignJWT({ username: 'ed', sid })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(sub)
      .setIssuer('charity-arena')
      .setAudience('charity-arena:api')
      .setIssuedAt(Math.floor(signedAt.getTime() / 1000))
      .sign(new TextEncoder().encode(secret));
    await expect(verifyAccessToken(secret, withoutExp, later(1))).rejects.toThrow();
    const badSubject = await signAccessToken(secret, { sub: 'u-5', username: 'ed', sid }, signedAt);
    await expect(verifyAccessToken(secret, badSubject, later(1))).rejects.toThrow('Malformed');
    const badSignIn = await signAccessToken(secret, { sub, username: 'ed', sid: 's-5' }, signedAt);
    await expect(verifyAccessToken(secret, badSignIn, later(1))).rejects.toThrow('no sign-in');
  });
});

const SECRET = 'access-token-spec-secret-of-32-chars!';
const sub = '6f1c1a52-3b0e-4a53-9b55-3a3c0d2c1e11';

/** A token signed with the right secret, but built by hand to break one rule at a time. */
const handMade = (
  payload: Record<string, unknown>,
  issuer = 'charity-arena',
  audience = 'charity-arena:api',
) =>
  new jose.SignJWT(payload)
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(sub)
    .setIssuer(issuer)
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(new TextEncoder().encode(SECRET));

describe('access tokens: what they must carry', () => {
  const sid = '0b7f6f0e-5f7c-4f4e-9a55-1d2c3b4a5f60';

  it('carry the account, the username and the sign-in they were issued for', async () => {
    const token = await signAccessToken(SECRET, { sub, username: 'ada', sid });
    await expect(verifyAccessToken(SECRET, token)).resolves.toEqual({ sub, username: 'ada', sid });
  });

  it('are refused when issued by or for someone else', async () => {
    await expect(
      verifyAccessToken(SECRET, await handMade({ username: 'ada', sid }, 'elsewhere')),
    ).rejects.toThrow();
    await expect(
      verifyAccessToken(SECRET, await handMade({ username: 'ada', sid }, undefined, 'elsewhere')),
    ).rejects.toThrow();
  });

  it('are refused without a username', async () => {
    await expect(verifyAccessToken(SECRET, await handMade({ sid }))).rejects.toThrow(
      'Malformed access token',
    );
    await expect(verifyAccessToken(SECRET, await handMade({ username: 42, sid }))).rejects.toThrow(
      'Malformed access token',
    );
  });
});
