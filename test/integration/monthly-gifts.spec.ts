import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { DonationMessages } from '@arena/contracts';
import {
  LocalEventsInProcess,
  LocalPayments,
  Payments,
  STRIPE_API_VERSION,
  webhookSecret,
} from '@arena/payments';
import { ReferralAccrual } from '@arena/referrals';
import { newMember, type TestMember } from './charity-members.harness';
import { startIdentityHarness, type IdentityHarness } from './identity-harness';
import { signedEvent } from './payments.harness';

interface StoredEvent {
  id: string;
  type: string;
  created: number;
  data: { object: Record<string, any> };
}

/**
 * Monthly gifts (issue 23) over HTTP, paid on the local checkout page, their webhooks delivered as the
 * local driver signs them: each paid month one donation, never a plan, a referral reward or Premium; the
 * donor's list and cancel; attacks on both.
 */
describe('monthly gifts', () => {
  let harness: IdentityHarness;
  let payments: LocalPayments;
  let ada: TestMember;
  let eve: TestMember;
  let bob: TestMember;
  let ip = 0;
  const checkout = (body: unknown, headers: Record<string, string> = {}) =>
    harness.call('POST', '/stripe/checkout', body, { 'x-forwarded-for': `198.51.100.${++ip}`, ...headers });
  const deliverLocal = () =>
    harness.app
      .get(LocalEventsInProcess)
      .deliverPending([
        'checkout.session.completed',
        'customer.subscription.created',
        'customer.subscription.deleted',
        'invoice.paid',
      ]);
  const post = (event: Record<string, unknown>) => {
    const { payload, signature } = signedEvent(webhookSecret(harness.config), event);
    return fetch(`${harness.baseUrl}/api/stripe/webhooks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });
  };
  const count = async (query: ReturnType<typeof sql<{ count: string }>>) =>
    Number((await query.execute(harness.database.db)).rows[0]!.count);
  const donationsOfInvoice = (invoiceId: string) =>
    count(sql<{ count: string }>`
      SELECT count(*) AS count FROM events
      WHERE event_type = 'DonationReceived' AND data->>'checkoutSessionId' = ${invoiceId}`);
  const subscriptionFactsOf = (memberId: string) =>
    count(sql<{ count: string }>`
      SELECT count(*) AS count FROM events WHERE stream_id = ${`subscription-${memberId}`}`);
  const referralFacts = () =>
    count(sql<{ count: string }>`
      SELECT count(*) AS count FROM events WHERE stream_id = ${`referral-${bob.id}`}`);
  /** What the worker's referral reactor would do: every payment fact of the log, applied again. */
  const runReferralAccrual = async () => {
    const accrual = harness.app.get(ReferralAccrual, { strict: false });
    const { rows } = await sql<{ event_type: string; data: unknown }>`
      SELECT event_type, data FROM events
      WHERE event_type IN ('SubscriptionPaymentSucceeded', 'PaymentRefunded') ORDER BY global_position`.execute(
      harness.database.db,
    );
    for (const row of rows) await accrual.apply({ type: row.event_type, data: row.data as never });
  };
  const localEvents = async (type: string) =>
    (
      await harness.database.db
        .selectFrom('payment_local_events')
        .select('payload')
        .where('type', '=', type)
        .orderBy('created_at')
        .execute()
    ).map((row) => row.payload as unknown as StoredEvent);

  /** A monthly gift started over HTTP and paid on the local checkout page. */
  async function payMonthly(body: Record<string, unknown>, member?: TestMember) {
    const started = await checkout({ ...body, frequency: 'monthly' }, member?.auth);
    expect(started.status).toBe(200);
    const path = new URL(started.body.url).pathname;
    const page = await fetch(`${harness.baseUrl}${path}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    const token = /name="token" value="([^"]+)"/.exec(html)![1]!;
    const paid = await fetch(`${harness.baseUrl}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        token,
        email: 'monthly@example.org',
        cardNumber: '4242424242424242',
        action: 'pay',
      }).toString(),
    });
    expect(paid.status).toBe(303);
    const session = await harness.database.db
      .selectFrom('payment_local_checkout_sessions')
      .selectAll()
      .where('id', '=', started.body.sessionId)
      .executeTakeFirstOrThrow();
    return { sessionId: session.id, subscriptionId: session.subscription_id!, html };
  }

  beforeAll(async () => {
    harness = await startIdentityHarness({ DONATION_CHECKOUTS_PER_HOUR: '1000' });
    payments = harness.app.get(Payments) as LocalPayments;
    ada = await newMember(harness, 'ada');
    eve = await newMember(harness, 'eve');
    bob = await newMember(harness, 'bob');
    // Ada came through Bob's referral link: her plan's payments would earn Bob a reward.
    await harness.database.db
      .updateTable('accounts')
      .set({ referred_by_code: bob.id.slice(0, 12), referral_option: 1 } as never)
      .where('id', '=', ada.id)
      .execute();
  });
  afterAll(() => harness.close());

  it.each([
    [{ amount_cents: -500 }, DonationMessages.amountTooSmall],
    [{ amount_cents: 0 }, DonationMessages.amountTooSmall],
    [{ amount_cents: 1e15 }, DonationMessages.amountTooLarge],
    [{ amount_cents: Number.MAX_SAFE_INTEGER + 2 }, DonationMessages.amountNotInteger],
    [{ amount_cents: 250 }, DonationMessages.amountNotWholeDollars],
  ])('refuses a monthly gift of %j with a 400', async (body, message) => {
    const answer = await checkout({ ...body, frequency: 'monthly' });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain(message);
  });

  it('refuses a frequency that is not once or monthly, NUL bytes included', async () => {
    for (const frequency of ['weekly', 'monthly\u0000', 12, null]) {
      const answer = await checkout({ amount_cents: 500, frequency });
      expect(answer.status).toBe(400);
    }
  });

  it("keeps the spec's one-time gift as it was: a payment-mode session, with or without 'once'", async () => {
    for (const body of [{ amount_cents: 500 }, { amount_cents: 500, frequency: 'once' }]) {
      const answer = await checkout(body);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        ok: true,
        url: expect.any(String),
        sessionId: expect.stringMatching(/^cs_/),
      });
      const session = await harness.database.db
        .selectFrom('payment_local_checkout_sessions')
        .select(['mode', 'metadata'])
        .where('id', '=', answer.body.sessionId)
        .executeTakeFirstOrThrow();
      expect(session.mode).toBe('payment');
      expect(session.metadata).toEqual({ kind: 'gift' });
    }
  });

  it('records each paid month as one donation, and never a plan, a referral reward or Premium', async () => {
    const { sessionId, subscriptionId, html } = await payMonthly(
      { amount_cents: 1500, donorName: 'Ada L.' },
      ada,
    );
    expect(html).toContain('$15');
    const session = await harness.database.db
      .selectFrom('payment_local_checkout_sessions')
      .select(['mode', 'metadata', 'plan_type'])
      .where('id', '=', sessionId)
      .executeTakeFirstOrThrow();
    expect(session.mode).toBe('subscription');
    expect(session.metadata).toEqual({
      kind: 'gift',
      schedule: 'monthly',
      donorMemberId: ada.id,
      donorName: 'Ada L.',
    });
    expect(await deliverLocal()).toBeGreaterThanOrEqual(3);

    const [firstInvoice] = (await localEvents('invoice.paid')).filter(
      (event) => event.data.object.parent.subscription_details.subscription === subscriptionId,
    );
    expect(firstInvoice!.data.object.parent.subscription_details.metadata.kind).toBe('gift');
    expect(await donationsOfInvoice(firstInvoice!.data.object.id)).toBe(1);
    const { rows } = await sql<{ data: Record<string, unknown> }>`
      SELECT data FROM events WHERE event_type = 'DonationReceived'
        AND data->>'checkoutSessionId' = ${firstInvoice!.data.object.id}`.execute(harness.database.db);
    expect(rows[0]!.data).toEqual(
      expect.objectContaining({
        amountCents: 1500,
        donorName: 'Ada L.',
        donorMemberId: ada.id,
        charityEin: null,
      }),
    );
    // The success page finds the first month's donation by the checkout session.
    const gift = await harness.database.db
      .selectFrom('monthly_gifts' as never)
      .select(['checkout_session_id', 'first_donation_id'] as never)
      .where('subscription_id' as never, '=', subscriptionId as never)
      .executeTakeFirstOrThrow();
    expect(gift).toEqual({ checkout_session_id: sessionId, first_donation_id: rows[0]!.data.donationId });

    const list = await harness.call('GET', '/donations/monthly-gifts', undefined, ada.auth);
    expect(list.status).toBe(200);
    expect(list.body.data.gifts).toEqual([
      expect.objectContaining({ subscriptionId, amountCents: 1500, status: 'active', canceledAt: null }),
    ]);

    // A month on the test clock: the renewal's invoice is a second donation.
    await payments.advanceClock({ months: 1 });
    await deliverLocal();
    const invoices = (await localEvents('invoice.paid')).filter(
      (event) => event.data.object.parent.subscription_details.subscription === subscriptionId,
    );
    expect(invoices).toHaveLength(2);
    for (const invoice of invoices) expect(await donationsOfInvoice(invoice.data.object.id)).toBe(1);

    // No plan, no referral reward, no Premium.
    await runReferralAccrual();
    expect(await subscriptionFactsOf(ada.id)).toBe(0);
    expect(await referralFacts()).toBe(0);
    const active = await harness.call('GET', '/subscriptions/active', undefined, ada.auth);
    expect(active.status).toBe(200);
    expect(active.body.data).toEqual(
      expect.objectContaining({ plan: expect.objectContaining({ planType: 'FREE' }), subscription: null }),
    );
  });

  it("makes no plan of a gift's invoice even with a member's plan keys in it; the same invoice unmarked does", async () => {
    const invoice = (metadata: Record<string, string>) => ({
      id: `evt_${randomUUID().replace(/-/g, '')}`,
      object: 'event',
      api_version: STRIPE_API_VERSION,
      type: 'invoice.paid',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: {
        object: {
          id: `in_${randomUUID().replace(/-/g, '')}`,
          object: 'invoice',
          customer: `cus_${randomUUID().replace(/-/g, '')}`,
          customer_email: null,
          amount_paid: 0,
          amount_due: 0,
          billing_reason: 'subscription_create',
          period_start: Math.floor(Date.now() / 1000),
          period_end: Math.floor(Date.now() / 1000),
          next_payment_attempt: null,
          metadata: {},
          parent: {
            type: 'subscription_details',
            quote_details: null,
            subscription_details: { subscription: `sub_${randomUUID().replace(/-/g, '')}`, metadata },
          },
          lines: { object: 'list', data: [] },
        },
      },
    });
    const keys = { memberId: ada.id, planType: 'PREMIUM' };
    expect((await post(invoice({ kind: 'gift', schedule: 'monthly', ...keys }))).status).toBe(200);
    expect(await subscriptionFactsOf(ada.id)).toBe(0);
    // The control: billing does react to a plan's invoice, so the line above could have failed.
    expect((await post(invoice(keys))).status).toBe(200);
    expect(await subscriptionFactsOf(ada.id)).toBe(1);
    // …and referrals react to a plan's payment: Ada's referral by Bob is taken up (no gift ever got this far).
    await runReferralAccrual();
    expect(await referralFacts()).toBeGreaterThan(0);
  });

  it('records one donation for 50 concurrent deliveries of a paid invoice, as invoice.paid and invoice.payment_succeeded', async () => {
    const { subscriptionId } = await payMonthly({ amount_cents: 700 }, eve);
    const stored = (await localEvents('invoice.paid')).find(
      (event) => event.data.object.parent.subscription_details.subscription === subscriptionId,
    )!;
    const invoiceId = stored.data.object.id as string;
    // Not delivered yet: every one of these is the first to arrive, each a new event id of the same invoice.
    const deliveries = Array.from({ length: 50 }, (_, i) =>
      post({
        ...stored,
        id: i % 5 === 0 ? stored.id : `evt_${randomUUID().replace(/-/g, '')}`,
        type: i % 2 === 0 ? 'invoice.paid' : 'invoice.payment_succeeded',
      }),
    );
    const statuses = (await Promise.all(deliveries)).map((answer) => answer.status);
    expect(statuses.every((status) => status === 200)).toBe(true);
    await deliverLocal();
    expect(await donationsOfInvoice(invoiceId)).toBe(1);
    const owner = await count(sql<{ count: string }>`
      SELECT count(*) AS count FROM monthly_gifts WHERE subscription_id = ${subscriptionId}`);
    expect(owner).toBe(1);
  });

  it("cancels the member's own monthly gift at the provider, and nobody else's", async () => {
    const { subscriptionId } = await payMonthly({ amount_cents: 2000 }, ada);
    await deliverLocal();
    const cancel = (id: string, member: TestMember | null) =>
      harness.call(
        'POST',
        `/donations/monthly-gifts/${encodeURIComponent(id)}/cancel`,
        undefined,
        member?.auth ?? {},
      );

    expect((await cancel(subscriptionId, null)).status).toBe(401);
    const stolen = await cancel(subscriptionId, eve);
    expect(stolen.status).toBe(404);
    expect(stolen.body.message).toBe(DonationMessages.monthlyGiftNotFound);
    for (const id of ['sub_nope', 'not-a-sub', `sub_${'x'.repeat(90)}`, "sub_1' OR '1'='1"]) {
      expect((await cancel(id, ada)).status).toBe(404);
    }
    // Past Fastify's bound on a path parameter's length (100): refused before any handler.
    expect((await cancel(`sub_${'x'.repeat(300)}`, ada)).status).toBe(414);
    expect((await cancel('sub_\u0000', ada)).status).toBe(400);
    const live = await harness.database.db
      .selectFrom('payment_local_subscriptions' as never)
      .select('status' as never)
      .where('id' as never, '=', subscriptionId as never)
      .executeTakeFirstOrThrow();
    expect(live).toEqual({ status: 'active' });

    const canceled = await cancel(subscriptionId, ada);
    expect(canceled.status).toBe(200);
    expect(canceled.body.data).toEqual(
      expect.objectContaining({ subscriptionId, status: 'canceled', canceledAt: expect.any(String) }),
    );
    const ended = await harness.database.db
      .selectFrom('payment_local_subscriptions' as never)
      .select('status' as never)
      .where('id' as never, '=', subscriptionId as never)
      .executeTakeFirstOrThrow();
    expect(ended).toEqual({ status: 'canceled' });
    // The provider reports it as Stripe does; delivered, it changes nothing more.
    const deleted = (await localEvents('customer.subscription.deleted')).filter(
      (event) => event.data.object.id === subscriptionId,
    );
    expect(deleted).toHaveLength(1);
    expect(deleted[0]!.data.object.metadata.kind).toBe('gift');
    await deliverLocal();
    const again = await cancel(subscriptionId, ada);
    expect(again.status).toBe(200);
    expect(again.body.data.canceledAt).toBe(canceled.body.data.canceledAt);
    // No further month is billed.
    const invoicesBefore = (await localEvents('invoice.paid')).length;
    await payments.advanceClock({ months: 1 });
    const billedAfter = (await localEvents('invoice.paid')).filter(
      (event) => event.data.object.parent.subscription_details.subscription === subscriptionId,
    );
    expect(billedAfter).toHaveLength(1);
    expect((await localEvents('invoice.paid')).length).toBeGreaterThanOrEqual(invoicesBefore);
    const list = await harness.call('GET', '/donations/monthly-gifts', undefined, eve.auth);
    expect(list.body.data.gifts.map((gift: { subscriptionId: string }) => gift.subscriptionId)).not.toContain(
      subscriptionId,
    );
  });
});
