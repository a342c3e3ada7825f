import { randomUUID } from 'node:crypto';
import { PaymentsError } from '../payments.errors';
import type { BalanceTransaction, CheckoutSession, Payments } from '../payments.port';

export interface PaymentsDriverUnderTest {
  payments: Payments;
  /** Does what a charity's representative does on the provider's hosted onboarding, through its link. */
  completeOnboarding(accountId: string, linkUrl: string): Promise<void>;
  /** Does what a donor does on the provider's hosted checkout: pays it with the test card. */
  payCheckout(session: CheckoutSession): Promise<void>;
  /** The subscription and customer a paid subscription-mode session started, as the provider knows them. */
  subscriptionOf(session: CheckoutSession): Promise<{ subscriptionId: string; customerId: string }>;
  /**
   * Issue 20: what the provider's automatic payout does to a connected account now: pays out its balance to
   * its bank, or fails (the funds stay on its balance for a later payout). The payout's id.
   */
  payOut(accountId: string, outcome: 'paid' | 'failed'): Promise<string>;
  /** The first invoice a paid subscription-mode session made, as the provider knows it. */
  invoiceOf(session: CheckoutSession): Promise<string>;
}

/** Every page of balance transactions in [from, to), through the port's paging. */
export async function allBalanceTransactions(
  payments: Payments,
  from: Date,
  to = new Date(Date.now() + 60_000),
) {
  const found: BalanceTransaction[] = [];
  let startingAfter: string | undefined;
  for (;;) {
    const page = await payments.listBalanceTransactions({ from, to, startingAfter, limit: 100 });
    found.push(...page.data);
    if (!page.hasMore || page.data.length === 0) return found;
    startingAfter = page.data.at(-1)!.id;
  }
}

/**
 * What every driver of the Payments port must do, run against each (`StripePayments` against a stand-in
 * for Stripe's API, `LocalPayments` against PostgreSQL and its own pages). Call inside a describe.
 */
