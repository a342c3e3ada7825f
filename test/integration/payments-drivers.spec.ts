import { randomUUID } from 'node:crypto';
import {
  allBalanceTransactions,
  paymentsDriverContract,
  type PaymentsDriverUnderTest,
} from '../../libs/payments/src/testing/payments-driver.contract';
import { StripeStandIn } from '../../libs/payments/src/testing/stripe-stand-in';
import { StripePayments } from '../../libs/payments/src/stripe/stripe-payments';
import { Payments, PaymentsError } from '@arena/payments';
import { startPaymentsApi, type PaymentsHarness } from './payments.harness';

describe('the payments port: StripePayments against a stand-in for Stripe', () => {
  const stripe = new StripeStandIn();
  let driver: PaymentsDriverUnderTest;

  beforeAll(async () => {
    const endpoint = await stripe.start();
    driver = {
      payments: new StripePayments('sk_test_arenaStandIn000', endpoint),
      completeOnboarding: async (accountId) => stripe.completeOnboarding(accountId),
      payCheckout: async (session) => stripe.payCheckout(session.id),
      subscriptionOf: async (session) => stripe.subscriptionOf(session.id),
      invoiceOf: async (session) => stripe.invoiceOf(session.id),
    };
  });
  afterAll(() => stripe.stop());

  paymentsDriverContract(() => driver);

  it('asks for an Express account of a US nonprofit with its name, EIN, transfers and our metadata, idempotently', async () => {
    stripe.requests.length = 0;
    await driver.payments.createConnectedAccount({
      ein: '12-3456789',
      organizationName: 'Harbor Food Bank',
      email: 'finance@harbor.example.org',
      charityId: 'charity-42',
      idempotencyKey: 'charity-42-account',
    });
    expect(stripe.requests).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/v1/accounts',
        idempotencyKey: 'charity-42-account',
        authorization: 'Bearer sk_test_arenaStandIn000',
        form: {
          type: 'express',
          country: 'US',
          email: 'finance@harbor.example.org',
          business_type: 'non_profit',
          'company[name]': 'Harbor Food Bank',
          'company[tax_id]': '123456789',
          'business_profile[name]': 'Harbor Food Bank',
          'capabilities[transfers][requested]': 'true',
          'metadata[charityId]': 'charity-42',
          'metadata[ein]': '123456789',
        },
      }),
    ]);
  });

  it('asks for an account_onboarding link with the return and refresh URLs', async () => {
    const account = await driver.payments.createConnectedAccount({
      ein: '123456789',
      organizationName: 'Harbor Food Bank',
      email: 'finance@harbor.example.org',
      charityId: 'charity-43',
      idempotencyKey: 'charity-43-account',
    });
    stripe.requests.length = 0;
    const link = await driver.payments.createAccountLink({
      accountId: account.id,
      returnUrl: 'https://arena.example.org/return',
      refreshUrl: 'https://arena.example.org/refresh',
    });
    expect(link.url).toMatch(/^https:\/\/connect\.stripe\.com\/setup\/e\//);
    expect(stripe.requests[0]).toMatchObject({
      path: '/v1/account_links',
      form: {
        account: account.id,
        type: 'account_onboarding',
        return_url: 'https://arena.example.org/return',
        refresh_url: 'https://arena.example.org/refresh',
      },
    });
  });

  it('asks for a payment-mode Checkout Session of one USD line item, our metadata on the session and its payment, idempotently', async () => {
    stripe.requests.length = 0;
    await driver.payments.createCheckoutSession({
      amountCents: 2500,
      email: 'donor@example.org',
      description: "Gift to Charity Arena's donation pool",
      successUrl: 'https://arena.example.org/thanks?session={CHECKOUT_SESSION_ID}',
      cancelUrl: 'https://arena.example.org/donate',
      metadata: { giftId: 'gift-1' },
      idempotencyKey: 'gift-1-checkout',
    });
    expect(stripe.requests).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/v1/checkout/sessions',
        idempotencyKey: 'gift-1-checkout',
        form: {
          mode: 'payment',
          'line_items[0][quantity]': '1',
          'line_items[0][price_data][currency]': 'usd',
          'line_items[0][price_data][unit_amount]': '2500',
          'line_items[0][price_data][product_data][name]': "Gift to Charity Arena's donation pool",
          customer_email: 'donor@example.org',
          success_url: 'https://arena.example.org/thanks?session={CHECKOUT_SESSION_ID}',
          cancel_url: 'https://arena.example.org/donate',
          'metadata[giftId]': 'gift-1',
          'payment_intent_data[metadata][giftId]': 'gift-1',
        },
      }),
    ]);
  });

  it('asks for a USD transfer to the destination with its group and metadata, idempotently', async () => {
    const account = await driver.payments.createConnectedAccount({
      ein: '123456789',
      organizationName: 'Harbor Food Bank',
      email: 'finance@harbor.example.org',
      charityId: 'charity-transfers',
      idempotencyKey: 'charity-transfers-account',
    });
    stripe.requests.length = 0;
    await driver.payments.createTransfer({
      amountCents: 12345,
      destinationAccountId: account.id,
      transferGroup: 'window-2026-11-24',
      metadata: { payoutId: 'payout-1' },
      idempotencyKey: 'payout-1-transfer',
    });
    expect(stripe.requests).toEqual([
      expect.objectContaining({
        path: '/v1/transfers',
        idempotencyKey: 'payout-1-transfer',
        form: {
          amount: '12345',
          currency: 'usd',
          destination: account.id,
          transfer_group: 'window-2026-11-24',
          'metadata[payoutId]': 'payout-1',
        },
      }),
    ]);
  });

  it('follows every page of balance transactions, asking from the given second', async () => {
    const account = await driver.payments.createConnectedAccount({
      ein: '123456789',
      organizationName: 'Harbor Food Bank',
      email: 'finance@harbor.example.org',
      charityId: 'charity-paging',
      idempotencyKey: 'charity-paging-account',
    });
    const since = new Date(Math.floor(Date.now() / 1000) * 1000 - 1000);
    const made = await Promise.all(
      Array.from({ length: 105 }, (_, index) =>
        driver.payments.createTransfer({
          amountCents: 100 + index,
          destinationAccountId: account.id,
          transferGroup: 'window-paging',
          metadata: {},
          idempotencyKey: `paging-${index}`,
        }),
      ),
    );
    stripe.requests.length = 0;
    const listed = await allBalanceTransactions(driver.payments, since);
    const sources = new Set(listed.map((transaction) => transaction.sourceId));
    expect(made.every((transfer) => sources.has(transfer.id))).toBe(true);
    expect(stripe.requests.length).toBeGreaterThanOrEqual(2);
    expect(stripe.requests[0]).toMatchObject({
      method: 'GET',
      path: '/v1/balance_transactions',
      query: expect.objectContaining({ 'created[gte]': String(since.getTime() / 1000), limit: '100' }),
    });
  });

  it('asks for one period of balance transactions with their sources expanded, a page after the last id (issue 20)', async () => {
    const from = new Date(Math.floor(Date.now() / 1000) * 1000 - 60_000);
    const to = new Date(from.getTime() + 120_000);
    stripe.requests.length = 0;
    const first = await driver.payments.listBalanceTransactions({ from, to, limit: 1 });
    await driver.payments.listBalanceTransactions({
      from,
      to,
      limit: 1,
      startingAfter: first.data[0]?.id ?? 'txn_x',
    });
    expect(stripe.requests.map((request) => request.query)).toEqual([
      {
        'created[gte]': String(from.getTime() / 1000),
        'created[lt]': String(to.getTime() / 1000),
        limit: '1',
        'expand[0]': 'data.source',
      },
      {
        'created[gte]': String(from.getTime() / 1000),
        'created[lt]': String(to.getTime() / 1000),
        limit: '1',
        starting_after: first.data[0]?.id ?? 'txn_x',
        'expand[0]': 'data.source',
      },
    ]);
  });

  it("asks for an invoice's payments with their payment intents expanded, the charge being its latest (issue 20)", async () => {
    const session = await driver.payments.createSubscriptionCheckout({
      memberId: 'member-inpay',
      email: 'member@example.org',
      customerId: null,
      planType: 'PREMIUM',
      priceCents: 499,
      productName: 'Charity Arena Premium',
      successUrl: 'https://arena.example.org/subscription/success',
      cancelUrl: 'https://arena.example.org/subscription',
      metadata: {},
      idempotencyKey: 'subscribe-member-inpay',
    });
    stripe.payCheckout(session.id);
    const invoice = stripe.invoiceOf(session.id);
    stripe.requests.length = 0;
    const [payment] = await driver.payments.listInvoicePayments(invoice);
    expect(payment!.chargeId).toMatch(/^ch_/);
    expect(stripe.requests[0]).toMatchObject({
      method: 'GET',
      path: '/v1/invoice_payments',
      query: { invoice, limit: '100', 'expand[0]': 'data.payment.payment_intent' },
    });
  });

  it('asks for a subscription-mode Checkout Session with an inline monthly price, our metadata on the session and the subscription', async () => {
    stripe.requests.length = 0;
    await driver.payments.createSubscriptionCheckout({
      memberId: 'member-1',
      email: 'member@example.org',
      customerId: null,
      planType: 'PREMIUM',
      priceCents: 499,
      productName: 'Charity Arena Premium',
      successUrl: 'https://arena.example.org/subscription/success',
      cancelUrl: 'https://arena.example.org/subscription',
      metadata: {},
      idempotencyKey: 'subscribe-member-1',
    });
    expect(stripe.requests).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/v1/checkout/sessions',
        idempotencyKey: 'subscribe-member-1',
        form: {
          mode: 'subscription',
          'line_items[0][quantity]': '1',
          'line_items[0][price_data][currency]': 'usd',
          'line_items[0][price_data][unit_amount]': '499',
          'line_items[0][price_data][recurring][interval]': 'month',
          'line_items[0][price_data][product_data][name]': 'Charity Arena Premium',
          'line_items[0][price_data][product_data][metadata][planType]': 'PREMIUM',
          customer_email: 'member@example.org',
          success_url: 'https://arena.example.org/subscription/success',
          cancel_url: 'https://arena.example.org/subscription',
          'metadata[memberId]': 'member-1',
          'metadata[planType]': 'PREMIUM',
          'subscription_data[metadata][memberId]': 'member-1',
          'subscription_data[metadata][planType]': 'PREMIUM',
        },
      }),
    ]);
  });

  it("moves the subscription's item to the new inline price with proration_behavior always_invoice, idempotently", async () => {
    const session = await driver.payments.createSubscriptionCheckout({
      memberId: 'member-2',
      email: 'member2@example.org',
      customerId: null,
      planType: 'PREMIUM',
      priceCents: 499,
      productName: 'Charity Arena Premium',
      successUrl: 'https://arena.example.org/ok',
      cancelUrl: 'https://arena.example.org/no',
      metadata: {},
      idempotencyKey: 'subscribe-member-2',
    });
    stripe.payCheckout(session.id);
    const { subscriptionId } = stripe.subscriptionOf(session.id);
    const item = (
      stripe.subscriptions.get(subscriptionId)!.items as {
        data: Array<{ id: string; price: { product: string } }>;
      }
    ).data[0]!;
    stripe.requests.length = 0;
    await driver.payments.changeSubscriptionPlan({
      subscriptionId,
      planType: 'PREMIUM_PLUS',
      priceCents: 999,
      productName: 'Charity Arena Premium+',
      idempotencyKey: 'upgrade-member-2',
    });
    await driver.payments.cancelSubscriptionAtPeriodEnd(subscriptionId);
    expect(stripe.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      `GET /v1/subscriptions/${subscriptionId}`,
      `POST /v1/subscriptions/${subscriptionId}`,
      `POST /v1/subscriptions/${subscriptionId}`,
    ]);
    expect(stripe.requests[1]).toMatchObject({
      idempotencyKey: 'upgrade-member-2',
      form: {
        'items[0][id]': item.id,
        'items[0][price_data][currency]': 'usd',
        'items[0][price_data][unit_amount]': '999',
        'items[0][price_data][recurring][interval]': 'month',
        'items[0][price_data][product]': item.price.product,
        proration_behavior: 'always_invoice',
        'metadata[planType]': 'PREMIUM_PLUS',
      },
    });
    expect(stripe.requests[2]!.form).toEqual({ cancel_at_period_end: 'true' });
  });

  it("asks for a member's Express account as an individual with our member id, able to take transfers", async () => {
    stripe.requests.length = 0;
    await driver.payments.createMemberPayoutAccount({
      memberId: 'member-3',
      email: 'member3@example.org',
      idempotencyKey: 'member-3-payout-account',
    });
    expect(stripe.requests[0]).toMatchObject({
      path: '/v1/accounts',
      idempotencyKey: 'member-3-payout-account',
      form: {
        type: 'express',
        country: 'US',
        email: 'member3@example.org',
        business_type: 'individual',
        'capabilities[transfers][requested]': 'true',
        'metadata[memberId]': 'member-3',
      },
    });
  });

  it("turns Stripe's refusal of a request into an 'invalid' PaymentsError with Stripe's message", async () => {
    stripe.failures.push({
      status: 400,
      error: {
        code: 'tax_id_invalid',
        message: 'The tax ID you provided is invalid.',
        param: 'company[tax_id]',
        type: 'invalid_request_error',
      },
    });
    const refusal = await driver.payments
      .createConnectedAccount({
        ein: '000000000',
        organizationName: 'Nobody',
        email: 'x@example.org',
        charityId: 'charity-44',
        idempotencyKey: 'charity-44-account',
      })
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(PaymentsError);
    expect(refusal).toMatchObject({ kind: 'invalid', message: 'The tax ID you provided is invalid.' });
  });

  it("turns Stripe's failures, after its retries, into a 'provider_failed' PaymentsError", async () => {
    const apiError = { type: 'api_error', message: 'An unknown error occurred' };
    stripe.failures.push(
      { status: 500, error: apiError },
      { status: 500, error: apiError },
      { status: 500, error: apiError },
    );
    stripe.requests.length = 0;
    const refusal = await driver.payments
      .retrieveConnectedAccount('acct_1ANY')
      .catch((error: unknown) => error);
    expect(refusal).toMatchObject({
      kind: 'provider_failed',
      message: 'The payment provider failed: An unknown error occurred',
    });
    expect(stripe.requests).toHaveLength(3);
  });
});

