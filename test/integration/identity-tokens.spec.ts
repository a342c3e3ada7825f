import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { sql, type Kysely } from 'kysely';
import { AccessTokenGuard, signAccessToken } from '@arena/identity';
import { createMember } from '@arena/identity/testing';
import { guardedRoutes } from './support/guarded-routes';
import { useIdentityStack } from './support/identity-members';

/**
 * Access and refresh tokens against the composed API: every guarded route refuses every kind of bad
 * token, a sign-in that ends takes its access tokens with it, and refreshes of one token at once
 * never fork its sign-in.
 */
describe('identity: access and refresh tokens', () => {
  const stack = useIdentityStack({ REFRESH_GRACE_SECONDS: '5' });
  const client = () => stack.members.client();
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const segments = (token: string) => token.split('.') as [string, string, string];
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const decode = (segment: string) => JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));

  /** Bad access tokens of every kind, built around a real member's valid one. */
  async function badTokens(valid: string) {
    const secret = stack.harness.config.JWT_ACCESS_SECRET;
    const [header, payload, signature] = segments(valid);
    const claims = decode(payload);
    const sameClaims = { sub: claims.sub, username: claims.username, sid: claims.sid };
    const other = await createMember(stack.harness.database.db, secret);
    return {
      'signed with another secret': await signAccessToken('another-secret-that-is-32-chars-long', sameClaims),
      'alg none': `${encode({ alg: 'none', typ: 'JWT' })}.${payload}.`,
      expired: await signAccessToken(secret, sameClaims, new Date(Date.now() - 3600_000)),
      'without exp': await new SignJWT({ username: claims.username, sid: claims.sid })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.sub)
        .setIssuer(claims.iss)
        .setAudience(claims.aud)
        .setIssuedAt()
        .sign(new TextEncoder().encode(secret)),
      'swapped payload': `${header}.${encode({ ...claims, sub: other.id, username: other.username })}.${signature}`,
      'non-UUID subject': await signAccessToken(secret, { ...sameClaims, sub: 'not-a-uuid' }),
      'non-UUID sign-in': await signAccessToken(secret, { ...sameClaims, sid: 'not-a-uuid' }),
    };
  }

  it('refuses every bad token with 401 on every route behind the access-token guard', async () => {
    const { tokens } = await stack.members.signUp();
    const routes = guardedRoutes(stack.harness.app, AccessTokenGuard, () => randomUUID());
    expect(routes.map((r) => `${r.method} ${r.path.replace(/[0-9a-f-]{36}/g, ':id')}`)).toEqual(
      expect.arrayContaining([
        'GET /auth/profile',
        'POST /auth/contact/email',
        'PUT /auth/avatar',
        'POST /tournaments/:id/join',
        'POST /tournaments/:id/scores',
      ]),
    );
    const call = client();
    const bad = Object.entries(await badTokens(tokens.accessToken));
    for (const { method, path } of routes) {
      const body = method === 'GET' ? undefined : {};
      const withValid = await call(method, path, body, bearer(tokens.accessToken));
      // A valid token gets past the guard here, so the 401s below are the guard's doing.
      const passed = withValid.status !== 401 && withValid.status < 500;
      expect({ route: `${method} ${path}`, passed }).toEqual({ route: `${method} ${path}`, passed: true });
      for (const [kind, token] of bad) {
        const answer = await call(method, path, body, bearer(token));
        expect({ route: `${method} ${path}`, kind, status: answer.status, body: answer.body }).toEqual({
          route: `${method} ${path}`,
          kind,
          status: 401,
          body: { success: false, message: 'Unauthorized', statusCode: 401 },
        });
      }
    }
  });

  it('ends the access token with its sign-in at logout, at once', async () => {
    const call = client();
    const { tokens } = await stack.members.signUp(call);
    const profile = () => call('GET', '/auth/profile', undefined, bearer(tokens.accessToken));
    expect((await profile()).status).toBe(200);
    expect((await call('POST', '/auth/logout', { refreshToken: tokens.refreshToken })).status).toBe(200);
    expect(await profile()).toMatchObject({ status: 401, body: { message: 'Unauthorized' } });
  });

  it('ends the newest access token when a spent refresh token comes back after the grace', async () => {
    const call = client();
    const { tokens } = await stack.members.signUp(call);
    const rotated = (await call('POST', '/auth/refresh', { refreshToken: tokens.refreshToken })).body.data;
    stack.harness.advanceClock(6_000);
    const replayed = await call('POST', '/auth/refresh', { refreshToken: tokens.refreshToken });
    expect(replayed).toMatchObject({
      status: 401,
      body: { message: 'This refresh token has already been used. Please log in again.' },
    });
    const profile = await call('GET', '/auth/profile', undefined, bearer(rotated.accessToken));
    expect(profile.status).toBe(401);
  });

  it('answers two refreshes of one token at once with the same new pair, once, and keeps the sign-in', async () => {
    const call = client();
    const { tokens } = await stack.members.signUp(call);
    const [a, b] = await Promise.all([
      call('POST', '/auth/refresh', { refreshToken: tokens.refreshToken }),
      call('POST', '/auth/refresh', { refreshToken: tokens.refreshToken }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.body.data.tokens).toEqual(a.body.data.tokens);
    expect(a.body.data.tokens.refreshToken).not.toBe(tokens.refreshToken);

    const third = await call('POST', '/auth/refresh', { refreshToken: tokens.refreshToken });
    expect(third).toMatchObject({
      status: 401,
      body: { message: 'This refresh token has already been used. Please log in again.' },
    });
    const freshCall = client();
    const { tokens: other } = await stack.members.signUp(freshCall);
    const [x, y] = await Promise.all([
      freshCall('POST', '/auth/refresh', { refreshToken: other.refreshToken }),
      freshCall('POST', '/auth/refresh', { refreshToken: other.refreshToken }),
    ]);
    expect(y.body.data.tokens).toEqual(x.body.data.tokens);
    const next = await freshCall('POST', '/auth/refresh', { refreshToken: x.body.data.tokens.refreshToken });
    expect(next.status).toBe(200);
    const profile = await freshCall('GET', '/auth/profile', undefined, bearer(next.body.data.accessToken));
    expect(profile.status).toBe(200);
  });

  it('lets exactly one of 8 simultaneous refreshes of one token rotate it: one new pair, one family', async () => {
    const { details } = await stack.members.signUp();
    const db = stack.harness.database.db;
    for (let round = 0; round < 5; round++) {
      const call = client();
      const login = await call('POST', '/auth/login', { emailOrPhone: details.email });
      const verified = await call('POST', '/auth/login/verify', {
        sessionId: login.body.data.sessionId,
        otpCode: await stack.members.emailCode(details.email, round + 2),
      });
      const { refreshToken, accessToken } = verified.body.data.tokens;
      const familyId = decode(segments(accessToken)[1]).sid as string;
      const familiesBefore = await countFamiliesOf(db, details.email);

      const answers = await Promise.all(
        Array.from({ length: 8 }, () => call('POST', '/auth/refresh', { refreshToken })),
      );
      const pairs = answers.filter((a) => a.status === 200).map((a) => a.body.data.tokens.refreshToken);
      expect({ round, issued: new Set(pairs).size }).toEqual({ round, issued: 1 });
      expect(answers.every((a) => a.status === 200 || a.status === 401)).toBe(true);
      const { rows } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM refresh_tokens WHERE family_id = ${familyId}`.execute(db);
      expect({ round, tokensInFamily: rows[0]!.n }).toEqual({ round, tokensInFamily: 2 });
      expect(await countFamiliesOf(db, details.email)).toBe(familiesBefore);
    }
  });
});

async function countFamiliesOf(db: Kysely<any>, email: string) {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM refresh_token_families f JOIN accounts a ON a.id = f.account_id
    WHERE a.email = ${email}`.execute(db);
  return rows[0]!.n;
}
