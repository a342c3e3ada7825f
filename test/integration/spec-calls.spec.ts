import { PUBLIC_SEARCH_FACETED_QUERY } from '@arena/contracts';
import { PostgresEventStore } from '@arena/event-store';
import { LocalEventsInProcess } from '@arena/payments';
import { ProjectionRunner, defaultRunnerOptions, ensureProjection } from '@arena/projection-runner';
import { silentLogger } from '@arena/projection-runner/testing';
import { projectors } from '@arena/projections/registry';
import { eventually } from './identity-harness';
import { e164, newPerson, useIdentityStack, type Call } from './support/identity-members';

/**
 * Issue 23: the product spec's §7 table ("The calls it makes") as data. Each row is one call of the table,
 * made with the spec's own payload (its field names, nothing the spec does not send) against the composed
 * API, and answers every field path the spec lists for it. Extra answer fields are fine; refusing the spec's
 * payload is not. Rows whose answer the spec does not show only have to succeed (2xx).
 *
 * The rows run in order and share what earlier answers gave (session ids, tokens, a tournament, a charity).
 * `before` steps set up what a row needs and are not rows of the table. Two readings of ours, written where
 * they apply: a sign-up answers tokens on the verification that completes it (both codes are required), so
 * each verify row is made the completing one; and the subscription rows run on the local payment driver,
 * whose events reach the API as the provider's signed webhooks.
 */

const ADMIN_KEY = 'spec-calls-admin-key-0123456789';

interface Context {
  call: Call;
  auth(): Record<string, string>;
  [key: string]: any;
}

interface SpecRow {
  /** As the spec's table writes it: method and path under /api. */
  call: string;
  path: (ctx: Context) => string;
  /** The spec's payload, with its field names; none for a GET. */
  payload?: (ctx: Context) => Record<string, unknown>;
  /** The answer's field paths the spec lists; empty where it says "result not shown". */
  answer: readonly string[];
  /** Send the signed-in member's bearer token (the spec: "a bearer access token when one is stored"). */
  signedIn?: boolean;
  before?: (ctx: Context) => Promise<void>;
  after?: (ctx: Context, body: any) => Promise<void> | void;
}

const has = (body: unknown, path: string) =>
  path
    .split('.')
    .reduce<{ ok: boolean; value: any }>(
      (at, key) =>
        at.ok && at.value !== null && typeof at.value === 'object' && key in at.value
          ? { ok: true, value: at.value[key] }
          : { ok: false, value: undefined },
      { ok: true, value: body },
    ).ok;

const spelled = (row: SpecRow) => row.call.split(' ') as [string, string];

