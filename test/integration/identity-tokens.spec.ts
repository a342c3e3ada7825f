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

  it('answers three refreshes of one token at once with the same new pair, and keeps the sign-in', async () => {
    const call = client();
    const { tokens } = await stack.members.signUp(call);
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => call('POST', '/auth/refresh', { refreshToken: tokens.refreshToken })),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const pair = answers[0]!.body.data.tokens;
    expect(answers.map((a) => a.body.data.tokens)).toEqual([pair, pair, pair]);
    expect(pair.refreshToken).not.toBe(tokens.refreshToken);

    // A late fourth within the grace gets the same pair too; the sign-in lives on through the new token.
    const late = await call('POST', '/auth/refresh', { refreshToken: tokens.refreshToken });
    expect(late).toMatchObject({ status: 200, body: { data: { tokens: pair } } });
    const next = await call('POST', '/auth/refresh', { refreshToken: pair.refreshToken });
    expect(next.status).toBe(200);
    const profile = await call('GET', '/auth/profile', undefined, bearer(next.body.data.accessToken));
    expect(profile.status).toBe(200);
  });

  it('ends the sign-in when a rotated token comes back after the grace, even after answering it within', async () => {
    const call = client();
    const { tokens } = await stack.members.signUp(call);
    const [a, b] = await Promise.all([
      call('POST', '/auth/refresh', { refreshToken: tokens.refreshToken }),
      call('POST', '/auth/refresh', { refreshToken: tokens.refreshToken }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    stack.harness.advanceClock(6_000);
    const reused = await call('POST', '/auth/refresh', { refreshToken: tokens.refreshToken });
    expect(reused).toMatchObject({
      status: 401,
      body: {
        success: false,
        statusCode: 401,
        message: 'This refresh token has already been used. Please log in again.',
      },
    });
    const { rows } = await sql<{ reason: string | null }>`
      SELECT revoked_reason AS reason FROM refresh_token_families
      WHERE id = ${decode(segments(a.body.data.accessToken)[1]).sid}`.execute(stack.harness.database.db);
    expect(rows[0]!.reason).toBe('reuse');
    const successor = await call('POST', '/auth/refresh', { refreshToken: a.body.data.tokens.refreshToken });
    expect(successor.status).toBe(401);
    const profile = await call('GET', '/auth/profile', undefined, bearer(a.body.data.accessToken));
    expect(profile.status).toBe(401);
  });

  it('lets exactly one of 8 simultaneous refreshes of one token rotate it: one new pair for all, one family', async () => {
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
      // The seven that lost the race are answered the same pair within the grace: the sign-in lives on.
      expect({ round, statuses: answers.map((a) => a.status) }).toEqual({
        round,
        statuses: Array(8).fill(200),
      });
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
