import { randomUUID } from 'node:crypto';
import {
  fixtureEvent,
  fixtureObject,
  signFixtureEvent,
  stripeFixtures,
  type SignedFixtureEvent,
} from '../../libs/payments/src/testing/fixture-events';
import { Payments, PaymentsError, STRIPE_API_VERSION } from '@arena/payments';
import {
  startCharityOnboardingHarness,
  type CharityOnboardingHarness,
  type Member,
} from './charity-onboarding.harness';

/**
 * The webhook endpoints driven with events built from Stripe's own fixtures (stripe/openapi fixtures3.json,
 * `resources.<object>`: every field Stripe sends, not only those we read), on the pinned API version,
 * signed for the endpoint Stripe sends each to, through the real API, with the read models checked after
 * each step. One `describe` per sequence.
 */
describe('Stripe fixture sequences through the webhook endpoints', () => {
  let h: CharityOnboardingHarness;

  beforeAll(async () => {
    h = await startCharityOnboardingHarness();
  });
  afterAll(() => h?.close());

  const deliver = async (signed: SignedFixtureEvent) => {
    const response = await h.api.inject({
      method: 'POST',
      url: signed.path,
      payload: signed.payload,
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signed.signature },
    });
    return { status: response.statusCode, body: response.json() as { message?: string } };
  };
  const send = (event: Record<string, unknown>) => deliver(signFixtureEvent(event, h.config));
  const recorded = async (eventId: string) =>
    h.database.db
      .selectFrom('payment_webhook_events')
      .select(['status'])
      .where('event_id', '=', eventId)
      .executeTakeFirst();

  let nextEin = 980000000;
  /** A charity onboarding with a local connected account, still pending. */
  const linkedCharity = async (member: Member) => {
    const linked = await h.call('POST', '/charities/stripe/link', member, {
      ein: String(nextEin++),
      organizationName: 'Harbor Light',
      description: 'Meals and beds for the night',
      category: 'nonprofit',
      email: `desk-${member.id.slice(0, 8)}@example.org`,
    });
    expect(linked.status).toBe(200);
    return linked.body as { charityId: string; stripeAccountId: string };
  };
  const paymentAccountStatus = async (member: Member, charityId: string) =>
    (await h.call('GET', `/charities/onboarding/${charityId}`, member)).body.data
      .paymentAccountStatus as string;

  describe("a connected account's account.updated", () => {
    const accountUpdated = (accountId: string, charityId: string) =>
      fixtureEvent({
        type: 'account.updated',
        account: accountId,
        object: fixtureObject('account', {
          id: accountId,
          charges_enabled: true,
          payouts_enabled: true,
          details_submitted: true,
          metadata: { charityId },
        }),
        previousAttributes: { payouts_enabled: false },
      });

    it('verifies the charity at the Connect endpoint, once however often it comes', async () => {
      const ada = await h.member('ada');
      const { charityId, stripeAccountId } = await linkedCharity(ada);
      expect(await paymentAccountStatus(ada, charityId)).toBe('PENDING');

      const event = accountUpdated(stripeAccountId, charityId);
      const signed = signFixtureEvent(event, h.config);
      expect(signed.path).toBe('/api/stripe/connect-webhooks');
      expect((await deliver(signed)).status).toBe(200);
      expect((await deliver(signFixtureEvent(event, h.config))).status).toBe(200);
      expect(await paymentAccountStatus(ada, charityId)).toBe('VERIFIED');
      expect(await recorded(event.id as string)).toEqual({ status: 'applied' });
    });

    it('is refused at the platform endpoint (400), leaving the charity pending', async () => {
      const bo = await h.member('bo');
      const { charityId, stripeAccountId } = await linkedCharity(bo);
      const event = accountUpdated(stripeAccountId, charityId);
      const answer = await deliver(signFixtureEvent(event, h.config, { endpoint: 'platform' }));
      expect(answer.status).toBe(400);
      expect(answer.body.message).toMatch(/belongs at the Connect endpoint/);
      expect(await recorded(event.id as string)).toBeUndefined();
      expect(await paymentAccountStatus(bo, charityId)).toBe('PENDING');
    });
  });

  describe('an event of an API version the handlers cannot read', () => {
    it.each([
      ['an older version', '2020-08-27'],
      ["Stripe's fixture as it stands (no version)", null],
    ])('is refused with 400 and recorded nowhere: %s', async (_what, apiVersion) => {
      const cy = await h.member('cy');
      const { charityId, stripeAccountId } = await linkedCharity(cy);
      const event = fixtureEvent({
        type: 'account.updated',
        account: stripeAccountId,
        apiVersion,
        object: fixtureObject('account', {
          id: stripeAccountId,
          payouts_enabled: true,
          metadata: { charityId },
        }),
      });
      const answer = await send(event);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(
        `Webhook event api_version ${String(apiVersion)} is not ${STRIPE_API_VERSION}, the version this endpoint reads`,
      );
      expect(await recorded(event.id as string)).toBeUndefined();
      expect(await paymentAccountStatus(cy, charityId)).toBe('PENDING');
    });
  });

  describe('an event of the other mode (livemode true at a test-mode deployment)', () => {
    it('is refused with 400 and recorded nowhere', async () => {
      const eve = await h.member('eve');
      const { charityId, stripeAccountId } = await linkedCharity(eve);
      const event = fixtureEvent({
        type: 'account.updated',
        account: stripeAccountId,
        livemode: true,
        object: fixtureObject('account', {
          id: stripeAccountId,
          payouts_enabled: true,
          charges_enabled: true,
          metadata: { charityId },
        }),
      });
      const answer = await send(event);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(
        "Webhook event livemode true does not match this deployment's test-mode key",
      );
      expect(await recorded(event.id as string)).toBeUndefined();
      expect(await paymentAccountStatus(eve, charityId)).toBe('PENDING');
    });
  });

  describe('a subscription created, renewed, upgraded, refunded and cancelled (platform endpoint)', () => {
    const DAY = 24 * 60 * 60;
    const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
    const fixtureItem = (stripeFixtures().subscription!.items as { data: Record<string, unknown>[] })
      .data[0]!;
    const fixtureLine = (stripeFixtures().invoice!.lines as { data: Record<string, unknown>[] }).data[0]!;

    it('holds the plan the events say after each step, through GET /subscriptions/active', async () => {
      const dee = await h.member('dee');
      const subscriptionId = `sub_${randomUUID().replace(/-/g, '')}`;
      const customerId = `cus_${randomUUID().replace(/-/g, '')}`;
      const start = Math.floor(Date.now() / 1000) - 3600;
      let created = start;
      /** Each event a second after the one before, as Stripe stamps them. */
      const at = () => (created += 1);

      const subscription = (input: {
        planType: 'PREMIUM' | 'PREMIUM_PLUS';
        cents: number;
        periodStart: number;
        cancelAt?: number | null;
        status?: string;
        extra?: Record<string, unknown>;
      }) =>
        fixtureObject('subscription', {
          id: subscriptionId,
          customer: customerId,
          status: input.status ?? 'active',
          cancel_at: input.cancelAt ?? null,
          cancel_at_period_end: false,
          canceled_at: null,
          ended_at: null,
          metadata: { memberId: dee.id, planType: input.planType },
          items: {
            data: [
              {
                ...fixtureItem,
                id: 'si_fixture_1',
                subscription: subscriptionId,
                current_period_start: input.periodStart,
                current_period_end: input.periodStart + 30 * DAY,
                price: {
                  ...(fixtureItem.price as Record<string, unknown>),
                  unit_amount: input.cents,
                  unit_amount_decimal: String(input.cents),
                },
              },
            ],
          },
          ...input.extra,
        });
      // Webhook payloads carry no invoice.payments: billing asks the provider (listInvoicePayments), which
      // answers for these invoices as Stripe would (each paid by one payment intent's charge).
      const paidInvoices = new Map<string, number>();
      jest
        .spyOn(h.api.get(Payments, { strict: false }), 'listInvoicePayments')
        .mockImplementation((invoiceId: string) => {
          const cents = paidInvoices.get(invoiceId);
          if (cents === undefined)
            return Promise.reject(new PaymentsError('not_found', `No such invoice: '${invoiceId}'`));
          const key = invoiceId.slice('in_'.length);
          return Promise.resolve([
            { paymentIntentId: `pi_${key}`, chargeId: `ch_${key}`, amountPaidCents: cents },
          ]);
        });
      const invoicePaid = (input: {
        reason: 'subscription_create' | 'subscription_cycle' | 'subscription_update';
        planType: 'PREMIUM' | 'PREMIUM_PLUS';
        cents: number;
        periodStart: number;
      }) => {
        const invoiceId = `in_${randomUUID().replace(/-/g, '')}`;
        paidInvoices.set(invoiceId, input.cents);
        return fixtureEvent({
          type: 'invoice.paid',
          created: at(),
          object: fixtureObject('invoice', {
            id: invoiceId,
            customer: customerId,
            status: 'paid',
            billing_reason: input.reason,
            amount_due: input.cents,
            amount_paid: input.cents,
            amount_remaining: 0,
            next_payment_attempt: null,
            metadata: {},
            period_start: input.periodStart,
            period_end: input.periodStart,
            parent: {
              type: 'subscription_details',
              quote_details: null,
              subscription_details: {
                subscription: subscriptionId,
                metadata: { memberId: dee.id, planType: input.planType },
              },
            },
            lines: {
              data: [
                {
                  ...fixtureLine,
                  amount: input.cents,
                  period: { start: input.periodStart, end: input.periodStart + 30 * DAY },
                },
              ],
            },
          }),
        });
      };
      const active = async () => {
        const answer = await h.call('GET', '/subscriptions/active', dee);
        expect(answer.status).toBe(200);
        return answer.body.data as {
          plan: { planType: string };
          subscription: { status: string; currentPeriodEnd: string; cancelAtPeriodEnd: boolean } | null;
        };
      };
      const ok = async (event: Record<string, unknown>) => expect((await send(event)).status).toBe(200);

      // Created: Premium for its first month.
      await ok(
        fixtureEvent({
          type: 'customer.subscription.created',
          created: at(),
          object: subscription({ planType: 'PREMIUM', cents: 499, periodStart: start }),
        }),
      );
      await ok(
        invoicePaid({ reason: 'subscription_create', planType: 'PREMIUM', cents: 499, periodStart: start }),
      );
      expect(await active()).toMatchObject({
        plan: { planType: 'PREMIUM' },
        subscription: { status: 'active', currentPeriodEnd: iso(start + 30 * DAY), cancelAtPeriodEnd: false },
      });

      // Renewed: the next month.
      const renewedStart = start + 30 * DAY;
      await ok(
        fixtureEvent({
          type: 'customer.subscription.updated',
          created: at(),
          object: subscription({ planType: 'PREMIUM', cents: 499, periodStart: renewedStart }),
          previousAttributes: {
            items: { data: [{ current_period_start: start, current_period_end: renewedStart }] },
          },
        }),
      );
      await ok(
        invoicePaid({
          reason: 'subscription_cycle',
          planType: 'PREMIUM',
          cents: 499,
          periodStart: renewedStart,
        }),
      );
      expect(await active()).toMatchObject({
        plan: { planType: 'PREMIUM' },
        subscription: { status: 'active', currentPeriodEnd: iso(renewedStart + 30 * DAY) },
      });

      // Upgraded: Premium Plus from now, the difference invoiced.
      await ok(
        fixtureEvent({
          type: 'customer.subscription.updated',
          created: at(),
          object: subscription({ planType: 'PREMIUM_PLUS', cents: 999, periodStart: renewedStart }),
          previousAttributes: {
            metadata: { memberId: dee.id, planType: 'PREMIUM' },
            items: { data: [{ price: { unit_amount: 499 } }] },
          },
        }),
      );
      await ok(
        invoicePaid({
          reason: 'subscription_update',
          planType: 'PREMIUM_PLUS',
          cents: 500,
          periodStart: renewedStart,
        }),
      );
      expect(await active()).toMatchObject({
        plan: { planType: 'PREMIUM_PLUS' },
        subscription: { status: 'active', currentPeriodEnd: iso(renewedStart + 30 * DAY) },
      });

      // Refunded: the upgrade's charge, in full, as Stripe reports it (charge.refunded on the charge the invoice
      // payments API named; no memberId in its metadata). Billing books it on the member, once however often
      // it comes; the plan stays (a refund is money, not a cancellation).
      const upgradeInvoice = [...paidInvoices.keys()].at(-1)!.slice('in_'.length);
      const refunded = fixtureEvent({
        type: 'charge.refunded',
        created: at(),
        object: fixtureObject('charge', {
          id: `ch_${upgradeInvoice}`,
          payment_intent: `pi_${upgradeInvoice}`,
          customer: customerId,
          amount: 500,
          amount_captured: 500,
          amount_refunded: 500,
          refunded: true,
          metadata: {},
        }),
      });
      await ok(refunded);
      await ok(refunded);
      const refunds = await h.database.db
        .selectFrom('events')
        .select(['event_type', 'data'])
        .where('stream_id', '=', `subscription-${dee.id}`)
        .where('event_type', '=', 'PaymentRefunded')
        .execute();
      expect(refunds.map((row) => (row.data as { amountRefundedCents: number }).amountRefundedCents)).toEqual(
        [500],
      );
      expect((await active()).plan.planType).toBe('PREMIUM_PLUS');

      // Cancelled at period end: kept until then...
      const periodEnd = renewedStart + 30 * DAY;
      await ok(
        fixtureEvent({
          type: 'customer.subscription.updated',
          created: at(),
          object: subscription({
            planType: 'PREMIUM_PLUS',
            cents: 999,
            periodStart: renewedStart,
            cancelAt: periodEnd,
            extra: { cancel_at_period_end: true },
          }),
          previousAttributes: { cancel_at_period_end: false, cancel_at: null },
        }),
      );
      expect(await active()).toMatchObject({
        plan: { planType: 'PREMIUM_PLUS' },
        subscription: { cancelAtPeriodEnd: true, currentPeriodEnd: iso(periodEnd) },
      });

      // ...and ended: Free.
      const endedAt = at();
      await ok(
        fixtureEvent({
          type: 'customer.subscription.deleted',
          created: endedAt,
          object: subscription({
            planType: 'PREMIUM_PLUS',
            cents: 999,
            periodStart: renewedStart,
            status: 'canceled',
            extra: {
              canceled_at: endedAt,
              ended_at: endedAt,
              cancellation_details: { comment: null, feedback: null, reason: 'cancellation_requested' },
            },
          }),
        }),
      );
      expect((await active()).plan.planType).toBe('FREE');
    });
  });

  // The money sequences (a gift's checkout.session.completed, payout.paid/failed at the Connect endpoint,
  // transfer.reversed, charge.refunded, charge.dispute.created/closed), built the same way from Stripe's
  // fixtures and run against the local driver too: test/integration/money-sequences.spec.ts.
});
