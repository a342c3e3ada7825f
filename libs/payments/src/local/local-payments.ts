import { createHash, randomBytes } from 'node:crypto';
import { PaymentsError } from '../payments.errors';
import {
  Payments,
  type AccountLinkInput,
  type BalanceTransactionPage,
  type BalanceTransactionsQuery,
  type CheckoutSession,
  type CheckoutSessionInput,
  type ConnectedAccount,
  type ConnectedAccountInput,
  type InvoicePayment,
  type LiveSubscription,
  type RefundPaymentInput,
  type MemberPayoutAccountInput,
  type SubscriptionCheckoutInput,
  type GiftSubscriptionCheckoutInput,
  type SubscriptionPlanChangeInput,
  type Transfer,
  type TransferInput,
} from '../payments.port';
import { PaymentsClock, type PaymentsClockListeners } from '../payments-clock';
import { asBillingTrx, type LocalBillingQueries } from './local-billing.queries';
import { localBillingId } from './local-billing-objects';
import { collecting, LocalSubscriptions } from './local-subscriptions';
import { LocalEventOutbox } from './local-event-outbox';
import { LocalConnectMoney, type LocalPayoutOutcome } from './local-connect-money';
import {
  LocalPaymentsQueries,
  type LocalAccountRow,
  type LocalCheckoutSessionRow,
  type LocalLinkRow,
} from './local-payments.queries';
import {
  LOCAL_CHECKOUT_SESSION_ID,
  localAccountObject,
  localCheckoutSessionId,
  localCheckoutSessionObject,
  localEvent,
  localId,
  localTransferObject,
} from './local-stripe-objects';

/** Long enough to fill the form in, short enough that a leaked link soon stops working. */
export const LOCAL_LINK_TTL_MS = 30 * 60_000;

export const LOCAL_CONNECT_PATH = '/api/payments/local/connect';
export const LOCAL_CHECKOUT_PATH = '/api/payments/local/checkout';

/** Stripe's default: a checkout session can be paid for 24 hours. */
export const LOCAL_CHECKOUT_TTL_MS = 24 * 60 * 60_000;

/** The local subscription world's "plan" of a monthly gift (issue 23): a price and product no plan shares. */
export const LOCAL_GIFT_PLAN = 'MONTHLY_GIFT';

/** Stripe's own ceiling for one USD charge (99,999,999 cents); the same bound for a transfer here. */
const MAX_AMOUNT_CENTS = 99_999_999;

/** Links carry 32 random bytes, base64url: 43 characters. Only their SHA-256 is stored. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const hashLinkToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const isWellFormedLinkToken = (token: unknown): token is string =>
  typeof token === 'string' && TOKEN_PATTERN.test(token);

const toAccount = (row: LocalAccountRow): ConnectedAccount => ({
  id: row.id,
  chargesEnabled: row.charges_enabled,
  payoutsEnabled: row.payouts_enabled,
  detailsSubmitted: row.details_submitted,
  charityId: row.charity_id,
});

const httpUrl = (value: string, name: string) => {
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.toString();
  } catch {
    // refused below
  }
  throw new PaymentsError('invalid', `${name} must be an http(s) URL`);
};

/** Checked like httpUrl but kept as given: Stripe fills `{CHECKOUT_SESSION_ID}` in, which URL would encode. */
const checkedHttpUrl = (value: string, name: string) => {
  httpUrl(value, name);
  return value;
};

function checkAmount(amountCents: number) {
  if (!Number.isSafeInteger(amountCents) || amountCents < 1 || amountCents > MAX_AMOUNT_CENTS) {
    throw new PaymentsError(
      'invalid',
      `The amount must be a whole number of cents from 1 to ${MAX_AMOUNT_CENTS}`,
    );
  }
}

const idempotencyMismatch = (key: string) =>
  new PaymentsError(
    'invalid',
    `Keys for idempotent requests can only be used with the same parameters they were first used with (${key})`,
  );

/** jsonb answers its keys in its own order: compare metadata key by key. */
const sameMetadata = (a: Record<string, string>, b: Record<string, string>) =>
  Object.keys(a).length === Object.keys(b).length &&
  Object.entries(a).every(([key, value]) => b[key] === value);

