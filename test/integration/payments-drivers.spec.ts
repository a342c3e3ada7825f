import { randomUUID } from 'node:crypto';
import {
  allBalanceTransactions,
  paymentsDriverContract,
  type PaymentsDriverUnderTest,
} from '../../libs/payments/src/testing/payments-driver.contract';
import { StripeStandIn } from '../../libs/payments/src/testing/stripe-stand-in';
import { BILLING_PORTAL_MISSING, StripePayments } from '../../libs/payments/src/stripe/stripe-payments';
import { LocalPayments, Payments, PaymentsError } from '@arena/payments';
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
      payOut: async (accountId, outcome) => stripe.payOut(accountId, outcome),
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
    stripe.completeOnboarding(account.id);
    stripe.requests.length = 0;
    await driver.payments.createTransfer({
      amountCents: 12345,
      destinationAccountId: account.id,
      transferGroup: 'window-2026-11-24',
      metadata: { payoutId: 'payout-1' },
      idempotencyKey: 'payout-1-transfer',
      sourceTransaction: 'ch_3PgiftCharge',
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
          'metadata[idempotencyKey]': 'payout-1-transfer',
          source_transaction: 'ch_3PgiftCharge',
        },
      }),
    ]);
  });

  it("reads a payout's balance transactions on the connected account, sources expanded, and a group's transfers, every page", async () => {
    const account = await driver.payments.createConnectedAccount({
      ein: '123456789',
      organizationName: 'Harbor Food Bank',
      email: 'finance@harbor.example.org',
      charityId: 'charity-payout-read',
      idempotencyKey: 'charity-payout-read-account',
    });
    stripe.completeOnboarding(account.id);
    const made = await Promise.all(
      Array.from({ length: 105 }, (_, index) =>
        driver.payments.createTransfer({
          amountCents: 100 + index,
          destinationAccountId: account.id,
          transferGroup: 'window-payout-read',
          metadata: {},
          idempotencyKey: `payout-read-${index}`,
          sourceTransaction: null,
        }),
      ),
    );
    const payout = stripe.payOut(account.id);
    stripe.requests.length = 0;
    const carried = await driver.payments.transfersCarriedByPayout({
      accountId: account.id,
      payoutId: payout,
    });
    expect(carried.sort()).toEqual(made.map((transfer) => transfer.id).sort());
    expect(stripe.requests.length).toBeGreaterThanOrEqual(2);
    expect(stripe.requests[0]).toMatchObject({
      method: 'GET',
      path: '/v1/balance_transactions',
      stripeAccount: account.id,
      query: { payout, 'expand[0]': 'data.source', limit: '100' },
    });
    stripe.requests.length = 0;
    expect(
      await driver.payments.findTransfer({
        transferGroup: 'window-payout-read',
        idempotencyKey: 'payout-read-0',
      }),
    ).toEqual(made[0]);
    expect(stripe.requests[0]).toMatchObject({
      method: 'GET',
      path: '/v1/transfers',
      query: { transfer_group: 'window-payout-read', limit: '100' },
    });
  });

  it('follows every page of balance transactions, asking from the given second', async () => {
    const account = await driver.payments.createConnectedAccount({
      ein: '123456789',
      organizationName: 'Harbor Food Bank',
      email: 'finance@harbor.example.org',
      charityId: 'charity-paging',
      idempotencyKey: 'charity-paging-account',
    });
    stripe.completeOnboarding(account.id);
    const since = new Date(Math.floor(Date.now() / 1000) * 1000 - 1000);
    const made = await Promise.all(
      Array.from({ length: 105 }, (_, index) =>
        driver.payments.createTransfer({
          amountCents: 100 + index,
          destinationAccountId: account.id,
          transferGroup: 'window-paging',
          metadata: {},
          idempotencyKey: `paging-${index}`,
          sourceTransaction: null,
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

  it('asks Stripe for one active default billing portal configuration, and names what to do when there is none', async () => {
    stripe.requests.length = 0;
    await driver.payments.checkBillingPortal();
    expect(stripe.requests).toEqual([
      expect.objectContaining({
        method: 'GET',
        path: '/v1/billing_portal/configurations',
        query: { is_default: 'true', active: 'true', limit: '1' },
      }),
    ]);
    stripe.billingPortalConfigured = false;
    try {
      const refusal = await driver.payments.checkBillingPortal().catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(PaymentsError);
      expect(refusal).toMatchObject({ kind: 'invalid', message: BILLING_PORTAL_MISSING });
      expect(BILLING_PORTAL_MISSING).toMatch(/Settings → Billing → Customer portal/);
    } finally {
      stripe.billingPortalConfigured = true;
    }
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
      // The provider's automatic payout: the account's bank one of Stripe's failing test numbers, or a good one.
      async payOut(accountId, outcome) {
        await harness.database.db
          .updateTable('payment_local_accounts')
          .set({ bank_account_last4: outcome === 'failed' ? '1116' : '6789' })
          .where('id', '=', accountId)
          .execute();
        const outcomes = await (driver.payments as LocalPayments).runPayouts();
        return outcomes.find((one) => one.accountId === accountId)!.payoutId;
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
      sourceTransaction: null,
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

    const local = () => driver.payments as LocalPayments;
    const accountEntries = (accountId: string) =>
      harness.database.db
        .selectFrom('payment_local_account_balance_transactions' as never)
        .selectAll()
        .where('account_id' as never, '=', accountId as never)
        .orderBy('created_at' as never)
        .execute() as Promise<Record<string, unknown>[]>;
    const allEvents = async () =>
      (
        await harness.database.db
          .selectFrom('payment_local_events')
          .selectAll()
          .orderBy('created_at')
          .execute()
      ).map(
        (event) =>
          event.payload as { type: string; account?: string; data: { object: Record<string, unknown> } },
      );

    it('pays an onboarded account: only transfer.created (final), shaped like a Stripe Transfer, a payment on the account', async () => {
      const destination = await account(true);
      const given = transfer(destination);
      const made = await driver.payments.createTransfer(given);
      expect(made.id).toMatch(/^tr_local_/);
      const events = await eventsOf(made.id);
      expect(events.map((event) => event.type)).toEqual(['transfer.created']);
      expect(events[0]).not.toHaveProperty('account');
      expect(events[0]!.data.object).toEqual({
        id: made.id,
        object: 'transfer',
        amount: 4200,
        amount_reversed: 0,
        balance_transaction: null,
        currency: 'usd',
        description: null,
        destination,
        destination_payment: expect.stringMatching(/^py_local_/),
        transfer_group: 'window-2026-11-24',
        metadata: { ...given.metadata, idempotencyKey: given.idempotencyKey },
        reversals: { object: 'list', data: [], has_more: false, url: `/v1/transfers/${made.id}/reversals` },
        reversed: false,
        source_transaction: null,
        source_type: 'card',
        created: expect.any(Number),
        livemode: false,
      });
      expect(await balanceOf(made.id)).toEqual([{ type: 'transfer', amount_cents: -4200 }]);
      expect(await accountEntries(destination)).toEqual([
        expect.objectContaining({
          type: 'payment',
          amount_cents: 4200,
          source_id: events[0]!.data.object.destination_payment,
          source_transfer: made.id,
          payout_id: null,
        }),
      ]);
    });

    it('refuses a transfer to an account whose transfers capability is not active, making none', async () => {
      const destination = await account(false);
      await expect(driver.payments.createTransfer(transfer(destination))).rejects.toMatchObject({
        kind: 'invalid',
        message: expect.stringMatching(
          /^Your destination account needs to have at least one of the following capabilities/,
        ),
      });
      expect(
        await harness.database.db
          .selectFrom('payment_local_transfers')
          .selectAll()
          .where('destination_account_id', '=', destination)
          .execute(),
      ).toEqual([]);
    });

    it('pays out an account: payout.created then payout.paid with `account`, shaped like a Stripe Payout, once', async () => {
      const destination = await account(true);
      const made = await driver.payments.createTransfer(transfer(destination));
      const [first, again] = await Promise.all([local().runPayouts(), local().runPayouts()]);
      const mine = [...first!, ...again!].filter((one) => one.accountId === destination);
      expect(mine).toEqual([
        {
          payoutId: expect.stringMatching(/^po_local_/),
          accountId: destination,
          amountCents: 4200,
          status: 'paid',
        },
      ]);
      const payoutEvents = (await allEvents()).filter((event) => event.data.object.id === mine[0]!.payoutId);
      expect(payoutEvents.map((event) => [event.type, event.account])).toEqual([
        ['payout.created', destination],
        ['payout.paid', destination],
      ]);
      expect(payoutEvents[1]!.data.object).toMatchObject({
        object: 'payout',
        amount: 4200,
        status: 'paid',
        failure_code: null,
        failure_message: null,
        automatic: true,
        balance_transaction: expect.stringMatching(/^txn_local_/),
        arrival_date: expect.any(Number),
      });
      expect(
        await driver.payments.transfersCarriedByPayout({
          accountId: destination,
          payoutId: mine[0]!.payoutId,
        }),
      ).toEqual([made.id]);
      expect((await local().runPayouts()).filter((one) => one.accountId === destination)).toEqual([]);
    });

    it("fails a payout to Stripe's failing test account (1116): payout.failed with its code, the funds back, carried later", async () => {
      const destination = await account(true);
      const made = await driver.payments.createTransfer(transfer(destination));
      await harness.database.db
        .updateTable('payment_local_accounts')
        .set({ bank_account_last4: '1116' })
        .where('id', '=', destination)
        .execute();
      const failed = (await local().runPayouts()).find((one) => one.accountId === destination)!;
      expect(failed.status).toBe('failed');
      const event = (await allEvents()).find(
        (one) => one.type === 'payout.failed' && one.data.object.id === failed.payoutId,
      )!;
      expect(event.account).toBe(destination);
      expect(event.data.object).toMatchObject({
        status: 'failed',
        failure_code: 'no_account',
        failure_message: expect.stringMatching(/No bank account could be located/),
        failure_balance_transaction: expect.stringMatching(/^txn_local_/),
      });
      // Not paid out again to the same failing account.
      expect((await local().runPayouts()).filter((one) => one.accountId === destination)).toEqual([]);
      await harness.database.db
        .updateTable('payment_local_accounts')
        .set({ bank_account_last4: '6789' })
        .where('id', '=', destination)
        .execute();
      const paid = (await local().runPayouts()).find((one) => one.accountId === destination)!;
      expect(paid).toMatchObject({ status: 'paid', amountCents: 4200 });
      expect(
        await driver.payments.transfersCarriedByPayout({ accountId: destination, payoutId: paid.payoutId }),
      ).toEqual([made.id]);
      expect((await accountEntries(destination)).map((entry) => [entry.type, entry.amount_cents])).toEqual([
        ['payment', 4200],
        ['payout', -4200],
        ['payout_failure', 4200],
        ['payout', -4200],
      ]);
    });

    it('reverses a transfer in part and then the rest: transfer.reversed with amount_reversed and reversals, both balances', async () => {
      const destination = await account(true);
      const made = await driver.payments.createTransfer(transfer(destination));
      const part = await local().reverseTransfer(made.id, 1000);
      expect(part).toEqual({ reversalId: expect.stringMatching(/^trr_local_/), amountCents: 1000 });
      await expect(local().reverseTransfer(made.id, 3201)).rejects.toMatchObject({ kind: 'invalid' });
      const rest = await local().reverseTransfer(made.id);
      expect(rest.amountCents).toBe(3200);
      await expect(local().reverseTransfer(made.id)).rejects.toMatchObject({ kind: 'invalid' });
      const reversed = (await eventsOf(made.id)).filter((event) => event.type === 'transfer.reversed');
      expect(reversed).toHaveLength(2);
      expect(reversed[1]!.data.object).toMatchObject({
        amount_reversed: 4200,
        reversed: true,
        reversals: {
          data: [
            expect.objectContaining({
              id: rest.reversalId,
              object: 'transfer_reversal',
              amount: 3200,
              transfer: made.id,
            }),
            expect.objectContaining({ id: part.reversalId, amount: 1000 }),
          ],
        },
      });
      expect(reversed[0]!.data.object).toMatchObject({ amount_reversed: 1000, reversed: false });
      const platform = await harness.database.db
        .selectFrom('payment_local_balance_transactions')
        .select(['type', 'amount_cents'])
        .where('source_id', 'in', [part.reversalId, rest.reversalId])
        .execute();
      expect(platform.map((row) => row.amount_cents).sort()).toEqual([1000, 3200]);
      expect((await accountEntries(destination)).map((entry) => [entry.type, entry.amount_cents])).toEqual([
        ['payment', 4200],
        ['payment_refund', -1000],
        ['payment_refund', -3200],
      ]);
    });

    it.each([[0], [-5], [10.5], [100_000_000], [Number.NaN]])(
      'refuses to reverse %p cents (invalid)',
      async (amount) => {
        const made = await driver.payments.createTransfer(transfer(await account(true)));
        await expect(local().reverseTransfer(made.id, amount)).rejects.toMatchObject({ kind: 'invalid' });
      },
    );

    it('reverses once per amount left under 20 concurrent full reversals', async () => {
      const made = await driver.payments.createTransfer(transfer(await account(true)));
      const outcomes = await Promise.allSettled(
        Array.from({ length: 20 }, () => local().reverseTransfer(made.id)),
      );
      expect(outcomes.filter((one) => one.status === 'fulfilled')).toHaveLength(1);
    });

    it('refuses to reverse a transfer it does not have (not_found)', async () => {
      await expect(local().reverseTransfer('tr_local_000000000000000000000000')).rejects.toMatchObject({
        kind: 'not_found',
      });
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
      expect(await eventsOf(made[0]!.id)).toHaveLength(1);
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
