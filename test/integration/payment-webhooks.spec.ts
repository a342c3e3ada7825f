import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import Stripe from 'stripe';
import {
  connectWebhookSecret,
  LocalEventRelay,
  Payments,
  STRIPE_API_VERSION,
  webhookSecret,
} from '@arena/payments';
import { LocalEventOutbox } from '../../libs/payments/src/local/local-event-outbox';
import {
  accountUpdated,
  eventually,
  RecordingHandler,
  signedEvent,
  startPaymentsApi,
  startPaymentsWorker,
  type PaymentsHarness,
} from './payments.harness';
import fixtures from './fixtures/stripe-fixtures.json';

const evtId = () => `evt_test_${randomUUID().replace(/-/g, '')}`;

describe('POST /api/stripe/webhooks', () => {
  let harness: PaymentsHarness;
  let second: PaymentsHarness;
  let secret: string;
  let connectSecret: string;
  const handler = new RecordingHandler(['account.updated', 'account.application.deauthorized']);
  const otherHandler = new RecordingHandler(['account.updated']);
  /** A platform event's handler (balance.available: no context handles it, so only this one runs). */
  const platformHandler = new RecordingHandler(['balance.available']);

  beforeAll(async () => {
    harness = await startPaymentsApi();
    // A second API process on the same database, as in a deployment with several.
    second = await startPaymentsApi({}, { database: harness.database, config: harness.config });
    secret = webhookSecret(harness.config);
    connectSecret = connectWebhookSecret(harness.config);
    harness.handlers.register(handler);
    harness.handlers.register(otherHandler);
    harness.handlers.register(platformHandler);
    second.handlers.register(handler);
    second.handlers.register(otherHandler);
  });

  afterAll(async () => {
    await second?.close();
    await harness?.close();
  });

  beforeEach(() => {
    for (const recorder of [handler, otherHandler, platformHandler]) {
      recorder.received.length = 0;
      recorder.failNext = 0;
      recorder.delayMs = 0;
    }
  });

  const post = (
    payload: string,
    headers: Record<string, string>,
    app = harness,
    url = '/api/stripe/webhooks',
  ) =>
    app.api.inject({
      method: 'POST',
      url,
      payload,
      headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
    });

  const recorded = (eventId: string) =>
    harness.database.db
      .selectFrom('payment_webhook_events')
      .select(['status', 'attempts', 'handler_count', 'last_error'])
      .where('event_id', '=', eventId)
      .executeTakeFirst();

  const recordedCount = async () =>
    Number(
      (
        await harness.database.db
          .selectFrom('payment_webhook_events')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("applies a local driver's event once: onboarding sends a signed account.updated that reaches every handler", async () => {
    const payments = harness.api.get(Payments);
    expect(payments.mode).toBe('local');
    const charityId = randomUUID();
    const account = await payments.createConnectedAccount({
      ein: '12-3456789',
      organizationName: 'Harbor Food Bank',
      email: 'finance@harbor.example.org',
      charityId,
      idempotencyKey: `onboard-${charityId}`,
    });
    const link = await payments.createAccountLink({
      accountId: account.id,
      returnUrl: 'http://127.0.0.1/return',
      refreshUrl: 'http://127.0.0.1/refresh',
    });
    const token = new URL(link.url).searchParams.get('link')!;
    const submitted = await harness.api.inject({
      method: 'POST',
      url: new URL(link.url).pathname,
      payload: new URLSearchParams({
        link: token,
        representativeName: 'Dana Ortiz',
        routingNumber: '110000000',
        accountNumber: '000123456789',
        acceptedTerms: 'yes',
        action: 'submit',
      }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(submitted.statusCode).toBe(303);

    const [event] = await harness.database.db.selectFrom('payment_local_events').selectAll().execute();
    // A connected account's event, as Stripe sends it: `account` set, the pinned version; it goes to the
    // Connect endpoint signed with the Connect secret.
    expect(event).toMatchObject({
      type: 'account.updated',
      payload: { account: account.id, api_version: STRIPE_API_VERSION },
    });
    // The API queued its delivery; a worker POSTs it to PUBLIC_URL, this API.
    const worker = await startPaymentsWorker(harness.config);
    try {
      await eventually(async () => {
        const row = await harness.database.db
          .selectFrom('payment_local_events')
          .select('delivered_at')
          .where('id', '=', event!.id)
          .executeTakeFirstOrThrow();
        return row.delivered_at ?? undefined;
      }, 'the webhook delivered');
      // A second run of the job (BullMQ delivers at least once) sends nothing.
      expect(await worker.get(LocalEventOutbox).deliver(event!.id)).toMatch(/already delivered/);
    } finally {
      await worker.close();
    }

    expect(handler.received).toHaveLength(1);
    expect(otherHandler.received).toHaveLength(1);
    const object = handler.received[0]!.data.object as Stripe.Account;
    expect(handler.received[0]).toMatchObject({
      id: event!.id,
      type: 'account.updated',
      object: 'event',
      account: account.id,
    });
    expect(object).toMatchObject({
      id: account.id,
      charges_enabled: true,
      payouts_enabled: true,
      details_submitted: true,
      metadata: { charityId, ein: '123456789' },
    });
    // The two recorders, and the account.updated handlers of charities (CharityOnboardingModule) and of
    // referrals (members' payout accounts, ReferralsModule).
    expect(await recorded(event!.id)).toMatchObject({ status: 'applied', handler_count: 4 });
    const row = await harness.database.db
      .selectFrom('payment_local_events')
      .select(['delivered_at', 'attempts'])
      .where('id', '=', event!.id)
      .executeTakeFirstOrThrow();
    expect(row.delivered_at).toBeInstanceOf(Date);
    expect(row.attempts).toBe(1);
  });

  it("re-queues a local event whose delivery job was lost (the worker's relay), so a restart loses none", async () => {
    const id = `evt_local_${randomUUID().replace(/-/g, '').slice(0, 24)}`;
    const event = accountUpdated(id);
    await harness.database.db
      .insertInto('payment_local_events')
      .values({
        id,
        type: event.type,
        payload: JSON.stringify(event),
        created_at: new Date(Date.now() - 5 * 60_000),
      })
      .execute();
    const worker = await startPaymentsWorker(harness.config);
    try {
      expect(await worker.get(LocalEventRelay).sweep()).toBeGreaterThanOrEqual(1);
      await eventually(
        async () => (handler.received.some((e) => e.id === id) ? true : undefined),
        'the lost event delivered',
      );
      expect(handler.received.map((e) => e.id)).toEqual([id]);
    } finally {
      await worker.close();
    }
  });

  it('answers { received: true } and dispatches once when the same event arrives 50 times at once', async () => {
    handler.delayMs = 50;
    const id = evtId();
    const { payload, signature } = signedEvent(secret, accountUpdated(id));
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => post(payload, { 'stripe-signature': signature })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(50).fill(200));
    expect(answers.map((answer) => answer.json())).toEqual(Array(50).fill({ received: true }));
    expect(handler.received.map((event) => event.id)).toEqual([id]);
    expect(await recorded(id)).toMatchObject({ status: 'applied', attempts: 1 });
  });

  it('dispatches once when duplicates reach two API processes at once; the others are retried later', async () => {
    handler.delayMs = 200;
    const id = evtId();
    const { payload, signature } = signedEvent(secret, accountUpdated(id));
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        post(payload, { 'stripe-signature': signature }, index % 2 === 0 ? harness : second),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    // The process that lost the claim answers 409 while the other applies: the provider retries it.
    expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
    expect(statuses).toContain(200);
    expect(handler.received.map((event) => event.id)).toEqual([id]);
    const retried = await post(payload, { 'stripe-signature': signature }, second);
    expect(retried.statusCode).toBe(200);
    expect(handler.received).toHaveLength(1);
  });

  it.each([
    [
      'a forged payload',
      () => {
        const { signature } = signedEvent(secret, accountUpdated(evtId()));
        return {
          payload: JSON.stringify(accountUpdated(evtId(), 'someone-else')),
          headers: { 'stripe-signature': signature },
        };
      },
      'Webhook signature verification failed',
    ],
    [
      'a signature made with another secret',
      () => {
        const { payload, signature } = signedEvent('whsec_someoneelsessecret0000', accountUpdated(evtId()));
        return { payload, headers: { 'stripe-signature': signature } };
      },
      'Webhook signature verification failed',
    ],
    [
      'a stale timestamp (a replay)',
      () => {
        const timestamp = Math.floor(Date.now() / 1000) - 301;
        const { payload, signature } = signedEvent(secret, accountUpdated(evtId()), { timestamp });
        return { payload, headers: { 'stripe-signature': signature } };
      },
      'Webhook signature verification failed',
    ],
    [
      'no Stripe-Signature header',
      () => ({ payload: JSON.stringify(accountUpdated(evtId())), headers: {} }),
      'Missing Stripe-Signature header',
    ],
    [
      'a garbled Stripe-Signature header',
      () => ({
        payload: JSON.stringify(accountUpdated(evtId())),
        headers: { 'stripe-signature': 'nonsense' },
      }),
      'Webhook signature verification failed',
    ],
    [
      'a body that is not JSON',
      () => {
        const payload = 'id=evt_1&type=account.updated';
        const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
        return { payload, headers: { 'stripe-signature': signature } };
      },
      undefined,
    ],
    [
      'a signed JSON value that is not an event',
      () => {
        const payload = JSON.stringify({ hello: 'world' });
        const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
        return { payload, headers: { 'stripe-signature': signature } };
      },
      'Webhook body is not an event (no id or type)',
    ],
  ])('refuses %s with 400 and applies nothing', async (_what, make, message) => {
    const before = await recordedCount();
    const { payload, headers } = make();
    const answer = await post(payload, headers);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ success: false, statusCode: 400 });
    if (message) expect(answer.json().message).toBe(message);
    expect(handler.received).toHaveLength(0);
    expect(await recordedCount()).toBe(before);
  });

  it('refuses an event replayed an hour later, and a body cut short, recording nothing', async () => {
    const before = await recordedCount();
    const timestamp = Math.floor(Date.now() / 1000) - 3600;
    const { payload, signature } = signedEvent(secret, accountUpdated(evtId()), { timestamp });
    expect((await post(payload, { 'stripe-signature': signature })).statusCode).toBe(400);
    expect((await post(payload.slice(0, 20), { 'stripe-signature': signature })).statusCode).toBe(400);
    expect(handler.received).toHaveLength(0);
    expect(await recordedCount()).toBe(before);
  });

  it("verifies a signature made by the stripe package's generateTestHeaderString", async () => {
    const id = evtId();
    const payload = JSON.stringify(accountUpdated(id));
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const answer = await post(payload, { 'stripe-signature': signature });
    expect(answer.statusCode).toBe(200);
    expect(handler.received.map((event) => event.id)).toEqual([id]);
  });

  it('answers 503 when a handler fails and leaves the event unapplied, so the retry applies it', async () => {
    const id = evtId();
    const { payload, signature } = signedEvent(secret, accountUpdated(id));
    otherHandler.failNext = 1;
    const failed = await post(payload, { 'stripe-signature': signature });
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toEqual({
      success: false,
      statusCode: 503,
      message: 'The event could not be applied now; retry later',
    });
    expect(await recorded(id)).toMatchObject({ status: 'failed', last_error: 'handler down' });

    const retried = await post(payload, { 'stripe-signature': signature });
    expect(retried.statusCode).toBe(200);
    expect(otherHandler.received.map((event) => event.id)).toEqual([id]);
    expect(await recorded(id)).toMatchObject({ status: 'applied', attempts: 2, last_error: null });
  });

  it('answers 200 to an event type nobody handles and records it', async () => {
    const id = evtId();
    const { payload, signature } = signedEvent(secret, { ...accountUpdated(id), type: 'customer.created' });
    const answer = await post(payload, { 'stripe-signature': signature });
    expect(answer.statusCode).toBe(200);
    expect(handler.received).toHaveLength(0);
    expect(await recorded(id)).toMatchObject({ status: 'applied', handler_count: 0 });
  });

  describe('the two endpoints (platform and Connect) and the pinned API version', () => {
    const CONNECT = '/api/stripe/connect-webhooks';
    const PLATFORM = '/api/stripe/webhooks';

    /** Stripe's own fixtures (stripe/openapi fixtures3.json), as an endpoint on the pinned version gets them. */
    const platformEvent = (id = evtId()) => ({
      ...fixtures.event,
      id,
      api_version: STRIPE_API_VERSION,
      created: Math.floor(Date.now() / 1000),
      type: 'balance.available',
      data: { object: fixtures.balance },
    });
    const connectedAccountUpdated = (id = evtId()) => {
      const accountId = `acct_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
      return {
        ...fixtures.event,
        id,
        account: accountId,
        api_version: STRIPE_API_VERSION,
        created: Math.floor(Date.now() / 1000),
        type: 'account.updated',
        data: {
          object: { ...fixtures.account, id: accountId, metadata: { charityId: randomUUID() } },
          previous_attributes: { payouts_enabled: false },
        },
      };
    };

    it('applies a platform event signed with the platform secret once, however often it is delivered', async () => {
      const event = platformEvent();
      const { payload, signature } = signedEvent(secret, event);
      expect((await post(payload, { 'stripe-signature': signature }, harness, PLATFORM)).statusCode).toBe(
        200,
      );
      const again = signedEvent(secret, event);
      const second = await post(again.payload, { 'stripe-signature': again.signature }, harness, PLATFORM);
      expect(second.statusCode).toBe(200);
      expect(platformHandler.received.map((e) => e.id)).toEqual([event.id]);
      expect(await recorded(event.id)).toMatchObject({ status: 'applied', handler_count: 1, attempts: 1 });
    });

    it("applies a connected account's account.updated signed with the Connect secret once, at the Connect endpoint", async () => {
      const event = connectedAccountUpdated();
      const { payload, signature } = signedEvent(connectSecret, event);
      const answers = await Promise.all([
        post(payload, { 'stripe-signature': signature }, harness, CONNECT),
        post(payload, { 'stripe-signature': signature }, harness, CONNECT),
      ]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
      const retried = signedEvent(connectSecret, event);
      expect(
        (await post(retried.payload, { 'stripe-signature': retried.signature }, harness, CONNECT)).statusCode,
      ).toBe(200);
      expect(handler.received.map((e) => e.id)).toEqual([event.id]);
      expect(handler.received[0]).toMatchObject({
        account: event.account,
        data: { object: { id: event.account } },
      });
      expect(await recorded(event.id)).toMatchObject({ status: 'applied', attempts: 1 });
    });

    it.each([
      [
        "a connected account's event signed with the platform secret at the platform endpoint (misrouted)",
        () => ({ url: PLATFORM, ...signedEvent(secret, connectedAccountUpdated()) }),
        /belongs at the Connect endpoint \/api\/stripe\/connect-webhooks/,
      ],
      [
        'a platform event signed with the Connect secret at the Connect endpoint (misrouted)',
        () => ({ url: CONNECT, ...signedEvent(connectSecret, platformEvent()) }),
        /platform's and belongs at \/api\/stripe\/webhooks/,
      ],
      [
        "a connected account's event signed with the platform secret at the Connect endpoint",
        () => ({ url: CONNECT, ...signedEvent(secret, connectedAccountUpdated()) }),
        /^Webhook signature verification failed$/,
      ],
      [
        'a platform event signed with the Connect secret at the platform endpoint',
        () => ({ url: PLATFORM, ...signedEvent(connectSecret, platformEvent()) }),
        /^Webhook signature verification failed$/,
      ],
      [
        'a Connect event signed with a third secret',
        () => ({ url: CONNECT, ...signedEvent('whsec_someoneelsessecret0000', connectedAccountUpdated()) }),
        /^Webhook signature verification failed$/,
      ],
    ])('refuses %s with 400 and applies nothing', async (_what, make, message) => {
      const before = await recordedCount();
      const { url, payload, signature } = make();
      const answer = await post(payload, { 'stripe-signature': signature }, harness, url);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({
        success: false,
        statusCode: 400,
        message: expect.stringMatching(message),
      });
      expect(handler.received).toHaveLength(0);
      expect(platformHandler.received).toHaveLength(0);
      expect(await recordedCount()).toBe(before);
    });

    it('refuses an event of another api_version with 400 on either endpoint, logged once per version, changing nothing', async () => {
      const logged = jest.spyOn(Logger.prototype, 'error');
      try {
        const before = await recordedCount();
        const other = '2024-06-20';
        const answers = [];
        for (let i = 0; i < 3; i += 1) {
          const platform = signedEvent(secret, { ...platformEvent(), api_version: other });
          answers.push(
            await post(platform.payload, { 'stripe-signature': platform.signature }, harness, PLATFORM),
          );
          const connect = signedEvent(connectSecret, { ...connectedAccountUpdated(), api_version: other });
          answers.push(
            await post(connect.payload, { 'stripe-signature': connect.signature }, harness, CONNECT),
          );
        }
        // Stripe's fixture as it stands (api_version null) is no event of the pinned version either.
        const unversioned = signedEvent(secret, {
          ...fixtures.event,
          id: evtId(),
          type: 'balance.available',
        });
        answers.push(
          await post(unversioned.payload, { 'stripe-signature': unversioned.signature }, harness, PLATFORM),
        );

        expect(answers.map((answer) => answer.statusCode)).toEqual(Array(7).fill(400));
        expect(answers[0]!.json().message).toBe(
          `Webhook event api_version 2024-06-20 is not ${STRIPE_API_VERSION}, the version this endpoint reads`,
        );
        expect(handler.received).toHaveLength(0);
        expect(platformHandler.received).toHaveLength(0);
        expect(await recordedCount()).toBe(before);
        const versionLogs = logged.mock.calls.filter((call) =>
          String(call[1]).startsWith('payment event of another API version'),
        );
        expect(versionLogs.map((call) => (call[0] as { apiVersion: string }).apiVersion)).toEqual([
          other,
          'null',
        ]);
      } finally {
        logged.mockRestore();
      }
    });

    it('refuses a live-mode event in test mode (the local driver) with 400 on either endpoint, logged once, recording nothing', async () => {
      const logged = jest.spyOn(Logger.prototype, 'error');
      try {
        const before = await recordedCount();
        const answers = [];
        for (let i = 0; i < 3; i += 1) {
          const platform = signedEvent(secret, { ...platformEvent(), livemode: true });
          answers.push(
            await post(platform.payload, { 'stripe-signature': platform.signature }, harness, PLATFORM),
          );
          const connect = signedEvent(connectSecret, { ...connectedAccountUpdated(), livemode: true });
          answers.push(
            await post(connect.payload, { 'stripe-signature': connect.signature }, harness, CONNECT),
          );
        }
        expect(answers.map((answer) => answer.statusCode)).toEqual(Array(6).fill(400));
        expect(answers[0]!.json().message).toBe(
          "Webhook event livemode true does not match this deployment's test-mode key",
        );
        expect(handler.received).toHaveLength(0);
        expect(platformHandler.received).toHaveLength(0);
        expect(await recordedCount()).toBe(before);
        const modeLogs = logged.mock.calls.filter((call) =>
          String(call[1]).startsWith('payment event of the other mode'),
        );
        expect(modeLogs).toHaveLength(1);
        // The same event in test mode is applied as usual.
        const event = connectedAccountUpdated();
        const own = signedEvent(connectSecret, event);
        expect(
          (await post(own.payload, { 'stripe-signature': own.signature }, harness, CONNECT)).statusCode,
        ).toBe(200);
        expect(handler.received.map((e) => e.id)).toEqual([event.id]);
      } finally {
        logged.mockRestore();
      }
    });
  });
});
