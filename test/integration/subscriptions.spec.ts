import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { SubscriptionMessages as M } from '@arena/contracts';
import { Payments, STRIPE_API_VERSION, webhookSecret } from '@arena/payments';
import { newMember, type TestMember } from './charity-members.harness';
import { startIdentityHarness, type IdentityHarness } from './identity-harness';
import { signedEvent } from './payments.harness';

const now = () => Math.floor(Date.now() / 1000);
const DAY = 24 * 60 * 60;

/** Stripe-shaped webhook events of one member's subscription. */
function webhooks(memberId: string) {
  const subscriptionId = `sub_${randomUUID().replace(/-/g, '')}`;
  const customerId = `cus_${randomUUID().replace(/-/g, '')}`;
  const start = now() - 60;
  const event = (type: string, object: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
    id: `evt_${randomUUID().replace(/-/g, '')}`,
    object: 'event',
    api_version: STRIPE_API_VERSION,
    type,
    created: start,
    livemode: false,
    data: { object, ...extra },
  });
  const subscription = (planType: string, unitAmount: number) => ({
    id: subscriptionId,
    object: 'subscription',
    customer: customerId,
    status: 'active',
    cancel_at_period_end: false,
    cancel_at: null,
    metadata: { memberId, planType },
    items: {
      object: 'list',
      data: [
        {
          id: 'si_1',
          object: 'subscription_item',
          current_period_start: start,
          current_period_end: start + 30 * DAY,
          price: { id: 'price_1', object: 'price', unit_amount: unitAmount },
        },
      ],
    },
  });
  return {
    subscriptionId,
    customerId,
    created: () => event('customer.subscription.created', subscription('PREMIUM', 499)),
    paid: () =>
      event('invoice.paid', {
        id: `in_${randomUUID().replace(/-/g, '')}`,
        object: 'invoice',
        customer: customerId,
        amount_paid: 499,
        amount_due: 499,
        billing_reason: 'subscription_create',
        period_start: start,
        period_end: start,
        next_payment_attempt: null,
        metadata: {},
        parent: {
          type: 'subscription_details',
          quote_details: null,
          subscription_details: { subscription: subscriptionId, metadata: { memberId, planType: 'PREMIUM' } },
        },
        lines: { object: 'list', data: [{ id: 'il_1', period: { start, end: start + 30 * DAY } }] },
      }),
  };
}