const ROWS: SpecRow[] = [
  {
    call: 'POST /auth/signup',
    path: () => '/auth/signup',
    // The spec's sign-up payload: no consent boxes (the web form adds them; the call is not refused without).
    payload: (ctx) => ({
      username: ctx.ada.username,
      phoneNumber: ctx.ada.phoneNumber,
      email: ctx.ada.email,
      referralCode: 'FRIEND42',
    }),
    answer: ['success', 'message', 'data.sessionId'],
    before: async (ctx) => {
      ctx.ada = newPerson();
    },
    after: (ctx, body) => {
      ctx.adaSession = body.data.sessionId;
    },
  },
  {
    call: 'POST /auth/verify/email',
    path: () => '/auth/verify/email',
    payload: (ctx) => ({ sessionId: ctx.adaSession, otpCode: ctx.adaEmailCode }),
    answer: ['success', 'data.tokens.accessToken', 'data.tokens.refreshToken'],
    before: async (ctx) => {
      // The phone first, so this email code is the one that completes the sign-up.
      const phone = await ctx.call('POST', '/auth/verify/phone', {
        sessionId: ctx.adaSession,
        otpCode: await ctx.members.smsCode(e164(ctx.ada.phoneNumber)),
      });
      expect(phone.status).toBe(200);
      ctx.adaEmailCode = await ctx.members.emailCode(ctx.ada.email);
    },
    after: (ctx, body) => {
      ctx.tokens = body.data.tokens;
    },
  },
  {
    call: 'POST /auth/verify/phone',
    path: () => '/auth/verify/phone',
    payload: (ctx) => ({ sessionId: ctx.benSession, otpCode: ctx.benSmsCode }),
    answer: ['success', 'data.tokens.accessToken', 'data.tokens.refreshToken'],
    before: async (ctx) => {
      // A second member: the email first, so this SMS code is the one that completes the sign-up.
      const ben = newPerson();
      const started = await ctx.call('POST', '/auth/signup', {
        username: ben.username,
        phoneNumber: ben.phoneNumber,
        email: ben.email,
      });
      expect(started.status).toBe(200);
      ctx.benSession = started.body.data.sessionId;
      const email = await ctx.call('POST', '/auth/verify/email', {
        sessionId: ctx.benSession,
        otpCode: await ctx.members.emailCode(ben.email),
      });
      expect(email.status).toBe(200);
      ctx.benSmsCode = await ctx.members.smsCode(e164(ben.phoneNumber));
    },
  },
  {
    call: 'POST /auth/login',
    path: () => '/auth/login',
    payload: (ctx) => ({ emailOrPhone: ctx.ada.email }),
    answer: ['success', 'message', 'data.sessionId'],
    after: (ctx, body) => {
      ctx.loginSession = body.data.sessionId;
    },
  },
  {
    call: 'POST /auth/login',
    path: () => '/auth/login',
    // §5: a plus and 8 to 20 digits. A 20-digit number no account holds is answered like any other.
    payload: () => ({ emailOrPhone: '+12345678901234567890' }),
    answer: ['success', 'message', 'data.sessionId'],
  },
  {
    call: 'POST /auth/login/verify',
    path: () => '/auth/login/verify',
    payload: (ctx) => ({ sessionId: ctx.loginSession, otpCode: ctx.loginCode }),
    answer: ['data.tokens.accessToken', 'data.tokens.refreshToken'],
    before: async (ctx) => {
      // The sign-up's code was the first email to this address; the login's is the second.
      ctx.loginCode = await ctx.members.emailCode(ctx.ada.email, 2);
    },
  },
  {
    call: 'POST /auth/refresh',
    path: () => '/auth/refresh',
    payload: (ctx) => ({ refreshToken: ctx.tokens.refreshToken }),
    answer: ['data.tokens.accessToken', 'data.tokens.refreshToken', 'data.accessToken', 'data.refreshToken'],
    after: (ctx, body) => {
      ctx.tokens = body.data.tokens;
    },
  },
  {
    call: 'GET /auth/profile',
    path: () => '/auth/profile',
    signedIn: true,
    answer: ['success', 'data'],
    after: (ctx, body) => {
      ctx.adaId = body.data.id;
    },
  },
  {
    call: 'GET /tournaments',
    path: () => '/tournaments',
    answer: ['data.tournaments'],
    before: async (ctx) => {
      const created = await ctx.call(
        'POST',
        '/admin/tournaments',
        {
          title: 'Spec Cup',
          description: 'The calls the spec makes',
          mode: 'INSTANT',
          format: 'SCORE_ATTACK',
          prizeModel: 'WINNER_TAKES_ALL',
          prizePoolCents: 2000,
          maxParticipants: 10,
          requiredPlan: 'FREE',
          rules: 'Best score counts',
          game: {
            slug: 'arcade',
            name: 'Arcade',
            integrationUrl: 'https://arcade.example/play',
            maxScore: 100_000,
            external: true,
          },
        },
        { authorization: `Bearer ${ADMIN_KEY}` },
      );
      expect(created.status).toBe(201);
      ctx.tournamentId = created.body.data.id;
      await eventually(async () => {
        const listed = await ctx.call('GET', '/tournaments');
        return listed.body.data?.tournaments?.length ? true : undefined;
      }, 'the tournament in the catalog');
    },
  },
  {
    call: 'GET /tournaments',
    path: () => '/tournaments?status=ACTIVE',
    answer: ['data.tournaments'],
  },
  {
    call: 'POST /tournaments/{id}/join',
    path: (ctx) => `/tournaments/${ctx.tournamentId}/join`,
    payload: (ctx) => ({ id: ctx.tournamentId, charityId: '530196605' }),
    signedIn: true,
    answer: [],
  },
  {
    call: 'GET /tournaments/{id}',
    path: (ctx) => `/tournaments/${ctx.tournamentId}`,
    signedIn: true,
    answer: [
      'data',
      'data.id',
      'data.title',
      'data.description',
      'data.thumbnail',
      'data.status',
      'data.mode',
      'data.format',
      'data.prizeModel',
      'data.prizeDisplay',
      'data.prizePool',
      'data.maxParticipants',
      'data.stats.totalParticipants',
      'data.participantCount',
      'data.participations',
      'data.tournamentStart',
      'data.tournamentEnd',
      'data.requiredPlan',
      'data.rules',
      'data.game.name',
      'data.game.integrationUrl',
      'data.isUserJoined',
      'data.canJoin',
      'data.prizeBreakdown',
      'data.leaderboard',
    ],
    before: async (ctx) => {
      await eventually(async () => {
        const detail = await ctx.call('GET', `/tournaments/${ctx.tournamentId}`, undefined, ctx.auth());
        return detail.body.data?.isUserJoined ? true : undefined;
      }, 'the join in the catalog');
    },
    after: (ctx, body) => {
      expect(body.data.participations).toEqual([
        expect.objectContaining({ userId: ctx.adaId, charityId: '530196605', status: 'ACTIVE' }),
      ]);
    },
  },
  {
    call: 'PUT /tournaments/{id}/charity',
    path: (ctx) => `/tournaments/${ctx.tournamentId}/charity`,
    payload: () => ({ charityId: '131624100' }),
    signedIn: true,
    answer: [],
  },
  {
    call: 'GET /tournaments/{id}/players/{playerId}/stats',
    path: (ctx) => `/tournaments/${ctx.tournamentId}/players/${ctx.adaId}/stats`,
    answer: ['data'],
    before: async (ctx) => {
      const scored = await ctx.call(
        'POST',
        `/tournaments/${ctx.tournamentId}/scores`,
        { score: 420 },
        ctx.auth(),
      );
      expect(scored.status).toBe(201);
      await eventually(async () => {
        const stats = await ctx.call('GET', `/tournaments/${ctx.tournamentId}/players/${ctx.adaId}/stats`);
        return stats.body.data?.totalPlays === 1 ? true : undefined;
      }, 'the play in the player stats');
    },
  },
  {
    call: 'GET /users/game-stats',
    path: () => '/users/game-stats',
    signedIn: true,
    answer: ['data'],
  },
  {
    call: 'GET /subscriptions/plans',
    path: () => '/subscriptions/plans',
    answer: ['success', 'data', 'message'],
  },
  {
    call: 'POST /subscriptions/checkout',
    path: () => '/subscriptions/checkout',
    payload: () => ({ planType: 'PREMIUM' }),
    signedIn: true,
    answer: ['data.url'],
    after: (ctx, body) => {
      ctx.checkoutUrl = body.data.url;
    },
  },
  {
    call: 'GET /subscriptions/active',
    path: () => '/subscriptions/active',
    signedIn: true,
    answer: ['success', 'data', 'message'],
    before: async (ctx) => {
      // The member pays on the local driver's hosted page; its events reach the API as signed webhooks.
      const path = new URL(ctx.checkoutUrl).pathname;
      const page = await ctx.app.inject({ method: 'GET', url: path });
      const token = /name="token" value="([^"]+)"/.exec(page.body)![1]!;
      const paid = await ctx.app.inject({
        method: 'POST',
        url: path,
        payload: new URLSearchParams({
          token,
          email: ctx.ada.email,
          cardNumber: '4242424242424242',
          action: 'pay',
        }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(paid.statusCode).toBe(303);
      await ctx.app
        .get(LocalEventsInProcess)
        .deliverPending(['checkout.session.completed', 'customer.subscription.created', 'invoice.paid']);
    },
    after: (_ctx, body) => {
      expect(body.data.plan.planType).toBe('PREMIUM');
    },
  },
  {
    call: 'POST /subscriptions/update',
    path: () => '/subscriptions/update',
    payload: () => ({ planType: 'PREMIUM_PLUS' }),
    signedIn: true,
    answer: ['data'],
  },
  {
    call: 'POST /subscriptions/portal',
    path: () => '/subscriptions/portal',
    signedIn: true,
    answer: ['url'],
  },
  {
    call: 'POST /subscriptions/cancel',
    path: () => '/subscriptions/cancel',
    signedIn: true,
    answer: [],
  },
  {
    call: 'POST /charities/stripe/link',
    path: () => '/charities/stripe/link',
    payload: () => ({
      ein: '13-1624100',
      organizationName: 'Spec Test Organization',
      description: 'Linked with the payload the spec sends',
      category: 'nonprofit',
    }),
    signedIn: true,
    answer: ['success', 'stripeAccountId', 'charityId', 'verificationUrl', 'stripeStatus', 'message'],
    after: (ctx, body) => {
      ctx.charityId = body.charityId;
    },
  },
  {
    call: 'GET /charities',
    path: () => '/charities',
    answer: ['data.charities', 'data.total'],
  },
  {
    call: 'GET /charities/{id}',
    path: (ctx) => `/charities/${ctx.charityId}`,
    // "Answer: charity": the spec's charity fields (§3), at the top of the answer.
    answer: [
      'id',
      'name',
      'ein',
      'description',
      'email',
      'category',
      'website',
      'logoUrl',
      'charityNavigatorUrl',
      'encompassScore',
      'starRating',
      'address',
      'city',
      'state',
      'zipCode',
      'country',
      'stripeAccountId',
      'isActive',
      'isVerified',
      'totalReceived',
      'donationCount',
      'createdAt',
      'updatedAt',
    ],
    before: async (ctx) => {
      await eventually(async () => {
        const found = await ctx.call('GET', `/charities/${ctx.charityId}`);
        return found.status === 200 ? true : undefined;
      }, 'the charity in its read model');
    },
  },
  {
    call: 'POST /charities/favorites',
    path: () => '/charities/favorites',
    payload: () => ({ externalCharityData: { name: 'American National Red Cross', ein: '530196605' } }),
    signedIn: true,
    answer: [],
  },
  {
    call: 'GET /charities/favorites',
    path: () => '/charities/favorites',
    signedIn: true,
    answer: ['data.favoriteCharities'],
  },
  {
    call: 'DELETE /charities/favorites',
    path: () => '/charities/favorites',
    payload: () => ({ ein: '530196605' }),
    signedIn: true,
    answer: [],
  },
  {
    call: 'POST /charities/invite-charity',
    path: () => '/charities/invite-charity',
    payload: () => ({
      name: 'Dana',
      email: 'dana@redcross.example.org',
      organizationName: 'American National Red Cross',
      ein: '530196605',
    }),
    signedIn: true,
    answer: [],
  },
  {
    call: 'POST /stripe/checkout',
    path: () => '/stripe/checkout',
    payload: () => ({ amount_cents: 500, email: 'giver@example.org' }),
    answer: ['ok', 'url'],
  },
  {
    call: 'POST /stripe/checkout',
    path: () => '/stripe/checkout',
    // Refused: the spec's "or error".
    payload: () => ({ amount_cents: 50 }),
    answer: ['ok', 'error'],
    after: (_ctx, body) => {
      expect(body).toMatchObject({ ok: false, error: body.message, success: false, statusCode: 400 });
    },
  },
  {
    call: 'GET /health',
    path: () => '/health',
    answer: [],
  },
  {
    call: 'POST /charities/{rating-service}/graphql',
    path: () => '/charities/charity-navigator/graphql',
    // The search page's first load: term 'charity' for an empty term, c3 true, orderBy 'rating', single-item lists.
    payload: () => ({
      query: PUBLIC_SEARCH_FACETED_QUERY,
      variables: {
        term: 'charity',
        states: ['NY'],
        sizes: [],
        causes: [],
        ratings: [],
        c3: true,
        result_size: 20,
        from: 0,
        beacons: [],
        advisories: [],
        orderBy: 'rating',
      },
    }),
    answer: [
      'data.publicSearchFaceted.size',
      'data.publicSearchFaceted.from',
      'data.publicSearchFaceted.term',
      'data.publicSearchFaceted.result_count',
      'data.publicSearchFaceted.results',
    ],
  },
];

describe("the spec's §7 calls, each with the spec's own payload, answer the spec's fields", () => {
  const stack = useIdentityStack({ ADMIN_API_KEY: ADMIN_KEY, CHARITY_SEARCH_PER_MINUTE: '1000' });
  const ctx = {} as Context;
  let store: PostgresEventStore;
  let runner: ProjectionRunner;

  beforeAll(async () => {
    // The worker's read models, fed as the worker feeds them.
    const { database } = stack.harness;
    store = new PostgresEventStore({ connectionString: database.url, poolSize: 3, pollIntervalMs: 100 });
    for (const projector of projectors) await ensureProjection(database.db, projector);
    runner = new ProjectionRunner(
      {
        db: database.db,
        eventStore: store,
        lockConnectionString: database.url,
        logger: silentLogger,
        options: { ...defaultRunnerOptions, pollIntervalMs: 50, lockRetryMs: 100 },
      },
      projectors,
    );
    runner.start();
    Object.assign(ctx, {
      call: stack.members.client(),
      members: stack.members,
      app: stack.harness.app,
      auth: () => ({ authorization: `Bearer ${ctx.tokens.accessToken}` }),
    });
  });
  afterAll(async () => {
    await runner?.stop();
    await store?.close();
  });

  it('covers every call of the table', () => {
    const table = new Set(ROWS.map((row) => row.call));
    expect(table).toEqual(
      new Set([
        'POST /auth/signup',
        'POST /auth/verify/email',
        'POST /auth/verify/phone',
        'POST /auth/login',
        'POST /auth/login/verify',
        'POST /auth/refresh',
        'GET /auth/profile',
        'GET /tournaments',
        'GET /tournaments/{id}',
        'POST /tournaments/{id}/join',
        'PUT /tournaments/{id}/charity',
        'GET /tournaments/{id}/players/{playerId}/stats',
        'GET /users/game-stats',
        'GET /subscriptions/plans',
        'POST /subscriptions/checkout',
        'GET /subscriptions/active',
        'POST /subscriptions/cancel',
        'POST /subscriptions/update',
        'POST /subscriptions/portal',
        'GET /charities',
        'GET /charities/{id}',
        'GET /charities/favorites',
        'POST /charities/favorites',
        'DELETE /charities/favorites',
        'POST /charities/invite-charity',
        'POST /charities/stripe/link',
        'POST /stripe/checkout',
        'GET /health',
        'POST /charities/{rating-service}/graphql',
      ]),
    );
  });

  for (const [index, row] of ROWS.entries()) {
    const fields = row.answer.length ? row.answer.join(', ') : 'a 2xx (result not shown)';
    it(`${index + 1}. ${row.call} answers ${fields}`, async () => {
      await row.before?.(ctx);
      const [method] = spelled(row);
      const answer = await ctx.call(
        method,
        row.path(ctx),
        row.payload?.(ctx),
        row.signedIn ? ctx.auth() : {},
      );
      // A refusal row (the spec's "or error") must be refused; every other must succeed. The message
      // rides along so a failure says why the API answered as it did.
      const refusal = row.answer.includes('error');
      const succeeded = answer.status >= 200 && answer.status < 300;
      expect({ status: answer.status, message: answer.body?.message, succeeded }).toEqual({
        status: answer.status,
        message: answer.body?.message,
        succeeded: !refusal,
      });
      const missing = row.answer.filter((path) => !has(answer.body, path));
      expect({ call: row.call, missing }).toEqual({ call: row.call, missing: [] });
      await row.after?.(ctx, answer.body);
    });
  }
});
