import { randomUUID } from 'node:crypto';
import { UnauthorizedException, type ExecutionContext } from '@nestjs/common';
import type { AppConfig } from '@arena/config';
import { createTestDatabase, type TestDatabase } from '@arena/testing';
import { createMember, type TestMember } from '../testing/member.factory';
import { signAccessToken } from './access-token';
import { AccessTokenGuard, OptionalAccessTokenGuard, bearerToken, type Member } from './access-token.guard';

const SECRET = 'guard-spec-secret-of-at-least-32-chars';
const config = { JWT_ACCESS_SECRET: SECRET } as AppConfig;

type Request = { headers: Record<string, string | string[] | undefined>; member?: Member };
const httpContext = (request: Request) =>
  ({ switchToHttp: () => ({ getRequest: () => request }) }) as unknown as ExecutionContext;
const withToken = (token: string): Request => ({ headers: { authorization: `Bearer ${token}` } });

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('access-token guards', () => {
  let database: TestDatabase;
  let member: TestMember;
  let other: TestMember;
  let guard: AccessTokenGuard;
  let optionalGuard: OptionalAccessTokenGuard;

  beforeAll(async () => {
    database = await createTestDatabase(2);
    member = await createMember(database.db, SECRET);
    other = await createMember(database.db, SECRET);
    guard = new AccessTokenGuard(config, database.db);
    optionalGuard = new OptionalAccessTokenGuard(config, database.db);
  });
  afterAll(async () => {
    await database.drop();
  });

  it('puts the member a valid token names on the request, with its sign-in', async () => {
    const signInId = randomUUID();
    const token = await signAccessToken(SECRET, { sub: member.id, username: member.username, sid: signInId });
    const request = withToken(token);

    await expect(guard.canActivate(httpContext(request))).resolves.toBe(true);
    expect(request.member).toEqual({ id: member.id, username: member.username, signInId });
  });

  it('leaves the sign-in out for a token that names none', async () => {
    const request = withToken(member.accessToken);

    await guard.canActivate(httpContext(request));
    expect(request.member).toEqual({ id: member.id, username: member.username });
  });

  describe('refuses with 401', () => {
    const refuses = async (request: Request) => {
      const outcome = guard.canActivate(httpContext(request));
      await expect(outcome).rejects.toBeInstanceOf(UnauthorizedException);
      await expect(outcome).rejects.toThrow('Unauthorized');
      expect(request.member).toBeUndefined();
    };

    it('a request without a token', () => refuses({ headers: {} }));

    it('a token sent with another scheme', () =>
      refuses({ headers: { authorization: `Basic ${member.accessToken}` } }));

    it('a token signed with another secret', async () => {
      const token = await signAccessToken('another-secret-of-at-least-32-chars!!', {
        sub: member.id,
        username: member.username,
      });
      await refuses(withToken(token));
    });

    it('an unsigned token (alg none)', async () => {
      const token = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({
        sub: member.id,
        username: member.username,
        iss: 'charity-arena',
        aud: 'charity-arena:api',
        exp: Math.floor(Date.now() / 1000) + 600,
      })}.`;
      await refuses(withToken(token));
    });

    it('an expired token', async () => {
      const sixteenMinutesAgo = new Date(Date.now() - 16 * 60_000);
      const token = await signAccessToken(
        SECRET,
        { sub: member.id, username: member.username },
        sixteenMinutesAgo,
      );
      await refuses(withToken(token));
    });

    it("a token whose payload was swapped for another member's", async () => {
      const [header, , signature] = member.accessToken.split('.');
      const payload = base64url({
        sub: other.id,
        username: other.username,
        iss: 'charity-arena',
        aud: 'charity-arena:api',
        exp: Math.floor(Date.now() / 1000) + 600,
      });
      await refuses(withToken(`${header}.${payload}.${signature}`));
    });

    it('a valid token for an account that does not exist', async () => {
      const token = await signAccessToken(SECRET, { sub: randomUUID(), username: 'nobody_here' });
      await refuses(withToken(token));
    });
  });

  it('lets a guest through the optional guard, with no member', async () => {
    const request: Request = { headers: {} };

    await expect(optionalGuard.canActivate(httpContext(request))).resolves.toBe(true);
    expect(request.member).toBeUndefined();
  });

  it('identifies a member behind the optional guard, and ignores a bad token there', async () => {
    const signedIn = withToken(member.accessToken);
    const forged = withToken(`${member.accessToken}x`);

    await optionalGuard.canActivate(httpContext(signedIn));
    await expect(optionalGuard.canActivate(httpContext(forged))).resolves.toBe(true);

    expect(signedIn.member).toEqual({ id: member.id, username: member.username });
    expect(forged.member).toBeUndefined();
  });
});

describe('bearerToken', () => {
  it('takes the token of a Bearer header, in any case, from the first of repeated headers', () => {
    expect(bearerToken('Bearer abc.def.ghi')).toBe('abc.def.ghi');
    expect(bearerToken('bearer   abc')).toBe('abc');
    expect(bearerToken(['Bearer first', 'Bearer second'])).toBe('first');
  });

  it('finds none in a missing, empty, other-scheme or two-part header', () => {
    expect(bearerToken(undefined)).toBeUndefined();
    expect(bearerToken('Bearer ')).toBeUndefined();
    expect(bearerToken('Basic abc')).toBeUndefined();
    expect(bearerToken('Bearer abc def')).toBeUndefined();
    expect(bearerToken('xBearer abc')).toBeUndefined();
  });
});