describe('the payments port: LocalPayments on PostgreSQL and its own onboarding pages', () => {
  let harness: PaymentsHarness;
  let driver: PaymentsDriverUnderTest;

  beforeAll(async () => {
    harness = await startPaymentsApi();
    driver = {
      payments: harness.api.get(Payments),
      // A representative's browser: open the link, read the form's token, submit it.
      async completeOnboarding(_accountId, linkUrl) {
        const page = await fetch(linkUrl);
        expect(page.status).toBe(200);
        const html = await page.text();
        const token = /name="link" value="([^"]+)"/.exec(html)![1]!;
        const action = /<form method="post" action="([^"]+)"/.exec(html)![1]!;
        const submitted = await fetch(new URL(action, linkUrl), {
          method: 'POST',
          redirect: 'manual',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            link: token,
            representativeName: 'Dana Ortiz',
            routingNumber: '110000000',
            accountNumber: '000123456789',
            acceptedTerms: 'yes',
            action: 'submit',
          }),
        });
        expect(submitted.status).toBe(303);
      },
      // A donor's browser: open the checkout page, pay with the test card.
      async payCheckout(session) {
        const page = await fetch(session.url);
        expect(page.status).toBe(200);
        const token = /name="token" value="([^"]+)"/.exec(await page.text())![1]!;
        const paid = await fetch(session.url, {
          method: 'POST',
          redirect: 'manual',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            token,
            email: 'donor@example.org',
            cardNumber: '4242 4242 4242 4242',
            action: 'pay',
          }),
        });
        expect(paid.status).toBe(303);
      },
      async subscriptionOf(session) {
        const row = await harness.database.db
          .selectFrom('payment_local_checkout_sessions')
          .select(['subscription_id', 'customer_id'])
          .where('id', '=', session.id)
          .executeTakeFirstOrThrow();
        return { subscriptionId: row.subscription_id!, customerId: row.customer_id! };
      },
      async invoiceOf(session) {
        const row = await harness.database.db
          .selectFrom('payment_local_checkout_sessions')
          .innerJoin(
            'payment_local_invoices',
            'payment_local_invoices.subscription_id',
            'payment_local_checkout_sessions.subscription_id',
          )
          .select('payment_local_invoices.id')
          .where('payment_local_checkout_sessions.id', '=', session.id)
          .executeTakeFirstOrThrow();
        return row.id;
      },
    };
  });
  afterAll(() => harness?.close());

  it('is the driver when STRIPE_SECRET_KEY is unset', () => {
    expect(driver.payments.mode).toBe('local');
  });

  paymentsDriverContract(() => driver);

  describe('transfers', () => {
    const transfer = (destinationAccountId: string, idempotencyKey = `payout-${randomUUID()}`) => ({
      amountCents: 4200,
      destinationAccountId,
      transferGroup: 'window-2026-11-24',
      metadata: { payoutId: idempotencyKey },
      idempotencyKey,
    });
    async function account(onboarded: boolean) {
      const charityId = randomUUID();
      const created = await driver.payments.createConnectedAccount({
        ein: '123456789',
        organizationName: 'Harbor Food Bank',
        email: 'finance@harbor.example.org',
        charityId,
        idempotencyKey: `charity-${charityId}`,
      });
      if (onboarded) {
        const link = await driver.payments.createAccountLink({
          accountId: created.id,
          returnUrl: 'http://localhost:3000/return',
          refreshUrl: 'http://localhost:3000/refresh',
        });
        await driver.completeOnboarding(created.id, link.url);
      }
      return created.id;
    }
    const eventsOf = async (transferId: string) =>
      (
        await harness.database.db
          .selectFrom('payment_local_events')
          .selectAll()
          .orderBy('created_at')
          .execute()
      )
        .filter(
          (event) => (event.payload as { data: { object: { id: string } } }).data.object.id === transferId,
        )
        .map((event) => event.payload as { type: string; data: { object: Record<string, unknown> } });
    const balanceOf = (transferId: string) =>
      harness.database.db
        .selectFrom('payment_local_balance_transactions')
        .select(['type', 'amount_cents'])
        .where('source_id', '=', transferId)
        .orderBy('type')
        .execute();

    it('pays an onboarded account: transfer.created then transfer.paid, shaped like a Stripe Transfer', async () => {
      const destination = await account(true);
      const given = transfer(destination);
      const made = await driver.payments.createTransfer(given);
      expect(made.id).toMatch(/^tr_local_/);
      const events = await eventsOf(made.id);
      expect(events.map((event) => event.type).sort()).toEqual(['transfer.created', 'transfer.paid']);
      expect(events[0]!.data.object).toEqual({
        id: made.id,
        object: 'transfer',
        amount: 4200,
        amount_reversed: 0,
        currency: 'usd',
        destination,
        transfer_group: 'window-2026-11-24',
        metadata: given.metadata,
        reversed: false,
        created: expect.any(Number),
        livemode: false,
      });
      expect(await balanceOf(made.id)).toEqual([{ type: 'transfer', amount_cents: -4200 }]);
    });

    it('reverses a transfer to an account whose payouts are not enabled (the local failure mode)', async () => {
      const made = await driver.payments.createTransfer(transfer(await account(false)));
      const events = await eventsOf(made.id);
      expect(events.map((event) => event.type).sort()).toEqual(['transfer.created', 'transfer.reversed']);
      expect(events.find((event) => event.type === 'transfer.reversed')!.data.object).toMatchObject({
        reversed: true,
        amount_reversed: 4200,
      });
      expect(await balanceOf(made.id)).toEqual([
        { type: 'transfer', amount_cents: -4200 },
        { type: 'transfer_reversal', amount_cents: 4200 },
      ]);
    });

    it('makes one transfer for 50 concurrent calls with the same key', async () => {
      const given = transfer(await account(true));
      const made = await Promise.all(Array.from({ length: 50 }, () => driver.payments.createTransfer(given)));
      expect(new Set(made.map((one) => one.id)).size).toBe(1);
      const rows = await harness.database.db
        .selectFrom('payment_local_transfers')
        .selectAll()
        .where('idempotency_key', '=', given.idempotencyKey)
        .execute();
      expect(rows).toHaveLength(1);
      expect(await eventsOf(made[0]!.id)).toHaveLength(2);
      expect(await balanceOf(made[0]!.id)).toHaveLength(1);
    });

    it.each([
      ['no cents', { amountCents: 0 }],
      ['a fraction of a cent', { amountCents: 10.5 }],
      ['no idempotency key', { idempotencyKey: '' }],
    ])('refuses a transfer of %s (invalid), making none', async (_what, change) => {
      const given = { ...transfer(await account(true)), ...change };
      await expect(driver.payments.createTransfer(given)).rejects.toMatchObject({ kind: 'invalid' });
      expect(
        await harness.database.db
          .selectFrom('payment_local_transfers')
          .selectAll()
          .where('destination_account_id', '=', given.destinationAccountId)
          .execute(),
      ).toEqual([]);
    });

    it('refuses a key used before with another amount, keeping the first transfer', async () => {
      const given = transfer(await account(true));
      const first = await driver.payments.createTransfer(given);
      await expect(driver.payments.createTransfer({ ...given, amountCents: 9999 })).rejects.toMatchObject({
        kind: 'invalid',
        message: expect.stringMatching(/^Keys for idempotent requests/),
      });
      expect(await balanceOf(first.id)).toEqual([{ type: 'transfer', amount_cents: -4200 }]);
    });
  });
});