export function paymentsDriverContract(driver: () => PaymentsDriverUnderTest): void {
  const input = () => {
    const charityId = randomUUID();
    return {
      ein: '12-3456789',
      organizationName: 'Harbor Food Bank',
      email: `finance.${charityId.slice(0, 8)}@harbor.example.org`,
      charityId,
      idempotencyKey: `charity-${charityId}-account`,
    };
  };

  it('creates a connected account, not yet able to take payouts, that carries our charity id', async () => {
    const given = input();
    const account = await driver().payments.createConnectedAccount(given);
    expect(account).toEqual({
      id: expect.stringMatching(/^acct_\w+$/),
      chargesEnabled: false,
      payoutsEnabled: false,
      detailsSubmitted: false,
      charityId: given.charityId,
    });
    expect(await driver().payments.retrieveConnectedAccount(account.id)).toEqual(account);
  });

  it('answers the same account to the same idempotency key, and another to another key', async () => {
    const given = input();
    const first = await driver().payments.createConnectedAccount(given);
    const again = await driver().payments.createConnectedAccount(given);
    expect(again.id).toBe(first.id);
    const other = await driver().payments.createConnectedAccount({
      ...given,
      idempotencyKey: `${given.idempotencyKey}-2`,
    });
    expect(other.id).not.toBe(first.id);
  });

  it('refuses an idempotency key used before with other parameters (invalid), keeping the first account', async () => {
    const given = input();
    const first = await driver().payments.createConnectedAccount(given);
    const refusal = await driver()
      .payments.createConnectedAccount({ ...given, organizationName: 'Another Name' })
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(PaymentsError);
    expect((refusal as PaymentsError).kind).toBe('invalid');
    expect((refusal as PaymentsError).message).toMatch(
      /^Keys for idempotent requests can only be used with the same parameters/,
    );
    expect((await driver().payments.retrieveConnectedAccount(first.id)).charityId).toBe(given.charityId);
  });

  it('creates an onboarding link that expires in the future', async () => {
    const account = await driver().payments.createConnectedAccount(input());
    const before = Date.now();
    const link = await driver().payments.createAccountLink({
      accountId: account.id,
      returnUrl: 'http://localhost:3000/charities/onboarding/return',
      refreshUrl: 'http://localhost:3000/charities/onboarding/refresh',
    });
    expect(new URL(link.url).protocol).toMatch(/^https?:$/);
    expect(Date.parse(link.expiresAt)).toBeGreaterThan(before);
  });

  it('refuses to retrieve an account it does not have (not_found)', async () => {
    const refusal = await driver()
      .payments.retrieveConnectedAccount('acct_doesnotexist0000')
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(PaymentsError);
    expect((refusal as PaymentsError).kind).toBe('not_found');
  });

  it('reports the account able to take payouts once onboarding is completed through the link', async () => {
    const account = await driver().payments.createConnectedAccount(input());
    const link = await driver().payments.createAccountLink({
      accountId: account.id,
      returnUrl: 'http://localhost:3000/charities/onboarding/return',
      refreshUrl: 'http://localhost:3000/charities/onboarding/refresh',
    });
    await driver().completeOnboarding(account.id, link.url);
    expect(await driver().payments.retrieveConnectedAccount(account.id)).toMatchObject({
      id: account.id,
      chargesEnabled: true,
      payoutsEnabled: true,
      detailsSubmitted: true,
    });
  });

  const checkout = () => {
    const giftId = randomUUID();
    return {
      // Odd amounts, so each test finds its own balance transactions.
      amountCents: 100 + Math.floor(Math.random() * 1_000_000),
      email: 'donor@example.org',
      description: "Gift to Charity Arena's donation pool",
      successUrl: 'http://localhost:3000/donate/thanks?session={CHECKOUT_SESSION_ID}',
      cancelUrl: 'http://localhost:3000/donate',
      metadata: { giftId },
      idempotencyKey: `gift-${giftId}-checkout`,
    };
  };

  /** Stripe's times are whole seconds: a second back from now covers what is made next. */
  const aSecondAgo = () => new Date(Math.floor(Date.now() / 1000) * 1000 - 1000);

  async function onboardedAccount() {
    const account = await driver().payments.createConnectedAccount(input());
    const link = await driver().payments.createAccountLink({
      accountId: account.id,
      returnUrl: 'http://localhost:3000/charities/onboarding/return',
      refreshUrl: 'http://localhost:3000/charities/onboarding/refresh',
    });
    await driver().completeOnboarding(account.id, link.url);
    return account;
  }

  const transferTo = (destinationAccountId: string) => {
    const payoutId = randomUUID();
    return {
      amountCents: 100 + Math.floor(Math.random() * 1_000_000),
      destinationAccountId,
      transferGroup: `payout-${payoutId}`,
      metadata: { payoutId },
      idempotencyKey: `payout-${payoutId}-transfer`,
      sourceTransaction: null,
    };
  };

  it('creates a checkout session to pay at, and the same session again for the same idempotency key', async () => {
    const given = checkout();
    const session = await driver().payments.createCheckoutSession(given);
    expect(session.id).toMatch(/^cs_test_\w+$/);
    expect(new URL(session.url).protocol).toMatch(/^https?:$/);
    expect(await driver().payments.createCheckoutSession(given)).toEqual(session);
    const other = await driver().payments.createCheckoutSession({
      ...given,
      idempotencyKey: `${given.idempotencyKey}-2`,
    });
    expect(other.id).not.toBe(session.id);
  });

  it('lists the charge of a paid checkout among the balance transactions since a time', async () => {
    const since = aSecondAgo();
    const given = checkout();
    const session = await driver().payments.createCheckoutSession(given);
    await driver().payCheckout(session);
    const charges = (await allBalanceTransactions(driver().payments, since)).filter(
      (transaction) => transaction.type === 'charge' && transaction.amountCents === given.amountCents,
    );
    expect(charges).toEqual([
      {
        id: expect.stringMatching(/^txn_\w+$/),
        type: 'charge',
        amountCents: given.amountCents,
        sourceId: expect.stringMatching(/^ch_\w+$/),
        paymentIntentId: expect.stringMatching(/^pi_\w+$/),
        created: expect.any(Date),
      },
    ]);
    expect(charges[0]!.created.getTime()).toBeGreaterThanOrEqual(since.getTime());
  });

  it("names a paid checkout's charge from its payment intent (latest_charge)", async () => {
    const since = aSecondAgo();
    const given = checkout();
    const session = await driver().payments.createCheckoutSession(given);
    await driver().payCheckout(session);
    const [charge] = (await allBalanceTransactions(driver().payments, since)).filter(
      (transaction) => transaction.type === 'charge' && transaction.amountCents === given.amountCents,
    );
    expect(await driver().payments.latestChargeOf(charge!.paymentIntentId!)).toBe(charge!.sourceId);
  });

  it('transfers to a connected account once per idempotency key, listed as a negative balance transaction', async () => {
    const since = aSecondAgo();
    const account = await onboardedAccount();
    const given = transferTo(account.id);
    const transfer = await driver().payments.createTransfer(given);
    expect(transfer).toEqual({
      id: expect.stringMatching(/^tr_\w+$/),
      amountCents: given.amountCents,
      destinationAccountId: account.id,
    });
    expect(await driver().payments.createTransfer(given)).toEqual(transfer);
    const transfers = (await allBalanceTransactions(driver().payments, since)).filter(
      (transaction) => transaction.sourceId === transfer.id,
    );
    expect(transfers).toEqual([
      expect.objectContaining({ type: 'transfer', amountCents: -given.amountCents }),
    ]);
  });

  it('refuses a transfer to an account it does not have (not_found)', async () => {
    const refusal = await driver()
      .payments.createTransfer(transferTo('acct_doesnotexist0000'))
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(PaymentsError);
    expect((refusal as PaymentsError).kind).toBe('not_found');
  });

  // Connect money (issue 20)
  it('refuses a transfer to an account whose transfers capability is not active (invalid, as Stripe says it)', async () => {
    const account = await driver().payments.createConnectedAccount(input());
    const refusal = await driver()
      .payments.createTransfer(transferTo(account.id))
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(PaymentsError);
    expect((refusal as PaymentsError).kind).toBe('invalid');
    expect((refusal as PaymentsError).message).toMatch(/capabilities enabled: transfers/);
  });

  it('finds a transfer by its group and idempotency key (kept in its metadata), and nothing for another key', async () => {
    const account = await onboardedAccount();
    const given = transferTo(account.id);
    const transfer = await driver().payments.createTransfer(given);
    await driver().payments.createTransfer({ ...transferTo(account.id), transferGroup: given.transferGroup });
    expect(
      await driver().payments.findTransfer({
        transferGroup: given.transferGroup,
        idempotencyKey: given.idempotencyKey,
      }),
    ).toEqual(transfer);
    expect(
      await driver().payments.findTransfer({
        transferGroup: given.transferGroup,
        idempotencyKey: `${given.idempotencyKey}-other`,
      }),
    ).toBeNull();
    expect(
      await driver().payments.findTransfer({
        transferGroup: `${given.transferGroup}-other`,
        idempotencyKey: given.idempotencyKey,
      }),
    ).toBeNull();
  });

  it('names the transfers a payout carried, and those of an earlier failed payout whose funds it carried', async () => {
    const account = await onboardedAccount();
    const first = await driver().payments.createTransfer(transferTo(account.id));
    const second = await driver().payments.createTransfer(transferTo(account.id));
    const failed = await driver().payOut(account.id, 'failed');
    expect(
      (await driver().payments.transfersCarriedByPayout({ accountId: account.id, payoutId: failed })).sort(),
    ).toEqual([first.id, second.id].sort());
    const third = await driver().payments.createTransfer(transferTo(account.id));
    const paid = await driver().payOut(account.id, 'paid');
    expect(
      (await driver().payments.transfersCarriedByPayout({ accountId: account.id, payoutId: paid })).sort(),
    ).toEqual([first.id, second.id, third.id].sort());
    const fourth = await driver().payments.createTransfer(transferTo(account.id));
    const next = await driver().payOut(account.id, 'paid');
    expect(
      await driver().payments.transfersCarriedByPayout({ accountId: account.id, payoutId: next }),
    ).toEqual([fourth.id]);
  });

  it('lists nothing from the future', async () => {
    expect(
      await driver().payments.listBalanceTransactions({
        from: new Date(Date.now() + 60_000),
        to: new Date(Date.now() + 120_000),
        limit: 10,
      }),
    ).toEqual({ data: [], hasMore: false });
  });

  it("lists a paid subscription invoice's payment: its payment intent and charge (issue 20)", async () => {
    const given = subscriptionCheckout();
    const session = await driver().payments.createSubscriptionCheckout(given);
    await driver().payCheckout(session);
    const invoiceId = await driver().invoiceOf(session);
    expect(await driver().payments.listInvoicePayments(invoiceId)).toEqual([
      {
        paymentIntentId: expect.stringMatching(/^pi_\w+$/),
        chargeId: expect.stringMatching(/^ch_\w+$/),
        amountPaidCents: given.priceCents,
      },
    ]);
    const refusal = await driver()
      .payments.listInvoicePayments('in_doesnotexist0000')
      .catch((error: unknown) => error);
    expect((refusal as PaymentsError).kind).toBe('not_found');
  });

  // Subscriptions (issue 13)
  const subscriptionCheckout = () => {
    const memberId = randomUUID();
    return {
      memberId,
      email: `member.${memberId.slice(0, 8)}@example.org`,
      customerId: null,
      planType: 'PREMIUM' as const,
      priceCents: 499,
      productName: 'Charity Arena Premium',
      successUrl: 'http://localhost:3000/subscription/success?session={CHECKOUT_SESSION_ID}',
      cancelUrl: 'http://localhost:3000/subscription',
      metadata: {},
      idempotencyKey: `subscribe-${memberId}`,
    };
  };

  async function subscribed() {
    const session = await driver().payments.createSubscriptionCheckout(subscriptionCheckout());
    await driver().payCheckout(session);
    return driver().subscriptionOf(session);
  }

  const expectRefusal = async (call: Promise<unknown>, kind: string) => {
    const refusal = await call.catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(PaymentsError);
    expect((refusal as PaymentsError).kind).toBe(kind);
  };

  it('creates a subscription-mode checkout session, the same again for the same idempotency key', async () => {
    const given = subscriptionCheckout();
    const session = await driver().payments.createSubscriptionCheckout(given);
    expect(session.id).toMatch(/^cs_test_\w+$/);
    expect(new URL(session.url).protocol).toMatch(/^https?:$/);
    expect(await driver().payments.createSubscriptionCheckout(given)).toEqual(session);
    const other = await driver().payments.createSubscriptionCheckout({
      ...given,
      idempotencyKey: `${given.idempotencyKey}-2`,
    });
    expect(other.id).not.toBe(session.id);
  });

  it('starts a subscription of a customer when the session is paid', async () => {
    const { subscriptionId, customerId } = await subscribed();
    expect(subscriptionId).toMatch(/^sub_\w+$/);
    expect(customerId).toMatch(/^cus_\w+$/);
  });

  it('changes a subscription to another plan, once per idempotency key', async () => {
    const { subscriptionId } = await subscribed();
    const change = {
      subscriptionId,
      planType: 'PREMIUM_PLUS' as const,
      priceCents: 999,
      productName: 'Charity Arena Premium+',
      idempotencyKey: `upgrade-${subscriptionId}`,
    };
    await driver().payments.changeSubscriptionPlan(change);
    await driver().payments.changeSubscriptionPlan(change);
  });

  it('cancels a subscription at period end, and again without harm', async () => {
    const { subscriptionId } = await subscribed();
    await driver().payments.cancelSubscriptionAtPeriodEnd(subscriptionId);
    await driver().payments.cancelSubscriptionAtPeriodEnd(subscriptionId);
  });

  // Issue 21: leaving cancels billing; one live subscription per member.
  it('cancels a subscription now, once: a repeat answers it canceled already, with the same end', async () => {
    const { subscriptionId } = await subscribed();
    const key = `cancel-now-${subscriptionId}`;
    const first = await driver().payments.cancelSubscriptionNow({ subscriptionId, idempotencyKey: key });
    expect(first.alreadyCanceled).toBe(false);
    expect(Math.abs(first.endedAt.getTime() - Date.now())).toBeLessThan(60 * 60_000);
    const again = await driver().payments.cancelSubscriptionNow({
      subscriptionId,
      idempotencyKey: `${key}-again`,
    });
    expect(again).toEqual({ endedAt: first.endedAt, alreadyCanceled: true });
    await expectRefusal(
      driver().payments.cancelSubscriptionNow({
        subscriptionId: 'sub_doesnotexist0000',
        idempotencyKey: key,
      }),
      'not_found',
    );
  });

  it('lists live subscriptions with their member, page by page, and not a canceled one', async () => {
    const given = subscriptionCheckout();
    const session = await driver().payments.createSubscriptionCheckout(given);
    await driver().payCheckout(session);
    const live = await driver().subscriptionOf(session);
    const ended = await subscribed();
    await driver().payments.cancelSubscriptionNow({
      subscriptionId: ended.subscriptionId,
      idempotencyKey: `cancel-now-${ended.subscriptionId}`,
    });
    const seen = new Map<string, { memberId: string | null; customerId: string }>();
    let startingAfter: string | undefined;
    for (;;) {
      const page = await driver().payments.listLiveSubscriptions({ startingAfter, limit: 2 });
      expect(page.data.length).toBeLessThanOrEqual(2);
      for (const one of page.data) seen.set(one.subscriptionId, one);
      if (!page.hasMore || page.data.length === 0) break;
      startingAfter = page.data.at(-1)!.subscriptionId;
    }
    expect(seen.get(live.subscriptionId)).toMatchObject({
      memberId: given.memberId,
      customerId: live.customerId,
    });
    expect(seen.has(ended.subscriptionId)).toBe(false);
  });

  it("refunds what is left of a subscription's payment once; a repeat refunds nothing", async () => {
    const given = subscriptionCheckout();
    const session = await driver().payments.createSubscriptionCheckout(given);
    await driver().payCheckout(session);
    const [payment] = await driver().payments.listInvoicePayments(await driver().invoiceOf(session));
    const key = `duplicate-refund-${payment!.chargeId}`;
    expect(
      await driver().payments.refundPayment({
        paymentId: payment!.chargeId!,
        reason: 'duplicate',
        idempotencyKey: key,
      }),
    ).toBe(given.priceCents);
    expect(
      await driver().payments.refundPayment({
        paymentId: payment!.chargeId!,
        reason: 'duplicate',
        idempotencyKey: `${key}-2`,
      }),
    ).toBe(0);
  });

  it('expires an open checkout session; a paid one stays paid', async () => {
    const open = await driver().payments.createSubscriptionCheckout(subscriptionCheckout());
    expect(await driver().payments.expireCheckoutSession(open.id)).toBe('expired');
    expect(await driver().payments.expireCheckoutSession(open.id)).toBe('expired');
    const paid = await driver().payments.createSubscriptionCheckout(subscriptionCheckout());
    await driver().payCheckout(paid);
    expect(await driver().payments.expireCheckoutSession(paid.id)).toBe('complete');
  });

  it('refuses to change or cancel a subscription it does not have (not_found)', async () => {
    await expectRefusal(driver().payments.cancelSubscriptionAtPeriodEnd('sub_doesnotexist0000'), 'not_found');
    await expectRefusal(
      driver().payments.changeSubscriptionPlan({
        subscriptionId: 'sub_doesnotexist0000',
        planType: 'PREMIUM_PLUS',
        priceCents: 999,
        productName: 'Charity Arena Premium+',
        idempotencyKey: `upgrade-${randomUUID()}`,
      }),
      'not_found',
    );
  });

  it("opens a billing portal session for a subscriber's customer, and refuses an unknown customer (not_found)", async () => {
    const { customerId } = await subscribed();
    const portal = await driver().payments.createBillingPortalSession({
      customerId,
      returnUrl: 'http://localhost:3000/profile',
    });
    expect(new URL(portal.url).protocol).toMatch(/^https?:$/);
    await expectRefusal(
      driver().payments.createBillingPortalSession({
        customerId: 'cus_doesnotexist0000',
        returnUrl: 'http://localhost:3000/profile',
      }),
      'not_found',
    );
  });

  it('answers that the billing portal is ready to open sessions (a default configuration is saved)', async () => {
    await expect(driver().payments.checkBillingPortal()).resolves.toBeUndefined();
  });

  it("creates a member's payout account (no charity), the same for the same key, onboarded through its link", async () => {
    const memberId = randomUUID();
    const given = {
      memberId,
      email: `payee.${memberId.slice(0, 8)}@example.org`,
      idempotencyKey: `payout-account-${memberId}`,
    };
    const account = await driver().payments.createMemberPayoutAccount(given);
    expect(account).toEqual({
      id: expect.stringMatching(/^acct_\w+$/),
      chargesEnabled: false,
      payoutsEnabled: false,
      detailsSubmitted: false,
      charityId: null,
    });
    expect((await driver().payments.createMemberPayoutAccount(given)).id).toBe(account.id);
    const link = await driver().payments.createAccountLink({
      accountId: account.id,
      returnUrl: 'http://localhost:3000/profile/referrals',
      refreshUrl: 'http://localhost:3000/profile/referrals',
    });
    await driver().completeOnboarding(account.id, link.url);
    expect(await driver().payments.retrieveConnectedAccount(account.id)).toMatchObject({
      id: account.id,
      payoutsEnabled: true,
      charityId: null,
    });
  });
}