/** Stripe replaces this placeholder in a success URL with the session's id. */
const successUrlOf = (session: LocalCheckoutSessionRow) =>
  session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', session.id);

/** Where a session that can no longer be paid sends the browser: success if it was paid, cancel otherwise. */
const closedRedirect = (session: LocalCheckoutSessionRow): PageRedirect => ({
  redirectTo: session.status === 'complete' ? successUrlOf(session) : session.cancel_url,
});

export interface SubmittedOnboarding {
  representativeName: string;
  routingNumber: string;
  accountNumber: string;
}

/** What happened to a submitted or cancelled hosted form: where to send the browser next. */
export type PageRedirect = { redirectTo: string };

/** The checkout page can be shown: the session, and the one-use token its form carries. */
export interface OpenCheckout {
  session: LocalCheckoutSessionRow;
  token: string;
}

/**
 * The port in test mode, on PostgreSQL: accounts `acct_local_…`, a hosted onboarding form of its own at
 * `/api/payments/local/connect/{accountId}`, and webhooks sent exactly as Stripe sends them (see
 * LocalEventOutbox). Nothing here talks to the network except those webhooks, to our own API.
 */
export class LocalPayments extends Payments {
  readonly mode = 'local' as const;

  private readonly world: LocalSubscriptions | undefined;

  constructor(
    private readonly queries: LocalPaymentsQueries,
    private readonly outbox: LocalEventOutbox,
    private readonly publicUrl: string,
    private readonly billing: LocalBillingQueries = undefined as never,
    listeners?: PaymentsClockListeners,
  ) {
    super();
    this.world = billing ? new LocalSubscriptions(billing, queries, outbox, listeners) : undefined;
    this.connectMoney = new LocalConnectMoney(queries, outbox);
  }

  private readonly connectMoney: LocalConnectMoney;

  async createConnectedAccount(input: ConnectedAccountInput): Promise<ConnectedAccount> {
    if (!input.idempotencyKey) throw new PaymentsError('invalid', 'An idempotency key is required');
    const asked = {
      id: localId('acct'),
      idempotency_key: input.idempotencyKey,
      charity_id: input.charityId,
      ein: input.ein.replace(/\D/g, ''),
      organization_name: input.organizationName,
      email: input.email,
    };
    const row = await this.queries.insertAccount(asked);
    // As Stripe does: a key answers the same account only for the same request.
    if (
      row.charity_id !== asked.charity_id ||
      row.ein !== asked.ein ||
      row.organization_name !== asked.organization_name ||
      row.email !== asked.email
    ) {
      throw idempotencyMismatch(input.idempotencyKey);
    }
    return toAccount(row);
  }

