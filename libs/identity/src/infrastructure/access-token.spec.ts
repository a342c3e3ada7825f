import * as jose from 'jose';
import { signAccessToken, verifyAccessToken } from './access-token';

jest.mock('jose', () => {
  const actual = jest.requireActual<typeof import('jose')>('jose');
  return { ...actual, jwtVerify: jest.fn(actual.jwtVerify) };
});

const secret = 'a'.repeat(32) + 'access-token-spec';
const signedAt = new Date('2026-11-22T10:00:00.000Z');
const later = (seconds: number) => new Date(signedAt.getTime() + seconds * 1000);

describe('access tokens', () => {
  beforeEach(() => jest.mocked(jose.jwtVerify).mockClear());

  it('checks a token signature once, then answers its repeats from memory', async () => {
    const token = await signAccessToken(secret, { sub: 'u-1', username: 'ada', sid: 's-1' }, signedAt);
    const first = await verifyAccessToken(secret, token, later(1));
    const again = await verifyAccessToken(secret, token, later(2));
    expect(first).toEqual({ sub: 'u-1', username: 'ada', sid: 's-1' });
    expect(again).toEqual(first);
    expect(jose.jwtVerify).toHaveBeenCalledTimes(1);
  });

  it('refuses a remembered token once it has expired', async () => {
    const token = await signAccessToken(secret, { sub: 'u-2', username: 'bo' }, signedAt, 60);
    await expect(verifyAccessToken(secret, token, later(59))).resolves.toMatchObject({ sub: 'u-2' });
    await expect(verifyAccessToken(secret, token, later(60))).rejects.toThrow();
  });

  it('remembers a token only under the secret that verified it', async () => {
    const token = await signAccessToken(secret, { sub: 'u-3', username: 'cy' }, signedAt);
    await verifyAccessToken(secret, token, later(1));
    await expect(verifyAccessToken('b'.repeat(40), token, later(1))).rejects.toThrow();
  });

  it('refuses a token whose signature was altered', async () => {
    const token = await signAccessToken(secret, { sub: 'u-4', username: 'di' }, signedAt);
    await verifyAccessToken(secret, token, later(1));
    const [header, payload, signature] = token.split('.');
    const altered = `${header}.${payload}.${signature!.startsWith('A') ? 'B' : 'A'}${signature!.slice(1)}`;
    await expect(verifyAccessToken(secret, altered, later(1))).rejects.toThrow();
  });
});
