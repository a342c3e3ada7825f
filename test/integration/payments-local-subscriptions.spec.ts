import { randomUUID } from 'node:crypto';
import type { INestApplicationContext } from '@nestjs/common';
import {
  LocalPayments,
  Payments,
  PaymentsClock,
  PaymentsClockListeners,
  type PaymentEvent,
} from '@arena/payments';
import {
  eventually,
  RecordingHandler,
  startPaymentsApi,
  startPaymentsWorker,
  type PaymentsHarness,
} from './payments.harness';

const DAY = 24 * 60 * 60_000;

interface StoredEvent {
  id: string;
  type: string;
  created: number;
  data: { object: Record<string, unknown> & { id: string } };
}

describe("the local payment driver's subscriptions, billing portal and test clock", () => {
  let harness: PaymentsHarness;
  let worker: INestApplicationContext;
  let payments: LocalPayments;
  const delivered = new RecordingHandler([
    'checkout.session.completed',
    'customer.subscription.created',
    'invoice.paid',
  ]);
  const heard: Array<{ from: Date; to: Date }> = [];

  beforeAll(async () => {
    harness = await startPaymentsApi();
    payments = harness.api.get(Payments) as LocalPayments;
    harness.handlers.register(delivered);
    harness.api.get(PaymentsClockListeners).register(async (from, to) => {
      heard.push({ from, to });
    });
    worker = await startPaymentsWorker(harness.config);
  });
  afterAll(async () => {
    await worker?.close();
    await harness?.close();
  });

  const tokenOf = (html: string) => /name="token" value="([^"]+)"/.exec(html)![1]!;
  const form = (url: string, fields: Record<string, string>) =>
    harness.api.inject({
      method: 'POST',
      url,
      payload: new URLSearchParams(fields).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });

  async function checkout(
    planType: 'PREMIUM' | 'PREMIUM_PLUS' = 'PREMIUM',
    productName = 'Charity Arena Premium',
  ) {
    const memberId = randomUUID();
    const session = await payments.createSubscriptionCheckout({
      memberId,
      email: `${memberId.slice(0, 8)}@example.org`,
      customerId: null,
      planType,
      priceCents: planType === 'PREMIUM' ? 499 : 999,
      productName,
      successUrl: 'http://localhost:3000/subscription/success?session={CHECKOUT_SESSION_ID}',
      cancelUrl: 'http://localhost:3000/subscription',
      metadata: {},
      idempotencyKey: `subscribe-${memberId}`,
    });
    return { ...session, path: new URL(session.url).pathname, memberId };
  }

  async function subscribe(planType: 'PREMIUM' | 'PREMIUM_PLUS' = 'PREMIUM') {
    const started = await checkout(planType);
    const page = await harness.api.inject({ method: 'GET', url: started.path });
    const paid = await form(started.path, {
      token: tokenOf(page.body),
      email: 'member@example.org',
      cardNumber: '4242424242424242',
      action: 'pay',
    });
    expect(paid.statusCode).toBe(303);
    const row = await harness.database.db
      .selectFrom('payment_local_checkout_sessions')
      .selectAll()
      .where('id', '=', started.id)
      .executeTakeFirstOrThrow();
    return { ...started, subscriptionId: row.subscription_id!, customerId: row.customer_id! };
  }

  /** Every event about the subscription (itself, its invoices, its session), oldest first. */
  async function eventsOf(subscriptionId: string): Promise<StoredEvent[]> {
    const rows = await harness.database.db
      .selectFrom('payment_local_events')
      .select(['payload', 'created_at'])
      .orderBy('created_at')
      .execute();
    return rows
      .map((row) => row.payload as StoredEvent)
      .filter(
        (event) =>
          event.data.object.id === subscriptionId || event.data.object.subscription === subscriptionId,
      )
      .sort((a, b) => a.created - b.created);
  }

  const portalOf = async (customerId: string) =>
    new URL(
      (await payments.createBillingPortalSession({ customerId, returnUrl: 'http://localhost:3000/profile' }))
        .url,
    ).pathname;

  it('shows a subscription-mode session as the plan per month, its name escaped', async () => {
    const started = await checkout('PREMIUM', 'Premium <script>alert(1)</script>');
    const page = await harness.api.inject({ method: 'GET', url: started.path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('$4.99 per month');
    expect(page.body).toContain('Premium &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page.body).not.toContain('<script>alert');
  });

  it('starts the subscription when paid: signed webhooks for the session, the subscription and its paid first invoice', async () => {
    const started = await subscribe();
    const events = await eventsOf(started.subscriptionId);
    expect(events.map((event) => event.type).sort()).toEqual([
      'checkout.session.completed',
      'customer.subscription.created',
      'invoice.paid',
    ]);
    const session = events.find((event) => event.type === 'checkout.session.completed')!.data.object;
    expect(session).toMatchObject({
      mode: 'subscription',
      subscription: started.subscriptionId,
      customer: started.customerId,
      payment_status: 'paid',
      metadata: { memberId: started.memberId, planType: 'PREMIUM' },
    });
    const subscription = events.find((event) => event.type === 'customer.subscription.created')!.data.object;
    expect(subscription).toMatchObject({
      object: 'subscription',
      status: 'active',
      customer: started.customerId,
      cancel_at_period_end: false,
      metadata: { memberId: started.memberId, planType: 'PREMIUM' },
      items: { data: [{ price: { unit_amount: 499, recurring: { interval: 'month' } } }] },
    });
    const invoice = events.find((event) => event.type === 'invoice.paid')!.data.object;
    expect(invoice).toMatchObject({
      object: 'invoice',
      billing_reason: 'subscription_create',
      status: 'paid',
      amount_paid: 499,
      subscription: started.subscriptionId,
      lines: {
        data: [
          {
            amount: 499,
            period: {
              start: subscription.current_period_start,
              end: subscription.current_period_end,
            },
          },
        ],
      },
    });
    // Delivered to the webhook endpoint, which answered 2xx only after stripe.webhooks.constructEvent
    // verified each signature.
    const received = await eventually(async () => {
      const mine = delivered.received.filter((event: PaymentEvent) =>
        events.some((stored) => stored.id === event.id),
      );
      return mine.length === 3 ? mine : undefined;
    }, 'the three webhooks');
    expect(received.map((event) => event.type).sort()).toEqual(events.map((event) => event.type).sort());
  });

  it('starts one subscription for the same pay form posted 50 times at once', async () => {
    const started = await checkout();
    const token = tokenOf((await harness.api.inject({ method: 'GET', url: started.path })).body);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        form(started.path, {
          token,
          email: 'member@example.org',
          cardNumber: '4242424242424242',
          action: 'pay',
        }),
      ),
    );
    expect(new Set(answers.map((answer) => answer.statusCode))).toEqual(new Set([303]));
    const subscriptions = await harness.database.db
      .selectFrom('payment_local_subscriptions')
      .selectAll()
      .where(({ ref }) => ref('metadata'), '@>', JSON.stringify({ memberId: started.memberId }) as never)
      .execute();
    expect(subscriptions).toHaveLength(1);
    expect(await eventsOf(subscriptions[0]!.id)).toHaveLength(3);
  });

  it('renews across three months as the clock advances: subscription_cycle invoices stamped with each period end', async () => {
    const started = await subscribe();
    const first = (await payments.subscriptions.now()).getTime();
    for (let month = 0; month < 3; month += 1) await payments.advanceClock({ months: 1 });
    const events = await eventsOf(started.subscriptionId);
    const renewals = events.filter(
      (event) => event.type === 'invoice.paid' && event.data.object.billing_reason === 'subscription_cycle',
    );
    expect(renewals).toHaveLength(3);
    const created = events.find((event) => event.type === 'customer.subscription.created')!;
    const anchor = created.data.object.current_period_start as number;
    const ends = renewals.map(
      (event) =>
        (event.data.object.lines as { data: Array<{ period: { start: number } }> }).data[0]!.period.start,
    );
    expect(renewals.map((event) => event.created)).toEqual(ends);
    // Each period starts on the anchor's day of the month, or the month's last day when it has fewer.
    const anchorDate = new Date(anchor * 1000);
    for (const [index, start] of ends.entries()) {
      const month = new Date(anchorDate.getTime());
      month.setUTCDate(1);
      month.setUTCMonth(month.getUTCMonth() + index + 1);
      const lastDay = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 0)).getUTCDate();
      month.setUTCDate(Math.min(anchorDate.getUTCDate(), lastDay));
      expect(start).toBe(month.getTime() / 1000);
    }
    expect(renewals.every((event) => event.data.object.amount_paid === 499)).toBe(true);
    const clock = harness.api.get(PaymentsClock);
    expect((await clock.now()).getTime()).toBeGreaterThanOrEqual(first + 89 * DAY);
    expect(heard.length).toBeGreaterThanOrEqual(3);
  });

  it('fails a renewal when the portal put a declining card on file (past_due), and pays it with a working card', async () => {
    const started = await subscribe();
    const portal = await portalOf(started.customerId);
    expect((await form(portal, { action: 'declining-card' })).statusCode).toBe(303);
    await payments.advanceClock({ months: 1 });
    let events = await eventsOf(started.subscriptionId);
    const failed = events.filter((event) => event.type === 'invoice.payment_failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]!.data.object).toMatchObject({
      status: 'open',
      amount_paid: 0,
      amount_due: 499,
      billing_reason: 'subscription_cycle',
    });
    expect(
      events.filter(
        (event) => event.type === 'customer.subscription.updated' && event.data.object.status === 'past_due',
      ),
    ).toHaveLength(1);
    const page = await harness.api.inject({ method: 'GET', url: portal });
    expect(page.body).toContain('Past due');
    expect(page.body).toContain('Payment failed');
    expect((await form(portal, { action: 'working-card' })).statusCode).toBe(303);
    events = await eventsOf(started.subscriptionId);
    const paid = events.filter(
      (event) => event.type === 'invoice.paid' && event.data.object.id === failed[0]!.data.object.id,
    );
    expect(paid).toHaveLength(1);
    expect(paid[0]!.data.object).toMatchObject({ status: 'paid', amount_paid: 499, attempt_count: 2 });
    expect(
      (
        await harness.database.db
          .selectFrom('payment_local_subscriptions')
          .select('status')
          .where('id', '=', started.subscriptionId)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('active');
  });

  it('cancels at period end from the portal once for 50 concurrent posts, then deletes the subscription when the period ends', async () => {
    const started = await subscribe();
    const portal = await portalOf(started.customerId);
    const answers = await Promise.all(Array.from({ length: 50 }, () => form(portal, { action: 'cancel' })));
    expect(new Set(answers.map((answer) => `${answer.statusCode} ${answer.headers.location}`))).toEqual(
      new Set([`303 ${portal}`]),
    );
    let events = await eventsOf(started.subscriptionId);
    const updates = events.filter((event) => event.type === 'customer.subscription.updated');
    expect(updates).toHaveLength(1);
    expect(updates[0]!.data.object).toMatchObject({ cancel_at_period_end: true, status: 'active' });
    expect((await harness.api.inject({ method: 'GET', url: portal })).body).toContain('Renew plan');
    await payments.advanceClock({ months: 1 });
    events = await eventsOf(started.subscriptionId);
    const deleted = events.filter((event) => event.type === 'customer.subscription.deleted');
    expect(deleted).toHaveLength(1);
    expect(deleted[0]!.data.object).toMatchObject({ status: 'canceled' });
    expect(deleted[0]!.created).toBe(updates[0]!.data.object.current_period_end);
    expect(events.filter((event) => event.data.object.billing_reason === 'subscription_cycle')).toEqual([]);
  });

  it('resumes a subscription canceled at period end (the portal undoes the cancel)', async () => {
    const started = await subscribe();
    await payments.cancelSubscriptionAtPeriodEnd(started.subscriptionId);
    await payments.cancelSubscriptionAtPeriodEnd(started.subscriptionId);
    const portal = await portalOf(started.customerId);
    expect((await form(portal, { action: 'resume' })).statusCode).toBe(303);
    const updates = (await eventsOf(started.subscriptionId)).filter(
      (event) => event.type === 'customer.subscription.updated',
    );
    expect(updates.map((event) => event.data.object.cancel_at_period_end)).toEqual([true, false]);
    const back = await form(portal, { action: 'return' });
    expect(back.headers.location).toBe('http://localhost:3000/profile');
  });

  it('upgrades with a prorated invoice: the remaining fraction of the period at the new price less the old, in whole cents', async () => {
    const started = await subscribe('PREMIUM');
    await payments.advanceClock({ days: 10 });
    const change = {
      subscriptionId: started.subscriptionId,
      planType: 'PREMIUM_PLUS' as const,
      priceCents: 999,
      productName: 'Charity Arena Premium+',
      idempotencyKey: `upgrade-${started.subscriptionId}`,
    };
    await Promise.all(Array.from({ length: 5 }, () => payments.changeSubscriptionPlan(change)));
    const events = await eventsOf(started.subscriptionId);
    const prorated = events.filter(
      (event) => event.type === 'invoice.paid' && event.data.object.billing_reason === 'subscription_update',
    );
    expect(prorated).toHaveLength(1);
    const invoice = prorated[0]!.data.object as unknown as {
      amount_paid: number;
      created: number;
      lines: { data: Array<{ amount: number; period: { start: number; end: number } }> };
    };
    const { start, end } = invoice.lines.data[0]!.period;
    const created = events.find((event) => event.type === 'customer.subscription.created')!.data.object;
    const whole = (created.current_period_end as number) - (created.current_period_start as number);
    const remaining = end - start;
    expect(remaining).toBeLessThan(whole);
    const expected = Math.round((999 * remaining) / whole) - Math.round((499 * remaining) / whole);
    expect(Math.abs(invoice.amount_paid - expected)).toBeLessThanOrEqual(1);
    expect(Number.isInteger(invoice.amount_paid)).toBe(true);
    expect(invoice.lines.data.map((line) => Math.sign(line.amount))).toEqual([-1, 1]);
    const updated = events.filter((event) => event.type === 'customer.subscription.updated');
    expect(updated).toHaveLength(1);
    expect(updated[0]!.data.object).toMatchObject({
      metadata: { memberId: started.memberId, planType: 'PREMIUM_PLUS' },
      items: { data: [{ price: { unit_amount: 999, metadata: { planType: 'PREMIUM_PLUS' } } }] },
    });
    // The prorated invoice names the new plan too, as billing records the payment's plan from it.
    expect(prorated[0]!.data.object).toMatchObject({
      parent: { subscription_details: { metadata: { planType: 'PREMIUM_PLUS' } } },
    });
  });

  it('leaves an upgrade whose invoice the card declines past due (invoice.payment_failed)', async () => {
    const started = await subscribe('PREMIUM');
    await form(await portalOf(started.customerId), { action: 'declining-card' });
    await payments.changeSubscriptionPlan({
      subscriptionId: started.subscriptionId,
      planType: 'PREMIUM_PLUS',
      priceCents: 999,
      productName: 'Charity Arena Premium+',
      idempotencyKey: `upgrade-${started.subscriptionId}`,
    });
    const events = await eventsOf(started.subscriptionId);
    expect(
      events
        .filter((event) => event.type === 'invoice.payment_failed')
        .map((event) => event.data.object.billing_reason),
    ).toEqual(['subscription_update']);
    expect(
      events
        .filter((event) => event.type === 'customer.subscription.updated')
        .map((event) => event.data.object.status),
    ).toEqual(['past_due']);
  });

  it('refunds a charge in part and then the rest (charge.refunded), and refuses more than is left', async () => {
    const started = await subscribe();
    const invoice = (await eventsOf(started.subscriptionId)).find((event) => event.type === 'invoice.paid')!;
    expect(invoice.data.object).not.toHaveProperty('payments');
    expect(invoice.data.object).not.toHaveProperty('charge');
    const [payment] = await payments.listInvoicePayments(invoice.data.object.id);
    const chargeId = payment!.chargeId!;
    expect(chargeId).toMatch(/^ch_local_/);
    await payments.refundCharge(chargeId, 200);
    await payments.refundCharge(chargeId);
    await expect(payments.refundCharge(chargeId, 1)).rejects.toMatchObject({ kind: 'invalid' });
    await expect(payments.refundCharge('ch_local_missing')).rejects.toMatchObject({ kind: 'not_found' });
    const refunded = (
      await harness.database.db
        .selectFrom('payment_local_events')
        .select('payload')
        .where('type', '=', 'charge.refunded')
        .execute()
    )
      .map((row) => row.payload as StoredEvent)
      .filter((event) => event.data.object.id === chargeId);
    expect(refunded.map((event) => event.data.object.amount_refunded).sort()).toEqual([200, 499]);
    expect(refunded.find((event) => event.data.object.amount_refunded === 499)!.data.object.refunded).toBe(
      true,
    );
  });

  it('escapes what the portal shows', async () => {
    const memberId = randomUUID();
    const session = await payments.createSubscriptionCheckout({
      memberId,
      email: 'a@example.org',
      customerId: null,
      planType: 'PREMIUM',
      priceCents: 499,
      productName: '<img src=x onerror=alert(1)>',
      successUrl: 'http://localhost:3000/ok',
      cancelUrl: 'http://localhost:3000/no',
      metadata: {},
      idempotencyKey: `escape-${memberId}`,
    });
    const path = new URL(session.url).pathname;
    const page = await harness.api.inject({ method: 'GET', url: path });
    await form(path, {
      token: tokenOf(page.body),
      email: 'x"<b>@example.org',
      cardNumber: '4242424242424242',
      action: 'pay',
    });
    await form(path, {
      token: tokenOf((await harness.api.inject({ method: 'GET', url: path })).body),
      email: 'ok@example.org',
      cardNumber: '4242424242424242',
      action: 'pay',
    });
    const row = await harness.database.db
      .selectFrom('payment_local_checkout_sessions')
      .selectAll()
      .where('id', '=', session.id)
      .executeTakeFirstOrThrow();
    const portal = await portalOf(row.customer_id!);
    const shown = (await harness.api.inject({ method: 'GET', url: portal })).body;
    expect(shown).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(shown).not.toContain('<img');
  });

  it('answers 404 for an unknown portal session and 400 for an unknown action', async () => {
    expect(
      (await harness.api.inject({ method: 'GET', url: '/api/payments/local/portal/bps_local_nope' }))
        .statusCode,
    ).toBe(404);
    const started = await subscribe();
    const portal = await portalOf(started.customerId);
    const refused = await form(portal, { action: 'explode' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ success: false, statusCode: 400 });
  });

  it('advances the clock over POST /api/dev/payments/clock, calls the listeners with the time that passed, refuses a bad body', async () => {
    const before = heard.length;
    const answer = await harness.api.inject({
      method: 'POST',
      url: '/api/dev/payments/clock',
      payload: { days: 10 },
    });
    expect(answer.statusCode).toBe(200);
    const { from, to } = answer.json().data as { from: string; to: string };
    expect(Date.parse(to) - Date.parse(from)).toBe(10 * DAY);
    expect(heard.slice(before)).toEqual([{ from: new Date(from), to: new Date(to) }]);
    const refused = await harness.api.inject({
      method: 'POST',
      url: '/api/dev/payments/clock',
      payload: { days: 0 },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      success: false,
      message: 'Advance the clock by at least one day or month.',
    });
  });
  describe("a gift's charge (issue 20)", () => {
    async function payGift(metadata: Record<string, string> = { kind: 'gift' }, amountCents = 2500) {
      const key = randomUUID();
      const session = await payments.createCheckoutSession({
        amountCents,
        email: 'giver@example.org',
        description: "Gift to Charity Arena's donation pool",
        successUrl: 'http://localhost:3000/donate/thanks?session={CHECKOUT_SESSION_ID}',
        cancelUrl: 'http://localhost:3000/donate',
        metadata,
        idempotencyKey: `gift-${key}`,
      });
      const path = new URL(session.url).pathname;
      const page = await harness.api.inject({ method: 'GET', url: path });
      const paid = await form(path, {
        token: tokenOf(page.body),
        email: 'giver@example.org',
        cardNumber: '4242424242424242',
        action: 'pay',
      });
      expect(paid.statusCode).toBe(303);
      const completed = (await eventsAbout(session.id)).find(
        (event) => event.type === 'checkout.session.completed',
      )!;
      const paymentIntentId = completed.data.object.payment_intent as string;
      const chargeId = (await payments.latestChargeOf(paymentIntentId))!;
      return { session, paymentIntentId, chargeId };
    }
    async function eventsAbout(id: string): Promise<StoredEvent[]> {
      const rows = await harness.database.db
        .selectFrom('payment_local_events')
        .select('payload')
        .orderBy('created_at')
        .execute();
      return rows
        .map((row) => row.payload as StoredEvent)
        .filter((event) => event.data.object.id === id || event.data.object.charge === id);
    }

    it("makes a real-shaped charge on the session's payment intent, its balance transaction's source the charge", async () => {
      const memberId = randomUUID();
      const { paymentIntentId, chargeId } = await payGift({ kind: 'gift', memberId });
      expect(paymentIntentId).toMatch(/^pi_local_/);
      expect(chargeId).toMatch(/^ch_local_/);
      const since = new Date(Date.now() - 60_000);
      const page = await payments.listBalanceTransactions({
        from: since,
        to: new Date(Date.now() + 60_000),
        limit: 100,
      });
      expect(page.data.filter((txn) => txn.sourceId === chargeId)).toEqual([
        expect.objectContaining({ type: 'charge', amountCents: 2500, paymentIntentId }),
      ]);
      await payments.refundCharge(chargeId, 500);
      const [refunded] = (await eventsAbout(chargeId)).filter((event) => event.type === 'charge.refunded');
      // As Stripe copies the payment intent's metadata onto its charge: a signed-in donor's memberId too.
      expect(refunded!.data.object).toMatchObject({
        object: 'charge',
        amount: 2500,
        amount_refunded: 500,
        refunded: false,
        customer: null,
        payment_intent: paymentIntentId,
        metadata: { kind: 'gift', memberId },
        refunds: { data: [expect.objectContaining({ object: 'refund', amount: 500, charge: chargeId })] },
      });
    });

    it('refuses negative, fractional, huge and over-the-charge refunds, and refunds summing over it', async () => {
      const { chargeId } = await payGift();
      for (const amount of [-1, 0, 1.5, Number.MAX_SAFE_INTEGER, 2501, Number.NaN]) {
        await expect(payments.refundCharge(chargeId, amount)).rejects.toMatchObject({ kind: 'invalid' });
      }
      const results = await Promise.allSettled(
        Array.from({ length: 20 }, () => payments.refundCharge(chargeId, 1000)),
      );
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(2);
      const refunded = (await eventsAbout(chargeId)).filter((event) => event.type === 'charge.refunded');
      expect(refunded.map((event) => event.data.object.amount_refunded).sort()).toEqual([1000, 2000]);
    });

    it('disputes a charge: withdrawn, then won (reinstated) with the balance transactions Stripe makes', async () => {
      const { chargeId, paymentIntentId } = await payGift();
      const { disputeId, amountCents } = await payments.createDispute(chargeId);
      expect(disputeId).toMatch(/^du_local_/);
      expect(amountCents).toBe(2500);
      await expect(payments.createDispute(chargeId)).rejects.toMatchObject({ kind: 'invalid' });
      await expect(payments.refundCharge(chargeId, 100)).rejects.toMatchObject({ kind: 'invalid' });
      await payments.closeDispute(disputeId, 'won');
      await expect(payments.closeDispute(disputeId, 'lost')).rejects.toMatchObject({ kind: 'invalid' });
      await expect(payments.closeDispute('du_local_missing', 'won')).rejects.toMatchObject({
        kind: 'not_found',
      });
      await expect(payments.closeDispute(disputeId, 'maybe' as 'won')).rejects.toMatchObject({
        kind: 'invalid',
      });
      const events = (await eventsAbout(chargeId)).filter((event) =>
        event.type.startsWith('charge.dispute.'),
      );
      expect(events.map((event) => [event.type, event.data.object.status])).toEqual([
        ['charge.dispute.created', 'needs_response'],
        ['charge.dispute.closed', 'won'],
      ]);
      expect(events[1]!.data.object).toMatchObject({
        object: 'dispute',
        id: disputeId,
        amount: 2500,
        charge: chargeId,
        payment_intent: paymentIntentId,
        balance_transactions: [
          expect.objectContaining({ amount: -2500, type: 'adjustment', reporting_category: 'dispute' }),
          expect.objectContaining({
            amount: 2500,
            type: 'adjustment',
            reporting_category: 'dispute_reversal',
          }),
        ],
      });
      const page = await payments.listBalanceTransactions({
        from: new Date(Date.now() - 86_400_000 * 400),
        to: new Date(Date.now() + 86_400_000 * 400),
        limit: 100,
      });
      expect(
        page.data
          .filter((txn) => txn.sourceId === disputeId)
          .map((txn) => [txn.type, txn.amountCents, txn.paymentIntentId]),
      ).toEqual(
        expect.arrayContaining([
          ['adjustment', -2500, paymentIntentId],
          ['adjustment', 2500, paymentIntentId],
        ]),
      );
    });

    it('a lost dispute keeps the amount withdrawn; a refunded charge cannot be disputed; an unknown charge is not_found', async () => {
      const { chargeId } = await payGift();
      const { disputeId } = await payments.createDispute(chargeId);
      await payments.closeDispute(disputeId, 'lost');
      const refunded = await payGift();
      await payments.refundCharge(refunded.chargeId);
      await expect(payments.createDispute(refunded.chargeId)).rejects.toMatchObject({ kind: 'invalid' });
      await expect(payments.createDispute('ch_local_missing')).rejects.toMatchObject({ kind: 'not_found' });
    });

    it('pages balance transactions newest first, each page after the last id', async () => {
      await payGift();
      await payGift();
      await payGift();
      const from = new Date(Date.now() - 60_000);
      const to = new Date(Date.now() + 60_000);
      const first = await payments.listBalanceTransactions({ from, to, limit: 2 });
      expect(first.data).toHaveLength(2);
      expect(first.hasMore).toBe(true);
      const second = await payments.listBalanceTransactions({
        from,
        to,
        limit: 2,
        startingAfter: first.data[1]!.id,
      });
      expect(second.data[0]!.created.getTime()).toBeLessThanOrEqual(first.data[1]!.created.getTime());
      expect(second.data.map((txn) => txn.id)).not.toContain(first.data[0]!.id);
    });

    it('expires an unpaid session past its 24 hours with checkout.session.expired, once', async () => {
      const session = await payments.createCheckoutSession({
        amountCents: 500,
        email: null,
        description: 'Gift',
        successUrl: 'http://localhost:3000/ok',
        cancelUrl: 'http://localhost:3000/no',
        metadata: { kind: 'gift' },
        idempotencyKey: `expire-${randomUUID()}`,
      });
      await harness.database.db
        .updateTable('payment_local_checkout_sessions')
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where('id', '=', session.id)
        .execute();
      const path = new URL(session.url).pathname;
      await Promise.all([
        harness.api.inject({ method: 'GET', url: path }),
        harness.api.inject({ method: 'GET', url: path }),
        payments.expireDueCheckoutSessions(),
      ]);
      const expired = (await eventsAbout(session.id)).filter(
        (event) => event.type === 'checkout.session.expired',
      );
      expect(expired).toHaveLength(1);
      expect(expired[0]!.data.object).toMatchObject({ status: 'expired', payment_status: 'unpaid' });
    });
  });
});

describe('the local subscription pages with a real provider configured', () => {
  let harness: PaymentsHarness;
  beforeAll(async () => {
    harness = await startPaymentsApi({
      STRIPE_SECRET_KEY: 'sk_test_arenaNotUsed000',
      STRIPE_WEBHOOK_SECRET: 'whsec_arenaStandInSecret000',
      // Nothing listens there: the start-time portal check fails at once, never reaching Stripe.
      STRIPE_API_URL: 'http://127.0.0.1:9',
    });
  });
  afterAll(() => harness?.close());

  it.each([
    ['GET', '/api/payments/local/portal/bps_local_0000'],
    ['POST', '/api/payments/local/portal/bps_local_0000'],
    ['POST', '/api/dev/payments/clock'],
    ['POST', '/api/dev/payments/payouts'],
  ] as const)('%s %s is a 404', async (method, url) => {
    const answer = await harness.api.inject({
      method,
      url,
      payload: method === 'POST' ? { days: 1 } : undefined,
    });
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toMatchObject({ success: false, statusCode: 404 });
  });
});