  async createAccountLink(input: AccountLinkInput): Promise<{ url: string; expiresAt: string }> {
    const returnUrl = httpUrl(input.returnUrl, 'returnUrl');
    const refreshUrl = httpUrl(input.refreshUrl, 'refreshUrl');
    if (!(await this.queries.findAccount(input.accountId))) {
      throw new PaymentsError('not_found', `No such account: ${input.accountId}`);
    }
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + LOCAL_LINK_TTL_MS);
    await this.queries.insertLink({
      token_hash: hashLinkToken(token),
      account_id: input.accountId,
      return_url: returnUrl,
      refresh_url: refreshUrl,
      expires_at: expiresAt,
    });
    const url = new URL(`${LOCAL_CONNECT_PATH}/${encodeURIComponent(input.accountId)}`, this.publicUrl);
    url.searchParams.set('link', token);
    return { url: url.toString(), expiresAt: expiresAt.toISOString() };
  }

  async retrieveConnectedAccount(accountId: string): Promise<ConnectedAccount> {
    const row = await this.queries.findAccount(accountId);
    if (!row) throw new PaymentsError('not_found', `No such account: ${accountId}`);
    return toAccount(row);
  }

  /**
   * The link a page was opened or posted with: the account and link when it can be used, a redirect to
   * its refresh URL when it was used or expired. An unknown token, or one for another account, is a 404
   * (there is no refresh URL to send anyone to).
   */
  async openLink(
    accountId: string,
    token: unknown,
  ): Promise<{ account: LocalAccountRow; link: LocalLinkRow } | PageRedirect> {
    if (!isWellFormedLinkToken(token))
      throw new PaymentsError('invalid', 'This onboarding link is not valid');
    const link = await this.queries.findLink(hashLinkToken(token));
    if (!link || link.account_id !== accountId) {
      throw new PaymentsError('not_found', 'This onboarding link is not valid');
    }
    if (link.used_at || link.expires_at.getTime() <= Date.now()) return { redirectTo: link.refresh_url };
    const account = await this.queries.findAccount(accountId);
    if (!account) throw new PaymentsError('not_found', 'This onboarding link is not valid');
    return { account, link };
  }

  /**
   * Uses the link once: marks the account onboarded and records its `account.updated` event in one
   * transaction, then queues the event's delivery. A link already used (a double submit) or expired
   * meanwhile goes to its refresh URL, and nothing changes.
   */
  async completeOnboarding(
    accountId: string,
    token: string,
    details: SubmittedOnboarding,
  ): Promise<PageRedirect> {
    const tokenHash = hashLinkToken(token);
    const outcome = await this.queries.transaction(async (trx) => {
      const link = await this.queries.useLink(trx, tokenHash, accountId);
      if (!link) return undefined;
      const account = await this.queries.submitDetails(trx, accountId, {
        representativeName: details.representativeName,
        routingNumber: details.routingNumber,
        accountLast4: details.accountNumber.slice(-4),
      });
      const event = localEvent('account.updated', localAccountObject(account), new Date(), account.id);
      await this.queries.insertEvent(trx, { id: event.id, type: event.type, payload: event });
      return { redirectTo: link.return_url, eventId: event.id };
    });
    if (!outcome) return this.refreshOf(tokenHash);
    await this.outbox.queueDelivery(outcome.eventId);
    return { redirectTo: outcome.redirectTo };
  }

  /** Cancel: the link is spent and the browser goes back to the refresh URL, as Stripe's own page does. */
  async cancelOnboarding(accountId: string, token: string): Promise<PageRedirect> {
    const tokenHash = hashLinkToken(token);
    await this.queries.transaction((trx) => this.queries.useLink(trx, tokenHash, accountId));
    return this.refreshOf(tokenHash);
  }

  private async refreshOf(tokenHash: string): Promise<PageRedirect> {
    const link = await this.queries.findLink(tokenHash);
    if (!link) throw new PaymentsError('not_found', 'This onboarding link is not valid');
    return { redirectTo: link.refresh_url };
  }

  createCheckoutSession(input: CheckoutSessionInput): Promise<CheckoutSession> {
    return this.storeCheckout(input, null);
  }

  /**
   * The checkout page opened: an open session gets a new one-use form token (only its hash is kept); one
   * already paid goes to its success URL, one expired or cancelled to its cancel URL. Unknown ids are a 404.
   */
  async openCheckout(sessionId: string): Promise<OpenCheckout | PageRedirect> {
    const session = await this.checkoutSession(sessionId);
    if (session.status !== 'open') return closedRedirect(session);
    const token = randomBytes(32).toString('base64url');
    await this.queries.insertCheckoutToken({ token_hash: hashLinkToken(token), session_id: session.id });
    return { session, token };
  }

  /**
   * The session a form was posted for, if its token is this session's: the session while it is open and
   * the token unspent, a redirect once it is closed. A missing or malformed token is refused (as a
   * cross-site post would send it), another session's token is a 404.
   */
  async checkCheckoutForm(
    sessionId: string,
    token: unknown,
  ): Promise<LocalCheckoutSessionRow | PageRedirect> {
    const session = await this.checkoutSession(sessionId);
    if (!isWellFormedLinkToken(token)) throw new PaymentsError('invalid', 'This checkout form is not valid');
    const stored = await this.queries.findCheckoutToken(hashLinkToken(token));
    if (!stored || stored.session_id !== session.id) {
      throw new PaymentsError('not_found', 'This checkout form is not valid');
    }
    if (session.status !== 'open' || stored.used_at) return closedRedirect(session);
    return session;
  }

  /**
   * Pays the session once: spends the form's token, completes the session, records the charge and its
   * `checkout.session.completed` event in one transaction, then queues the event's delivery. Any other
   * payer (a double submit, another tab, a session expired meanwhile) changes nothing and is redirected.
   */
  async completeCheckout(
    sessionId: string,
    token: string,
    paidEmail: string,
    method: 'card' | 'bank' = 'card',
  ): Promise<PageRedirect> {
    const paid = await this.queries.transaction(async (trx) => {
      if (!(await this.queries.useCheckoutToken(trx, hashLinkToken(token), sessionId))) return undefined;
      const session = await this.queries.closeCheckoutSession(trx, sessionId, {
        status: 'complete',
        paidEmail,
      });
      if (!session) return undefined;
      if (session.mode === 'subscription') return this.startSubscription(trx, session, paidEmail);
      // The gift's charge, as Stripe makes it for a Checkout payment: a guest's (no customer), on the
      // session's payment intent, with the payment intent's metadata (the session's, given as
      // payment_intent_data.metadata); its balance transaction's source is the charge.
      const chargeId = localBillingId('ch');
      await trx
        .insertInto('payment_local_charges' as never)
        .values({
          id: chargeId,
          invoice_id: null,
          customer_id: null,
          payment_intent_id: session.payment_intent_id,
          amount_cents: session.amount_cents,
          amount_refunded_cents: 0,
          metadata: JSON.stringify(session.metadata),
          created_at: session.completed_at ?? new Date(),
        } as never)
        .execute();
      await this.queries.insertBalanceTransaction(trx, {
        id: localId('txn'),
        type: 'charge',
        amount_cents: session.amount_cents,
        source_id: chargeId,
      });
      if (method === 'bank') {
        // A bank debit (ACH) as Stripe reports one: the session completes unpaid, and the payment succeeds
        // asynchronously. The local bank settles at once, so both events are written now, in that order
        // (the second stamped a second later); the charge above is the settled debit's.
        const completed = localEvent(
          'checkout.session.completed',
          localCheckoutSessionObject(session, 'unpaid'),
        );
        const settled = localEvent(
          'checkout.session.async_payment_succeeded',
          localCheckoutSessionObject(session, 'paid'),
          new Date(Date.now() + 1000),
        );
        for (const one of [completed, settled]) {
          await this.queries.insertEvent(trx, { id: one.id, type: one.type, payload: one });
        }
        return { session, eventIds: [completed.id, settled.id] };
      }
      const event = localEvent('checkout.session.completed', localCheckoutSessionObject(session));
      await this.queries.insertEvent(trx, { id: event.id, type: event.type, payload: event });
      return { session, eventIds: [event.id] };
    });
    if (!paid) return closedRedirect(await this.checkoutSession(sessionId));
    for (const eventId of paid.eventIds) await this.outbox.queueDelivery(eventId);
    return { redirectTo: successUrlOf(paid.session) };
  }

  /**
   * A paid subscription-mode session, in its checkout's transaction: the customer, subscription, first
   * invoice and charge, then `checkout.session.completed` naming the subscription and customer.
   */
  private async startSubscription(
    trx: object,
    session: LocalCheckoutSessionRow,
    paidEmail: string,
  ): Promise<{ session: LocalCheckoutSessionRow; eventIds: string[] }> {
    const eventIds: string[] = [];
    collecting.set(trx, eventIds);
    try {
      const started = await this.subscriptions.startFromCheckout(asBillingTrx(trx), session, paidEmail);
      const completed = {
        ...session,
        customer_id: started.customerId,
        subscription_id: started.subscriptionId,
      };
      const event = localEvent(
        'checkout.session.completed',
        localCheckoutSessionObject(completed),
        started.at,
      );
      await this.queries.insertEvent(trx as never, { id: event.id, type: event.type, payload: event });
      eventIds.push(event.id);
      return { session: completed, eventIds };
    } finally {
      collecting.delete(trx);
    }
  }

  /** Cancel: the form's token is spent, the session closed unpaid, and the browser goes to the cancel URL. */
  async cancelCheckout(sessionId: string, token: string): Promise<PageRedirect> {
    await this.queries.transaction(async (trx) => {
      if (await this.queries.useCheckoutToken(trx, hashLinkToken(token), sessionId)) {
        await this.queries.closeCheckoutSession(trx, sessionId, { status: 'cancelled' });
      }
    });
    return closedRedirect(await this.checkoutSession(sessionId));
  }

  private async checkoutSession(sessionId: string): Promise<LocalCheckoutSessionRow> {
    if (!LOCAL_CHECKOUT_SESSION_ID.test(sessionId)) {
      throw new PaymentsError('not_found', 'No such checkout session');
    }
    const expired = await this.queries.transaction(async (trx) => {
      const row = await this.queries.expireCheckoutSessionIfDue(sessionId, trx);
      if (!row) return undefined;
      const event = localEvent('checkout.session.expired', localCheckoutSessionObject(row));
      await this.queries.insertEvent(trx, { id: event.id, type: event.type, payload: event });
      return event.id;
    });
    if (expired) await this.outbox.queueDelivery(expired);
    const session = await this.queries.findCheckoutSession(sessionId);
    if (!session) throw new PaymentsError('not_found', 'No such checkout session');
    return session;
  }

  /**
   * Expires every open session past its 24 hours, as Stripe does on its own: `checkout.session.expired`
   * for each (a session is expired once, whoever notices first). Answers how many expired.
   */
  async expireDueCheckoutSessions(): Promise<number> {
    const eventIds = await this.queries.transaction(async (trx) => {
      const ids: string[] = [];
      for (const row of await this.queries.expireDueCheckoutSessions(trx)) {
        const event = localEvent('checkout.session.expired', localCheckoutSessionObject(row));
        await this.queries.insertEvent(trx, { id: event.id, type: event.type, payload: event });
        ids.push(event.id);
      }
      return ids;
    });
    for (const eventId of eventIds) await this.outbox.queueDelivery(eventId);
    return eventIds.length;
  }

  /**
   * Records the transfer, its balance transactions (the platform's `transfer`, −, and the destination's
   * `payment`, +, whose source is the `py_local_…` charge the transfer made there) and `transfer.created` in one
   * transaction, once per idempotency key (a concurrent caller with the same key waits on the key's row and then
   * answers the same transfer). As with Stripe, a transfer is final when created: no `transfer.paid` follows; the
   * money reaches the charity's bank with a payout (runPayouts). An account whose `transfers` capability is not
   * active is refused at creation, with Stripe's message (`invalid`). `metadata.idempotencyKey` is the key (see
   * findTransfer).
   */
  async createTransfer(input: TransferInput): Promise<Transfer> {
    if (!input.idempotencyKey) throw new PaymentsError('invalid', 'An idempotency key is required');
    checkAmount(input.amountCents);
    const account = /^acct_local_[0-9a-f]{24}$/.test(input.destinationAccountId)
      ? await this.queries.findAccount(input.destinationAccountId)
      : undefined;
    if (!account)
      throw new PaymentsError('not_found', `No such destination: '${input.destinationAccountId}'`);
    const metadata = { ...input.metadata, idempotencyKey: input.idempotencyKey };
    const sourceTransaction = input.sourceTransaction ?? null;
    const existing = await this.queries.findTransferByKey(input.idempotencyKey);
    // Stripe replays a key's first answer, whatever the account has become since.
    if (!existing) LocalConnectMoney.checkDestination(account);
    const created = existing
      ? undefined
      : await this.queries.transaction(async (trx) => {
          const pyId = localId('py');
          const row = await this.queries.insertTransfer(trx, {
            id: localId('tr'),
            idempotency_key: input.idempotencyKey,
            amount_cents: input.amountCents,
            destination_account_id: account.id,
            transfer_group: input.transferGroup,
            metadata,
            source_transaction: sourceTransaction,
            destination_payment: pyId,
          });
          if (!row) return undefined;
          await this.queries.insertBalanceTransaction(trx, {
            id: localId('txn'),
            type: 'transfer',
            amount_cents: -row.amount_cents,
            source_id: row.id,
          });
          await this.connectMoney.land(trx, row, pyId);
          const event = localEvent('transfer.created', localTransferObject(row));
          await this.queries.insertEvent(trx, { id: event.id, type: event.type, payload: event });
          return { row, eventIds: [event.id] };
        });
    for (const eventId of created?.eventIds ?? []) await this.outbox.queueDelivery(eventId);
    const row = created?.row ?? existing ?? (await this.queries.findTransferByKey(input.idempotencyKey));
    if (
      !row ||
      row.amount_cents !== input.amountCents ||
      row.destination_account_id !== input.destinationAccountId ||
      row.transfer_group !== input.transferGroup ||
      row.source_transaction !== sourceTransaction ||
      !sameMetadata(row.metadata, metadata)
    ) {
      throw idempotencyMismatch(input.idempotencyKey);
    }
    return { id: row.id, amountCents: row.amount_cents, destinationAccountId: row.destination_account_id };
  }

  transfersCarriedByPayout(input: { accountId: string; payoutId: string }): Promise<string[]> {
    return this.connectMoney.transfersCarriedByPayout(input);
  }

  findTransfer(input: { transferGroup: string; idempotencyKey: string }): Promise<Transfer | null> {
    return this.connectMoney.findTransfer(input);
  }

  /** An operator's (or a test's) reversal of a transfer, whole or `amountCents` of it: `transfer.reversed`. */
  reverseTransfer(
    transferId: string,
    amountCents?: number,
  ): Promise<{ reversalId: string; amountCents: number }> {
    return this.connectMoney.reverseTransfer(transferId, amountCents);
  }

  /** A connected account's new bank account (operators, tests, the demo seed): see LocalConnectMoney. */
  changeBankAccount(accountId: string, accountNumber: string): Promise<void> {
    return this.connectMoney.changeBankAccount(accountId, accountNumber);
  }

  /** Stripe's automatic payouts of every connected account's balance, now: see LocalConnectMoney.runPayouts. */
  runPayouts(): Promise<LocalPayoutOutcome[]> {
    return this.connectMoney.runPayouts();
  }

  async listBalanceTransactions(input: BalanceTransactionsQuery): Promise<BalanceTransactionPage> {
    const limit = Math.min(Math.max(Math.trunc(input.limit) || 1, 1), 100);
    const rows = await this.queries.listBalanceTransactions({ ...input, limit: limit + 1 });
    return {
      hasMore: rows.length > limit,
      data: rows.slice(0, limit).map((row) => ({
        id: row.id,
        type: row.type,
        amountCents: row.amount_cents,
        sourceId: row.source_id,
        paymentIntentId: row.payment_intent_id,
        created: row.created_at,
      })),
    };
  }

  /**
   * A checkout session in subscription mode (issue 13): the plan's monthly price, the product's name and
   * metadata (memberId and planType on the session and, once paid, on the subscription). Paying it starts
   * the subscription (see LocalSubscriptions.startFromCheckout). The same key answers the same session.
   */
  async createSubscriptionCheckout(input: SubscriptionCheckoutInput): Promise<CheckoutSession> {
    if (!input.idempotencyKey) throw new PaymentsError('invalid', 'An idempotency key is required');
    checkAmount(input.priceCents);
    if (input.customerId && !(await this.billing.findCustomer(input.customerId))) {
      throw new PaymentsError('not_found', `No such customer: '${input.customerId}'`);
    }
    const metadata = { ...input.metadata, memberId: input.memberId, planType: input.planType };
    const asked = {
      amount_cents: input.priceCents,
      email: input.email,
      description: input.productName,
      metadata,
      success_url: checkedHttpUrl(input.successUrl, 'successUrl'),
      cancel_url: checkedHttpUrl(input.cancelUrl, 'cancelUrl'),
      mode: 'subscription' as const,
      plan_type: input.planType,
      customer_id: input.customerId,
    };
    const row = await this.queries.insertCheckoutSession({
      ...asked,
      id: localCheckoutSessionId(),
      idempotency_key: input.idempotencyKey,
      payment_intent_id: localId('pi'),
      expires_at: new Date(Date.now() + LOCAL_CHECKOUT_TTL_MS),
    });
    if (
      row.mode !== 'subscription' ||
      row.amount_cents !== asked.amount_cents ||
      row.plan_type !== asked.plan_type ||
      row.description !== asked.description ||
      row.success_url !== asked.success_url ||
      row.cancel_url !== asked.cancel_url ||
      !sameMetadata(row.metadata, asked.metadata)
    ) {
      throw idempotencyMismatch(input.idempotencyKey);
    }
    return { id: row.id, url: new URL(`${LOCAL_CHECKOUT_PATH}/${row.id}`, this.publicUrl).toString() };
  }

  /**
   * A monthly gift's checkout (issue 23): subscription mode like a plan's, but its local "plan" is
   * LOCAL_GIFT_PLAN, which no Premium plan matches (the price's metadata says it), and the metadata is the
   * caller's alone. Paying it starts a subscription billed every month on the test clock.
   */
  createGiftSubscriptionCheckout(input: GiftSubscriptionCheckoutInput): Promise<CheckoutSession> {
    return this.storeCheckout(input, LOCAL_GIFT_PLAN);
  }

  /**
   * A one-off payment's checkout (`plan` null) or a monthly gift's (subscription mode under `plan`), stored
   * once per idempotency key: a repeat with other parameters is refused, as Stripe refuses it.
   */
  private async storeCheckout(input: CheckoutSessionInput, plan: string | null): Promise<CheckoutSession> {
    if (!input.idempotencyKey) throw new PaymentsError('invalid', 'An idempotency key is required');
    checkAmount(input.amountCents);
    const asked = {
      amount_cents: input.amountCents,
      email: input.email,
      description: input.description,
      metadata: input.metadata,
      success_url: checkedHttpUrl(input.successUrl, 'successUrl'),
      cancel_url: checkedHttpUrl(input.cancelUrl, 'cancelUrl'),
      ...(plan === null ? {} : { mode: 'subscription' as const, plan_type: plan, customer_id: null }),
    };
    const row = await this.queries.insertCheckoutSession({
      ...asked,
      id: localCheckoutSessionId(),
      idempotency_key: input.idempotencyKey,
      payment_intent_id: localId('pi'),
      expires_at: new Date(Date.now() + LOCAL_CHECKOUT_TTL_MS),
    });
    if (
      (plan !== null && (row.mode !== 'subscription' || row.plan_type !== plan)) ||
      row.amount_cents !== asked.amount_cents ||
      row.email !== asked.email ||
      row.description !== asked.description ||
      row.success_url !== asked.success_url ||
      row.cancel_url !== asked.cancel_url ||
      !sameMetadata(row.metadata, asked.metadata)
    ) {
      throw idempotencyMismatch(input.idempotencyKey);
    }
    return { id: row.id, url: new URL(`${LOCAL_CHECKOUT_PATH}/${row.id}`, this.publicUrl).toString() };
  }

  changeSubscriptionPlan(input: SubscriptionPlanChangeInput): Promise<void> {
    return this.subscriptions.changePlan(input);
  }

  cancelSubscriptionAtPeriodEnd(subscriptionId: string): Promise<void> {
    return this.subscriptions.setCancelAtPeriodEnd(subscriptionId, true);
  }

  cancelSubscriptionNow(input: {
    subscriptionId: string;
    idempotencyKey: string;
  }): Promise<{ endedAt: Date; alreadyCanceled: boolean }> {
    return this.subscriptions.cancelNow(input.subscriptionId);
  }

  refundPayment(input: RefundPaymentInput): Promise<number> {
    return this.subscriptions.refundRest(input.paymentId);
  }

  /** An open session expires now (`checkout.session.expired`); a paid one answers 'complete'. */
  async expireCheckoutSession(sessionId: string): Promise<'expired' | 'complete'> {
    const expired = await this.queries.transaction(async (trx) => {
      const row = await this.queries.expireOpenCheckoutSession(sessionId, trx);
      if (!row) return undefined;
      const event = localEvent('checkout.session.expired', localCheckoutSessionObject(row));
      await this.queries.insertEvent(trx, { id: event.id, type: event.type, payload: event });
      return event.id;
    });
    if (expired) {
      await this.outbox.queueDelivery(expired);
      return 'expired';
    }
    const session = await this.queries.findCheckoutSession(sessionId);
    if (!session) throw new PaymentsError('not_found', `No such checkout session: '${sessionId}'`);
    return session.status === 'complete' ? 'complete' : 'expired';
  }

  async listLiveSubscriptions(input: {
    startingAfter?: string;
    limit: number;
  }): Promise<{ data: LiveSubscription[]; hasMore: boolean }> {
    const page = await this.subscriptions.listLive(input);
    return {
      data: page.data.map((row) => ({
        subscriptionId: row.id,
        customerId: row.customer_id,
        memberId: row.metadata.memberId ?? null,
        status: row.status,
      })),
      hasMore: page.hasMore,
    };
  }

  createBillingPortalSession(input: { customerId: string; returnUrl: string }): Promise<{ url: string }> {
    return this.subscriptions.createPortalSession(
      input.customerId,
      httpUrl(input.returnUrl, 'returnUrl'),
      this.publicUrl,
    );
  }

  /** The local portal (local-portal.page.ts) needs no configuration: always ready. */
  async checkBillingPortal(): Promise<void> {}

  /** A member's Express account for referral payouts, onboarded through createAccountLink like a charity's. */
  async createMemberPayoutAccount(input: MemberPayoutAccountInput): Promise<ConnectedAccount> {
    if (!input.idempotencyKey) throw new PaymentsError('invalid', 'An idempotency key is required');
    const row = await this.queries.insertAccount({
      id: localId('acct'),
      idempotency_key: input.idempotencyKey,
      charity_id: null,
      member_id: input.memberId,
      ein: '',
      organization_name: 'Referral payouts',
      email: input.email,
    });
    if (row.member_id !== input.memberId || row.email !== input.email) {
      throw idempotencyMismatch(input.idempotencyKey);
    }
    return toAccount(row);
  }

  /** The subscription world: its portal and test clock (for the local pages, the dev route and the CLI). */
  get subscriptions(): LocalSubscriptions {
    if (!this.world) {
      throw new PaymentsError('unavailable', 'The local subscription world is not configured');
    }
    return this.world;
  }

  /**
   * The test clock: see LocalSubscriptions.advanceClock. Then the connected accounts' payouts run (Stripe pays
   * balances out as time passes), also when a listener failed.
   */
  async advanceClock(by: { days?: number; months?: number }): Promise<{ from: Date; to: Date }> {
    try {
      return await this.subscriptions.advanceClock(by);
    } finally {
      await this.runPayouts();
    }
  }

  /** The test clock started `days` ago (no subscription yet): see LocalSubscriptions.startClockDaysAgo. */
  startClockDaysAgo(days: number): Promise<Date> {
    return this.subscriptions.startClockDaysAgo(days);
  }

  /**
   * An operator's (or a test's) refund of a charge (a gift's or a subscription's), in full or `amountCents`
   * of it: `charge.refunded`.
   */
  refundCharge(chargeId: string, amountCents?: number): Promise<{ refundId: string; amountCents: number }> {
    return this.subscriptions.refundCharge(chargeId, amountCents);
  }

  /** A cardholder's dispute of a charge (local only): `charge.dispute.created`, the amount withdrawn. */
  createDispute(chargeId: string): Promise<{ disputeId: string; amountCents: number }> {
    return this.subscriptions.createDispute(chargeId);
  }

  /** The dispute decided (local only): `charge.dispute.closed`; won reinstates the amount. */
  closeDispute(disputeId: string, outcome: 'won' | 'lost'): Promise<void> {
    return this.subscriptions.closeDispute(disputeId, outcome);
  }

  /** The charge a checkout session's payment made, as Stripe's PaymentIntent names it (`latest_charge`). */
  async latestChargeOf(paymentIntentId: string): Promise<string | null> {
    return (await this.queries.chargeOfPaymentIntent(paymentIntentId)) ?? null;
  }

  listInvoicePayments(invoiceId: string): Promise<InvoicePayment[]> {
    return this.subscriptions.listInvoicePayments(invoiceId);
  }
}

/** The local payment world's time: the wall clock plus the test clock's offset, kept in PostgreSQL. */
export class LocalPaymentsClock extends PaymentsClock {
  constructor(private readonly billing: LocalBillingQueries) {
    super();
  }

  async now(): Promise<Date> {
    return new Date(Date.now() + (await this.billing.clockOffsetMs()));
  }
}