/** /api/subscriptions/* over HTTP, and the provider's subscription webhooks, signed as Stripe signs them. */
describe('subscriptions', () => {
  let harness: IdentityHarness;
  let ada: TestMember;

  beforeAll(async () => {
    harness = await startIdentityHarness({ SUBSCRIPTION_CHECKOUTS_PER_HOUR: '2' });
    ada = await newMember(harness, 'ada');
  });
  afterAll(() => harness.close());

  const post = (payload: string, signature: string) =>
    fetch(`${harness.baseUrl}/api/stripe/webhooks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });
  const deliver = async (event: Record<string, unknown>) => {
    const { payload, signature } = signedEvent(webhookSecret(harness.config), event);
    return post(payload, signature);
  };
  const eventsOf = async (memberId: string) =>
    (
      await sql<{ event_type: string }>`
        SELECT event_type FROM events WHERE stream_id = ${`subscription-${memberId}`} ORDER BY stream_revision`.execute(
        harness.database.db,
      )
    ).rows.map((row) => row.event_type);

  it('lists the plans publicly', async () => {
    const answer = await harness.call('GET', '/subscriptions/plans');
    expect(answer.status).toBe(200);
    expect(
      answer.body.data.map((plan: { planType: string; priceCents: number }) => [
        plan.planType,
        plan.priceCents,
      ]),
    ).toEqual([
      ['FREE', 0],
      ['PREMIUM', 499],
      ['PREMIUM_PLUS', 999],
    ]);
  });

  it('asks for a member, and refuses an unknown plan with a 400', async () => {
    expect((await harness.call('GET', '/subscriptions/active')).status).toBe(401);
    const answer = await harness.call('POST', '/subscriptions/checkout', { planType: 'GOLD' }, ada.auth);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual(expect.objectContaining({ success: false, statusCode: 400 }));
    expect(answer.body.message).toContain(M.unknownPlan);
  });

  it('is Free with nothing to cancel, upgrade or manage before any subscription', async () => {
    const active = await harness.call('GET', '/subscriptions/active', undefined, ada.auth);
    expect(active.body.data).toMatchObject({
      plan: { planType: 'FREE' },
      subscription: null,
      canManage: false,
    });
    for (const [path, body, message] of [
      ['/subscriptions/cancel', undefined, M.noSubscription],
      ['/subscriptions/update', { planType: 'PREMIUM' }, M.noSubscription],
      ['/subscriptions/portal', undefined, M.noSubscription],
    ] as const) {
      const answer = await harness.call('POST', path, body, ada.auth);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(message);
    }
  });

  it('opens a checkout with the spec URLs, and limits checkouts per member', async () => {
    const bob = await newMember(harness, 'bob');
    const payments = harness.app.get(Payments);
    const spy = jest
      .spyOn(payments, 'createSubscriptionCheckout')
      .mockResolvedValue({ id: 'cs_sub_1', url: 'https://pay.example/cs_sub_1' });
    try {
      const answer = await harness.call('POST', '/subscriptions/checkout', { planType: 'PREMIUM' }, bob.auth);
      expect(answer.status).toBe(200);
      expect(answer.body.data).toEqual({ url: 'https://pay.example/cs_sub_1', sessionId: 'cs_sub_1' });
      expect(spy.mock.calls[0]![0]).toMatchObject({
        memberId: bob.id,
        planType: 'PREMIUM',
        priceCents: 499,
        successUrl: `${harness.config.PUBLIC_URL}/subscription/success?session_id={CHECKOUT_SESSION_ID}&plan=PREMIUM`,
        cancelUrl: `${harness.config.PUBLIC_URL}/subscription/cancel?session_id={CHECKOUT_SESSION_ID}`,
        metadata: { kind: 'subscription', memberId: bob.id, planType: 'PREMIUM' },
      });
      expect(
        (await harness.call('POST', '/subscriptions/checkout', { planType: 'PREMIUM' }, bob.auth)).status,
      ).toBe(200);
      const limited = await harness.call(
        'POST',
        '/subscriptions/checkout',
        { planType: 'PREMIUM' },
        bob.auth,
      );
      expect(limited.status).toBe(429);
      expect(limited.body.message).toBe(M.tooManyCheckouts);
    } finally {
      spy.mockRestore();
    }
  });

  /** A Premium checkout opened by the member through the API, the provider's session id stubbed: its id. */
  async function openCheckout(member: { auth: Record<string, string> }): Promise<string> {
    const sessionId = `cs_${randomUUID().replace(/-/g, '')}`;
    const spy = jest
      .spyOn(harness.app.get(Payments), 'createSubscriptionCheckout')
      .mockResolvedValue({ id: sessionId, url: `https://pay.example/${sessionId}` });
    try {
      expect(
        (await harness.call('POST', '/subscriptions/checkout', { planType: 'PREMIUM' }, member.auth)).status,
      ).toBe(200);
    } finally {
      spy.mockRestore();
    }
    return sessionId;
  }

  /** The provider's checkout.session.completed for a member's Premium subscription session. */
  const sessionCompleted = (
    sessionId: string,
    memberId: string,
    made: { customer: string; subscription: string },
  ) => ({
    id: `evt_${randomUUID().replace(/-/g, '')}`,
    object: 'event',
    api_version: STRIPE_API_VERSION,
    type: 'checkout.session.completed',
    created: now(),
    livemode: false,
    data: {
      object: {
        id: sessionId,
        object: 'checkout.session',
        mode: 'subscription',
        status: 'complete',
        payment_status: 'paid',
        ...made,
        metadata: { kind: 'subscription', memberId, planType: 'PREMIUM' },
      },
    },
  });

  it('tells a member what became of their own checkout only: pending, then paid once it started the plan', async () => {
    const dee = await newMember(harness, 'dee');
    const eve = await newMember(harness, 'eve');
    const sessionId = await openCheckout(dee);
    const stateOf = (id: string, auth = dee.auth) =>
      harness.call('GET', `/subscriptions/checkout/${encodeURIComponent(id)}`, undefined, auth);

    expect((await harness.call('GET', `/subscriptions/checkout/${sessionId}`)).status).toBe(401);
    for (const [id, auth] of [
      ['cs_made_up_by_anyone', dee.auth],
      [sessionId, eve.auth],
    ] as const) {
      const refused = await stateOf(id, auth);
      expect(refused.status).toBe(404);
      expect(refused.body).toMatchObject({ success: false, message: M.checkoutNotFound });
    }
    expect((await stateOf(sessionId)).body).toEqual({
      success: true,
      data: { sessionId, status: 'pending', planType: null },
    });

    const completed = sessionCompleted(sessionId, dee.id, {
      customer: `cus_${randomUUID().replace(/-/g, '')}`,
      subscription: `sub_${randomUUID().replace(/-/g, '')}`,
    });
    expect((await deliver(completed)).status).toBe(200);
    expect((await stateOf(sessionId)).body.data).toEqual({ sessionId, status: 'paid', planType: 'PREMIUM' });
    expect((await stateOf(sessionId, eve.auth)).status).toBe(404);
  });

  it("says paid when the subscription's webhook came before its session's (its start names no session)", async () => {
    const fay = await newMember(harness, 'fay');
    const sessionId = await openCheckout(fay);
    const stateOf = async () =>
      (await harness.call('GET', `/subscriptions/checkout/${sessionId}`, undefined, fay.auth)).body.data;
    const hooks = webhooks(fay.id);
    // The provider's order is not guaranteed: the subscription first. Another subscription of the member's
    // (one the session did not start) never makes this session paid.
    expect((await deliver(hooks.created())).status).toBe(200);
    expect(await stateOf()).toEqual({ sessionId, status: 'pending', planType: null });

    const completed = sessionCompleted(sessionId, fay.id, {
      customer: hooks.customerId,
      subscription: hooks.subscriptionId,
    });
    expect((await deliver(completed)).status).toBe(200);
    expect(await stateOf()).toEqual({ sessionId, status: 'paid', planType: 'PREMIUM' });
    // A redelivery changes nothing.
    expect((await deliver(completed)).status).toBe(200);
    expect(await stateOf()).toEqual({ sessionId, status: 'paid', planType: 'PREMIUM' });
  });

  it('records one subscription however often and concurrently the webhooks come, and then holds the plan', async () => {
    const cy = await newMember(harness, 'cy');
    const hooks = webhooks(cy.id);
    const created = hooks.created();
    const paid = hooks.paid();
    // The invoice's payment, as the provider's invoice payments API lists it (webhooks do not carry it).
    const listed = jest
      .spyOn(harness.app.get(Payments), 'listInvoicePayments')
      .mockResolvedValue([{ paymentIntentId: 'pi_cy', chargeId: `ch_${cy.id}`, amountPaidCents: 499 }]);
    // The invoice first, then 50 identical deliveries of the subscription at once.
    expect((await deliver(paid)).status).toBe(200);
    expect(listed).toHaveBeenCalledWith(paid.data.object.id);
    const answers = await Promise.all(Array.from({ length: 50 }, () => deliver(created)));
    expect(answers.filter((answer) => answer.status === 200).length).toBeGreaterThan(0);
    expect((await deliver(created)).status).toBe(200);
    expect((await deliver(paid)).status).toBe(200);
    expect(await eventsOf(cy.id)).toEqual(['SubscriptionPaymentSucceeded', 'SubscriptionStarted']);
    listed.mockRestore();

    // Issue 20: a refund of cy's charge is cy's, whatever member id its metadata names, and is counted once
    // however often and concurrently it comes; a refund of a charge no subscription paid is not billing's.
    const intruder = await newMember(harness, 'intruder');
    const refund = {
      ...paid,
      id: `evt_${randomUUID().replace(/-/g, '')}`,
      type: 'charge.refunded',
      data: {
        object: {
          id: `ch_${cy.id}`,
          object: 'charge',
          amount: 499,
          amount_refunded: 499,
          refunded: true,
          customer: hooks.customerId,
          payment_intent: 'pi_cy',
          metadata: { memberId: intruder.id },
          refunds: { object: 'list', data: [], has_more: false },
        },
      },
    };
    const refunds = await Promise.all(Array.from({ length: 20 }, () => deliver(refund)));
    expect(refunds.filter((answer) => answer.status === 200).length).toBeGreaterThan(0);
    expect((await deliver(refund)).status).toBe(200);
    const stranger = {
      ...refund,
      id: `evt_${randomUUID().replace(/-/g, '')}`,
      data: {
        object: { ...refund.data.object, id: 'ch_nobodys', payment_intent: 'pi_nobodys', customer: null },
      },
    };
    expect((await deliver(stranger)).status).toBe(200);
    expect((await eventsOf(cy.id)).filter((type) => type === 'PaymentRefunded')).toHaveLength(1);
    expect(await eventsOf(intruder.id)).toEqual([]);

    const active = await harness.call('GET', '/subscriptions/active', undefined, cy.auth);
    expect(active.body.data).toMatchObject({
      plan: { planType: 'PREMIUM' },
      subscription: { status: 'active', cancelAtPeriodEnd: false },
      daysRemaining: 30,
      canUpgrade: true,
      nextPlan: 'PREMIUM_PLUS',
      canManage: true,
    });
    const again = await harness.call('POST', '/subscriptions/checkout', { planType: 'PREMIUM' }, cy.auth);
    expect([again.status, again.body.message]).toEqual([400, M.alreadyOnPlan]);
    const other = await harness.call(
      'POST',
      '/subscriptions/checkout',
      { planType: 'PREMIUM_PLUS' },
      cy.auth,
    );
    expect([other.status, other.body.message]).toEqual([400, M.hasSubscription]);
    const same = await harness.call('POST', '/subscriptions/update', { planType: 'PREMIUM' }, cy.auth);
    expect([same.status, same.body.message]).toEqual([400, M.alreadyOnPlan]);

    const payments = harness.app.get(Payments);
    const change = jest.spyOn(payments, 'changeSubscriptionPlan').mockResolvedValue();
    const cancel = jest.spyOn(payments, 'cancelSubscriptionAtPeriodEnd').mockResolvedValue();
    const portal = jest
      .spyOn(payments, 'createBillingPortalSession')
      .mockResolvedValue({ url: 'https://portal.example' });
    try {
      const upgraded = await harness.call(
        'POST',
        '/subscriptions/update',
        { planType: 'PREMIUM_PLUS' },
        cy.auth,
      );
      expect(upgraded.status).toBe(200);
      expect(upgraded.body.data.plan.planType).toBe('PREMIUM_PLUS');
      expect(change.mock.calls[0]![0]).toMatchObject({
        subscriptionId: hooks.subscriptionId,
        planType: 'PREMIUM_PLUS',
        priceCents: 999,
      });
      const canceled = await harness.call('POST', '/subscriptions/cancel', undefined, cy.auth);
      expect(canceled.status).toBe(200);
      expect(canceled.body.data.subscription.cancelAtPeriodEnd).toBe(true);
      expect(cancel).toHaveBeenCalledWith(hooks.subscriptionId);
      const opened = await harness.call('POST', '/subscriptions/portal', undefined, cy.auth);
      expect(opened.body.data).toEqual({ url: 'https://portal.example' });
      expect(portal).toHaveBeenCalledWith({
        customerId: hooks.customerId,
        returnUrl: `${harness.config.PUBLIC_URL}/subscription/manage`,
      });
    } finally {
      change.mockRestore();
      cancel.mockRestore();
      portal.mockRestore();
    }
  });

  it('leaves a gift checkout and a webhook of no member alone', async () => {
    const before = await sql<{
      count: string;
    }>`SELECT count(*) AS count FROM events WHERE stream_id LIKE 'subscription-%'`.execute(
      harness.database.db,
    );
    const orphan = webhooks(ada.id).created() as unknown as {
      data: { object: { metadata: Record<string, string> } };
    };
    orphan.data.object.metadata = {};
    expect((await deliver(orphan as never)).status).toBe(200);
    const after = await sql<{
      count: string;
    }>`SELECT count(*) AS count FROM events WHERE stream_id LIKE 'subscription-%'`.execute(
      harness.database.db,
    );
    expect(after.rows[0]!.count).toBe(before.rows[0]!.count);
  });
});
