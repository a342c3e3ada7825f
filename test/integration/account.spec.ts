import { randomUUID } from 'node:crypto';
import { EraseClosedAccountProcessor } from '@arena/identity';
import { createMember } from '@arena/identity/testing';
import { JobName, JobsService, QueueName } from '@arena/jobs';
import { projectEvents } from '@arena/projection-runner/testing';
import { memberHistory } from '@arena/projections/member-transactions/member-transactions.fixtures';
import { memberTransactionsProjector } from '@arena/projections/member-transactions/member-transactions.projection';
import { eventually } from './identity-harness';
import { useIdentityStack } from './support/identity-members';

const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0';
const DAY_MS = 24 * 3600 * 1000;

/**
 * The account routes of the profile (issue 13) over HTTP: active sign-ins and signing out of the others,
 * closing an account (signed out everywhere, erased after 30 days) and messages to support.
 */
describe('account routes', () => {
  const stack = useIdentityStack({ SUPPORT_EMAIL: 'help-desk@arena.test' });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const db = () => stack.harness.database.db;

  /** A member signed up from `userAgent` at a fixed address, and a second sign-in by login from another device. */
  async function memberWithTwoSignIns() {
    const base = stack.members.client();
    const fromMac = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
      base(method, path, body, { 'user-agent': CHROME_MAC, 'x-forwarded-for': '203.0.113.57', ...headers });
    const member = await stack.members.signUp(fromMac);
    const fromLinux = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
      base(method, path, body, {
        'user-agent': FIREFOX_LINUX,
        'x-forwarded-for': '198.51.100.7',
        ...headers,
      });
    const login = await fromLinux('POST', '/auth/login', { emailOrPhone: member.details.email });
    const verified = await fromLinux('POST', '/auth/login/verify', {
      sessionId: login.body.data.sessionId,
      otpCode: await stack.members.emailCode(member.details.email, 2),
    });
    expect(verified.status).toBe(200);
    return { ...member, mac: member.tokens, linux: verified.body.data.tokens, call: base };
  }

  it('answers 401 on every account route without a valid access token', async () => {
    const call = stack.members.client();
    const routes: Array<[string, string, unknown]> = [
      ['GET', '/account/transactions', undefined],
      ['GET', '/account/sessions', undefined],
      ['POST', '/account/sessions/sign-out-others', {}],
      ['POST', '/account/delete', { confirmUsername: 'someone' }],
      ['POST', '/support/messages', { topic: 'other', subject: 'Hello', message: 'Hello there, support.' }],
    ];
    for (const [method, path, body] of routes) {
      const answer = await call(method, path, body);
      expect([path, answer.status, answer.body]).toEqual([
        path,
        401,
        { success: false, message: 'Unauthorized', statusCode: 401 },
      ]);
    }
  });

  it("answers the member's own money movements, newest first, and nobody else's", async () => {
    const member = await createMember(db(), stack.harness.config.JWT_ACCESS_SECRET);
    const other = await createMember(db(), stack.harness.config.JWT_ACCESS_SECRET);
    const history = memberHistory(member.id);
    const all = [...history.subscription, ...history.referral, ...history.gift, ...history.prize];
    await projectEvents(db(), memberTransactionsProjector, all);
    const call = stack.members.client();
    const mine = await call('GET', '/account/transactions', undefined, bearer(member.accessToken));
    expect(mine.status).toBe(200);
    expect(mine.body.data).toHaveLength(7);
    const dates = (mine.body.data as Array<{ date: string }>).map((row) => row.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(mine.body.data[0]).toEqual({
      id: expect.any(String),
      date: expect.any(String),
      type: 'referral-payout',
      description: expect.stringContaining('December 2026'),
      amountCents: 99,
      status: 'paid',
      reference: 'tr_p…AbCd',
    });
    const theirs = await call('GET', '/account/transactions', undefined, bearer(other.accessToken));
    expect(theirs.body.data).toEqual([]);
  });

  describe('sign-ins', () => {
    it('lists the active sign-ins with their device and masked address, the current one marked', async () => {
      const member = await memberWithTwoSignIns();
      const answer = await member.call(
        'GET',
        '/account/sessions',
        undefined,
        bearer(member.linux.accessToken),
      );
      expect(answer.status).toBe(200);
      const sessions = answer.body.data as Array<Record<string, unknown>>;
      expect(sessions).toHaveLength(2);
      expect(sessions).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ device: 'Chrome on macOS', address: '203.0.113.x', current: false }),
          expect.objectContaining({ device: 'Firefox on Linux', address: '198.51.100.x', current: true }),
        ]),
      );
      for (const session of sessions) {
        expect(Object.keys(session).sort()).toEqual([
          'address',
          'createdAt',
          'current',
          'device',
          'id',
          'lastUsedAt',
        ]);
      }
      // Another member sees only their own.
      const other = await createMember(db(), stack.harness.config.JWT_ACCESS_SECRET);
      const theirs = await member.call('GET', '/account/sessions', undefined, bearer(other.accessToken));
      expect(theirs.body.data).toEqual([]);
    });

    it('signs out of every other sign-in: its access token dies at once, its refresh token is refused', async () => {
      const member = await memberWithTwoSignIns();
      const out = await member.call(
        'POST',
        '/account/sessions/sign-out-others',
        {},
        bearer(member.linux.accessToken),
      );
      expect(out.status).toBe(200);
      expect(out.body.data).toEqual({ signedOut: 1 });
      const macProfile = await member.call('GET', '/auth/profile', undefined, bearer(member.mac.accessToken));
      expect(macProfile.status).toBe(401);
      const macRefresh = await member.call('POST', '/auth/refresh', {
        refreshToken: member.mac.refreshToken,
      });
      expect(macRefresh.status).toBe(401);
      const stillIn = await member.call(
        'GET',
        '/account/sessions',
        undefined,
        bearer(member.linux.accessToken),
      );
      expect(stillIn.body.data).toEqual([
        expect.objectContaining({ device: 'Firefox on Linux', current: true }),
      ]);
      const again = await member.call(
        'POST',
        '/account/sessions/sign-out-others',
        {},
        bearer(member.linux.accessToken),
      );
      expect(again.body.data).toEqual({ signedOut: 0 });
    });
  });

  describe('closing the account', () => {
    const erasure = () => stack.harness.app.get(EraseClosedAccountProcessor, { strict: false });
    const account = (id: string) =>
      db().selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirstOrThrow() as Promise<
        Record<string, any>
      >;

    it('refuses a wrong username and bad bodies with a 400, changing nothing', async () => {
      const member = await memberWithTwoSignIns();
      const auth = bearer(member.mac.accessToken);
      const bodies = [
        {},
        { confirmUsername: '' },
        { confirmUsername: 'x'.repeat(100_000) },
        { confirmUsername: 'abc\u0000def' },
        { confirmUsername: 42 },
        { confirmUsername: `${member.details.username}x` },
      ];
      for (const body of bodies) {
        const answer = await member.call('POST', '/account/delete', body, auth);
        expect(answer.status).toBe(400);
        expect(answer.body).toEqual({ success: false, message: expect.any(String), statusCode: 400 });
      }
      expect((await account(await idOf(member.details.email))).closed_at).toBeNull();
    });

    async function idOf(email: string): Promise<string> {
      const row = await db()
        .selectFrom('accounts')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      return row.id as string;
    }

    it('closes once under 50 concurrent deletes, signs out everywhere, and the account can no longer sign in', async () => {
      const member = await memberWithTwoSignIns();
      const id = await idOf(member.details.email);
      const answers = await Promise.all(
        Array.from({ length: 50 }, () =>
          member.call(
            'POST',
            '/account/delete',
            { confirmUsername: member.details.username.toUpperCase() },
            bearer(member.mac.accessToken),
          ),
        ),
      );
      // Each answer is the one closure's date, or a 401 for a call that came after it had signed out.
      const ok = answers.filter((answer) => answer.status === 200);
      expect(ok.length).toBeGreaterThan(0);
      expect(answers.every((answer) => answer.status === 200 || answer.status === 401)).toBe(true);
      expect(new Set(ok.map((answer) => answer.body.data.erasesAt)).size).toBe(1);
      const row = await account(id);
      expect(row.closed_at).not.toBeNull();
      expect(row.erase_after.getTime() - row.closed_at.getTime()).toBe(30 * DAY_MS);
      expect(ok[0]!.body.data.erasesAt).toBe(row.erase_after.toISOString());
      const job = await stack.harness.app
        .get(JobsService, { strict: false })
        .queue(QueueName.Account)
        .getJob(`erase-${id}`);
      expect(job?.name).toBe(JobName.EraseClosedAccount);
      expect(job?.data).toEqual({ accountId: id });

      // Both sign-ins are over: access tokens refused at once, refresh tokens refused.
      for (const tokens of [member.mac, member.linux]) {
        expect(
          (await member.call('GET', '/auth/profile', undefined, bearer(tokens.accessToken))).status,
        ).toBe(401);
        expect(
          (await member.call('POST', '/auth/refresh', { refreshToken: tokens.refreshToken })).status,
        ).toBe(401);
      }
      // A login is answered as for an unknown member, and no code is sent.
      const delivered = stack.members.deliveredTo(member.details.email).length;
      const login = await member.call('POST', '/auth/login', { emailOrPhone: member.details.email });
      expect(login.status).toBe(200);
      expect(login.body.data.sessionId).toEqual(expect.any(String));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(stack.members.deliveredTo(member.details.email)).toHaveLength(delivered);
    });

    it('erases the personal data after 30 days, once, however often the job runs', async () => {
      const member = await memberWithTwoSignIns();
      const id = await idOf(member.details.email);
      await db()
        .insertInto('account_avatars')
        .values({
          account_id: id,
          content_type: 'image/png',
          image: Buffer.from('png'),
          updated_at: new Date(),
        })
        .execute();
      const closed = await member.call(
        'POST',
        '/account/delete',
        { confirmUsername: member.details.username },
        bearer(member.mac.accessToken),
      );
      expect(closed.status).toBe(200);
      await expect(erasure().handle({ accountId: id })).rejects.toThrow(/not yet/);
      expect((await account(id)).erased_at).toBeNull();

      stack.harness.advanceClock(30 * DAY_MS + 1000);
      const first = await erasure().handle({ accountId: id });
      const second = await erasure().handle({ accountId: id });
      expect(first).toMatch(/^erased/);
      expect(second).toMatch(/already erased/);
      const row = await account(id);
      const name = `deleted-${id.replace(/-/g, '').slice(0, 12)}`;
      expect(row).toEqual(
        expect.objectContaining({
          username: name,
          email: `${name}-${id}@erased.invalid`,
          phone_number: `erased-${id}`,
          erased_at: expect.any(Date),
        }),
      );
      const left = await Promise.all(
        ['account_avatars', 'refresh_token_families', 'auth_sessions'].map((table) =>
          db()
            .selectFrom(table as never)
            .selectAll()
            .where('account_id' as never, '=', id as never)
            .execute(),
        ),
      );
      expect(left.map((rows) => rows.length)).toEqual([0, 0, 0]);
      const erased = await db()
        .selectFrom('erased_members' as never)
        .selectAll()
        .execute();
      expect(erased).toEqual(
        expect.arrayContaining([expect.objectContaining({ member_id: id, erased_name: name })]),
      );
      expect(stack.members.deliveredTo(member.details.email).length).toBeGreaterThan(0);
      const outbox = await db()
        .selectFrom('notification_outbox' as never)
        .select('id' as never)
        .where('recipient' as never, 'ilike', member.details.email as never)
        .execute();
      expect(outbox).toEqual([]);
    });

    it('does nothing for an account that is not closed', async () => {
      const open = await createMember(db(), stack.harness.config.JWT_ACCESS_SECRET);
      await expect(erasure().handle({ accountId: open.id })).resolves.toMatch(/not closed/);
      await expect(erasure().handle({ accountId: randomUUID() })).resolves.toMatch(/not closed/);
      expect((await account(open.id)).username).toBe(open.username);
    });
  });

  describe('support messages', () => {
    const message = {
      topic: 'billing',
      subject: 'Charged twice\r\nBcc: victim@example.org',
      message: 'I was charged twice.\n<script>alert(1)</script> & more',
    };

    it('emails support with the member and an escaped message, and confirms to the member with a ticket', async () => {
      const member = await createMember(db(), stack.harness.config.JWT_ACCESS_SECRET);
      const call = stack.members.client();
      const answer = await call('POST', '/support/messages', message, bearer(member.accessToken));
      expect(answer.status).toBe(201);
      const ticket = answer.body.data.ticket as string;
      expect(ticket).toMatch(/^T-[A-Z2-9]{8}$/);
      const inbox = await stack.members.emailText('help-desk@arena.test');
      for (const fact of [member.id, member.username, member.email, 'billing', ticket])
        expect(inbox).toContain(fact);
      expect(inbox).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; more');
      expect(inbox).not.toMatch(/^Bcc:/im);
      const confirmation = await stack.members.emailText(member.email);
      expect(confirmation).toContain(ticket);
    });

    it('refuses bad bodies with a 400: unknown topic, short or huge texts, NUL', async () => {
      const member = await createMember(db(), stack.harness.config.JWT_ACCESS_SECRET);
      const call = stack.members.client();
      const bodies = [
        {},
        { ...message, topic: 'refunds-now' },
        { ...message, subject: 'Hi' },
        { ...message, message: 'too short' },
        { ...message, message: 'x'.repeat(5001) },
        { ...message, subject: 'x'.repeat(100_000) },
        { ...message, message: 'a NUL \u0000 inside the message' },
      ];
      for (const body of bodies) {
        const answer = await call('POST', '/support/messages', body, bearer(member.accessToken));
        expect(answer.status).toBe(400);
        expect(answer.body).toEqual({ success: false, message: expect.any(String), statusCode: 400 });
      }
    });

    it('takes 5 messages a member an hour, then answers 429 with Retry-After', async () => {
      const member = await createMember(db(), stack.harness.config.JWT_ACCESS_SECRET);
      const other = await createMember(db(), stack.harness.config.JWT_ACCESS_SECRET);
      const call = stack.members.client();
      const statuses = [];
      for (let i = 0; i < 6; i += 1) {
        statuses.push((await call('POST', '/support/messages', message, bearer(member.accessToken))).status);
      }
      expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
      const refused = await call('POST', '/support/messages', message, bearer(member.accessToken));
      expect(refused.body).toEqual({ success: false, message: expect.any(String), statusCode: 429 });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await call('POST', '/support/messages', message, bearer(other.accessToken))).status).toBe(201);
      await eventually(
        () => (stack.members.deliveredTo(member.email).length >= 5 ? true : undefined),
        'confirmations',
      );
    });
  });
});
