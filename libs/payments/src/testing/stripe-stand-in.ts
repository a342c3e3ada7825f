import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
  /** The form-encoded body, keys as Stripe's API writes them (`company[tax_id]`). */
  form: Record<string, string>;
  /** A GET's query string, written the same way (`created[gte]`). */
  query: Record<string, string>;
  /** The `Stripe-Account` header: a call made on a connected account's behalf. */
  stripeAccount?: string | undefined;
}

/** A balance transaction on a connected account (issue 20), its source kept as the object Stripe expands. */
interface StoredAccountTransaction {
  id: string;
  object: 'balance_transaction';
  amount: number;
  currency: 'usd';
  created: number;
  type: 'payment' | 'payment_refund' | 'payout' | 'payout_failure';
  source: { id: string; object: string; [key: string]: unknown };
  payout: string | null;
}

interface StoredBalanceTransaction {
  id: string;
  object: 'balance_transaction';
  amount: number;
  currency: 'usd';
  created: number;
  source: string;
  type: string;
}

interface StoredAccount {
  [key: string]: unknown;
  id: string;
}

/**
 * A local HTTP server standing in for Stripe's REST API, for the StripePayments tests: the few v1 calls
 * the driver makes, answered in the shapes Stripe answers them (trimmed to the fields that matter),
 * with Stripe's idempotent replay and its error bodies. `failures` makes the next calls fail.
 */
export class StripeStandIn {
  readonly requests: RecordedRequest[] = [];
  private readonly accounts = new Map<string, StoredAccount>();
  private readonly sessions = new Map<string, StoredAccount>();
  private readonly customers = new Map<string, StoredAccount>();
  readonly subscriptions = new Map<string, StoredAccount>();
  /** Newest first, as Stripe lists them. */
  private readonly balanceTransactions: StoredBalanceTransaction[] = [];
  /** Transfers made, newest first. */
  private readonly transfers: StoredAccount[] = [];
  /** Each connected account's balance transactions (issue 20), newest first. */
  private readonly accountTransactions = new Map<string, StoredAccountTransaction[]>();
  /** The charges made (a paid session's, an invoice's), for `expand[]=data.source`. */
  private readonly charges = new Map<string, { id: string; object: 'charge'; payment_intent: string }>();
  /** A paid session's charge's amount, and the charges refunded in full through `POST /v1/refunds`. */
  private readonly chargeAmounts = new Map<string, number>();
  private readonly refundedInFull = new Set<string>();
  /** Invoices' payments (issue 20), as `GET /v1/invoice_payments?invoice=…` lists them. */
  private readonly invoicePayments = new Map<string, Array<Record<string, unknown>>>();
  private readonly replies = new Map<string, { status: number; body: unknown; form: string }>();
  /** Refunds and disputes (issue 20) as `expand[]=data.source` shows them on a balance transaction. */
  private readonly expandable = new Map<string, Record<string, unknown>>();
  /** Connected accounts' payouts (issue 20), as Stripe's Payout object (trimmed), by id. */
  private readonly payouts = new Map<string, Record<string, unknown>>();
  private server?: Server;
  /** Whether a default, active billing portal configuration is saved (Stripe's Dashboard "Save"). */
  billingPortalConfigured = true;
  /** Answered, in order, to the next calls instead of their real answer. */
  readonly failures: Array<{ status: number; error: Record<string, unknown> }> = [];

  async start(): Promise<{ host: string; port: number; protocol: 'http' }> {
    this.server = createServer((request, response) => {
      void this.answer(request, response);
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return { host: '127.0.0.1', port: (this.server.address() as AddressInfo).port, protocol: 'http' };
  }

  async stop(): Promise<void> {
    await new Promise((resolve) => this.server?.close(resolve));
  }

  /** What Stripe's hosted onboarding does when the representative finishes it. */
  completeOnboarding(accountId: string): void {
    const account = this.accounts.get(accountId);
    if (!account) throw new Error(`no account ${accountId}`);
    Object.assign(account, {
      charges_enabled: true,
      payouts_enabled: true,
      details_submitted: true,
      capabilities: { transfers: 'active' },
      requirements: {
        ...(account.requirements as object),
        currently_due: [],
        eventually_due: [],
        disabled_reason: null,
      },
    });
  }

  /**
   * What Stripe's automatic payout does on a connected account (issue 20): everything not yet paid out goes in
   * one payout; a failed one's funds come back as a `payout_failure`, for a later payout to carry.
   */
  payOut(accountId: string, outcome: 'paid' | 'failed' = 'paid', failureCode = 'no_account'): string {
    const now = Math.floor(Date.now() / 1000);
    const entries = this.accountTransactions.get(accountId) ?? [];
    const unswept = entries.filter((entry) => entry.payout === null);
    const amount = unswept.reduce((sum, entry) => sum + entry.amount, 0);
    const payout = {
      id: `po_${randomBytes(12).toString('hex')}`,
      object: 'payout',
      amount,
      status: outcome,
      failure_code: outcome === 'failed' ? failureCode : null,
    };
    this.payouts.set(payout.id, payout);
    for (const entry of unswept) entry.payout = payout.id;
    const txn = (type: StoredAccountTransaction['type'], signed: number, swept: string | null) => ({
      id: `txn_${randomBytes(12).toString('hex')}`,
      object: 'balance_transaction' as const,
      amount: signed,
      currency: 'usd' as const,
      created: now,
      type,
      source: payout,
      payout: swept,
    });
    entries.unshift(txn('payout', -amount, payout.id));
    if (outcome === 'failed') entries.unshift(txn('payout_failure', amount, null));
    this.accountTransactions.set(accountId, entries);
    return payout.id;
  }

  /** What Stripe does when a payer pays a Checkout Session: the session completes, its charge is on the balance. */
  payCheckout(sessionId: string): void {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`no checkout session ${sessionId}`);
    const paymentIntent = `pi_${randomBytes(12).toString('hex')}`;
    const charge = `ch_${randomBytes(12).toString('hex')}`;
    this.charges.set(charge, { id: charge, object: 'charge', payment_intent: paymentIntent });
    this.chargeAmounts.set(charge, Number(session.amount_total));
    Object.assign(session, {
      status: 'complete',
      payment_status: 'paid',
      payment_intent: session.mode === 'subscription' ? null : paymentIntent,
    });
    if (session.mode === 'subscription') {
      this.startSubscription(session);
      const invoice = `in_${randomBytes(12).toString('hex')}`;
      Object.assign(session, { invoice });
      this.invoicePayments.set(invoice, [
        {
          id: `inpay_${randomBytes(12).toString('hex')}`,
          object: 'invoice_payment',
          invoice,
          amount_paid: session.amount_total,
          currency: 'usd',
          is_default: true,
          status: 'paid',
          payment: { type: 'payment_intent', payment_intent: paymentIntent },
        },
      ]);
    }
    this.recordBalanceTransaction('charge', session.amount_total as number, charge);
  }

  /** A Checkout Session as Stripe holds it (metadata, amount_total, payment_intent once paid). */
  checkoutSession(sessionId: string): Readonly<Record<string, unknown>> {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`no checkout session ${sessionId}`);
    return structuredClone(session);
  }

  /** The charge that paid a payment intent (`PaymentIntent.latest_charge`). */
  chargeOf(paymentIntentId: string): string {
    const charge = [...this.charges.values()].find((one) => one.payment_intent === paymentIntentId);
    if (!charge) throw new Error(`no charge for ${paymentIntentId}`);
    return charge.id;
  }

  /** A payout made by `payOut`, as Stripe's Payout object (`amount`, `status`, `failure_code`). */
  payoutOf(payoutId: string): Readonly<Record<string, unknown>> {
    const payout = this.payouts.get(payoutId);
    if (!payout) throw new Error(`no payout ${payoutId}`);
    return structuredClone(payout);
  }

  /** A transfer as Stripe answers it now (`amount_reversed`, `reversals`, `reversed`). */
  transferOf(transferId: string): Readonly<Record<string, unknown>> {
    const transfer = this.transfers.find((one) => one.id === transferId);
    if (!transfer) throw new Error(`no transfer ${transferId}`);
    return structuredClone(transfer);
  }

  /**
   * What a transfer reversal does (`POST /v1/transfers/{id}/reversals`; the rest of the transfer when no
   * amount): a `trr_` reversal first in `reversals.data`, `amount_reversed` grown, `reversed` once all of it
   * came back, the platform's `transfer_reversal` balance transaction. Answers the transfer as it is now.
   */
  reverseTransfer(transferId: string, amountCents?: number): Readonly<Record<string, unknown>> {
    const transfer = this.transfers.find((one) => one.id === transferId);
    if (!transfer) throw new Error(`no transfer ${transferId}`);
    const left = (transfer.amount as number) - (transfer.amount_reversed as number);
    const amount = amountCents ?? left;
    if (!Number.isInteger(amount) || amount <= 0 || amount > left)
      throw new Error(`cannot reverse ${amount}`);
    const id = `trr_${randomBytes(12).toString('hex')}`;
    const reversals = transfer.reversals as { data: Array<Record<string, unknown>> };
    reversals.data.unshift({
      id,
      object: 'transfer_reversal',
      amount,
      currency: 'usd',
      created: Math.floor(Date.now() / 1000),
      metadata: {},
      transfer: transferId,
    });
    transfer.amount_reversed = (transfer.amount_reversed as number) + amount;
    transfer.reversed = transfer.amount_reversed === transfer.amount;
    this.recordBalanceTransaction('transfer_reversal', amount, id);
    // The connected account gives it back: a `payment_refund` of the transfer's `py_` payment, swept with the rest.
    const account = transfer.destination as string;
    this.accountTransactions.set(account, [
      {
        id: `txn_${randomBytes(12).toString('hex')}`,
        object: 'balance_transaction',
        amount: -amount,
        currency: 'usd',
        created: Math.floor(Date.now() / 1000),
        type: 'payment_refund',
        source: {
          id: `pyr_${randomBytes(12).toString('hex')}`,
          object: 'refund',
          amount,
          charge: transfer.destination_payment,
        },
        payout: null,
      },
      ...(this.accountTransactions.get(account) ?? []),
    ]);
    return structuredClone(transfer);
  }

  /**
   * What a refund of a charge does on the platform's balance (`POST /v1/refunds`): a `refund` balance
   * transaction of −amount, its source the `re_` refund (naming the charge's payment intent). Answers the id.
   */
  refundCharge(chargeId: string, amountCents: number): string {
    const charge = this.charges.get(chargeId);
    if (!charge) throw new Error(`no charge ${chargeId}`);
    const id = `re_${randomBytes(12).toString('hex')}`;
    this.expandable.set(id, {
      id,
      object: 'refund',
      amount: amountCents,
      charge: chargeId,
      payment_intent: charge.payment_intent,
    });
    this.recordBalanceTransaction('refund', -amountCents, id);
    return id;
  }

  /**
   * A dispute of a charge: Stripe withdraws the amount (an `adjustment` of −amount, its source the `du_`
   * dispute); closed won, it is reinstated (+amount). Answers the dispute's id.
   */
  disputeCharge(chargeId: string, amountCents: number): string {
    const charge = this.charges.get(chargeId);
    if (!charge) throw new Error(`no charge ${chargeId}`);
    const id = `du_${randomBytes(12).toString('hex')}`;
    this.expandable.set(id, {
      id,
      object: 'dispute',
      amount: amountCents,
      charge: chargeId,
      payment_intent: charge.payment_intent,
    });
    this.recordBalanceTransaction('adjustment', -amountCents, id);
    return id;
  }

  closeDispute(disputeId: string, outcome: 'won' | 'lost'): void {
    const dispute = this.expandable.get(disputeId);
    if (!dispute) throw new Error(`no dispute ${disputeId}`);
    dispute.status = outcome;
    if (outcome === 'won') this.recordBalanceTransaction('adjustment', dispute.amount as number, disputeId);
  }

  /** The first invoice a paid subscription-mode session made. */
  invoiceOf(sessionId: string): string {
    const invoice = this.sessions.get(sessionId)?.invoice;
    if (typeof invoice !== 'string') throw new Error(`no invoice for ${sessionId}`);
    return invoice;
  }

  subscriptionOf(sessionId: string): { subscriptionId: string; customerId: string } {
    const session = this.sessions.get(sessionId);
    if (!session?.subscription) throw new Error(`no subscription for ${sessionId}`);
    return { subscriptionId: session.subscription as string, customerId: session.customer as string };
  }

  /** A paid subscription-mode session: its customer (unless it named one) and the subscription it starts. */
  private startSubscription(session: StoredAccount) {
    const now = Math.floor(Date.now() / 1000);
    const customer = (session.customer as string | null) ?? `cus_${randomBytes(7).toString('hex')}`;
    if (!this.customers.has(customer)) {
      this.customers.set(customer, { id: customer, object: 'customer', email: session.customer_email });
    }
    const id = `sub_${randomBytes(12).toString('hex')}`;
    const line = session.line_items_form as Record<string, string>;
    this.subscriptions.set(id, {
      id,
      object: 'subscription',
      customer,
      status: 'active',
      cancel_at_period_end: false,
      metadata: session.subscription_metadata,
      created: now,
      items: {
        object: 'list',
        data: [
          {
            id: `si_${randomBytes(7).toString('hex')}`,
            object: 'subscription_item',
            quantity: 1,
            current_period_start: now,
            current_period_end: now + 30 * 86_400,
            price: {
              id: `price_${randomBytes(7).toString('hex')}`,
              object: 'price',
              currency: 'usd',
              unit_amount: Number(line['line_items[0][price_data][unit_amount]']),
              recurring: { interval: line['line_items[0][price_data][recurring][interval]'] },
              product: `prod_${randomBytes(7).toString('hex')}`,
            },
          },
        ],
      },
    });
    Object.assign(session, { customer, subscription: id });
  }

  private updateSubscription(id: string, form: Record<string, string>): { status: number; body: unknown } {
    const subscription = this.subscriptions.get(id);
    if (!subscription) return missing('subscription', id);
    if (form.cancel_at_period_end) subscription.cancel_at_period_end = form.cancel_at_period_end === 'true';
    const item = (subscription.items as { data: Array<Record<string, unknown>> }).data[0]!;
    if (form['items[0][id]'] !== undefined) {
      if (form['items[0][id]'] !== item.id) return missing('subscription_item', form['items[0][id]']);
      const price = item.price as Record<string, unknown>;
      item.price = {
        ...price,
        id: `price_${randomBytes(7).toString('hex')}`,
        unit_amount: Number(form['items[0][price_data][unit_amount]']),
        product: form['items[0][price_data][product]'],
      };
    }
    const metadata = bracketed(form, 'metadata');
    if (Object.keys(metadata).length > 0) subscription.metadata = metadata;
    return { status: 200, body: subscription };
  }

  /** `DELETE /v1/subscriptions/:id` (issue 21): ended now; a canceled one is refused as Stripe refuses it. */
  private cancelSubscription(id: string, form: Record<string, string>, now: number) {
    const subscription = this.subscriptions.get(id);
    if (!subscription) return missing('subscription', id);
    if (subscription.status === 'canceled') {
      return invalidRequest('A canceled subscription can only update its cancellation_details and metadata.');
    }
    Object.assign(subscription, {
      status: 'canceled',
      canceled_at: now,
      ended_at: now,
      cancellation_details: { comment: null, feedback: null, reason: 'cancellation_requested' },
      // What the cancel was asked with, for tests to read (Stripe keeps no such field).
      cancel_form: form,
    });
    return { status: 200, body: subscription };
  }

  /** `POST /v1/refunds` (issue 21) of a charge (or a payment intent's) in full; a second is refused. */
  private refund(form: Record<string, string>, now: number) {
    const charge = form.charge
      ? this.charges.get(form.charge)
      : [...this.charges.values()].find((one) => one.payment_intent === form.payment_intent);
    if (!charge)
      return missing(form.charge ? 'charge' : 'payment_intent', form.charge ?? form.payment_intent ?? '');
    if (this.refundedInFull.has(charge.id)) {
      return invalidRequest(`Charge ${charge.id} has already been refunded.`, 'charge_already_refunded');
    }
    this.refundedInFull.add(charge.id);
    const amount = this.chargeAmounts.get(charge.id) ?? 0;
    const id = this.refundCharge(charge.id, amount);
    return {
      status: 200,
      body: {
        id,
        object: 'refund',
        amount,
        charge: charge.id,
        payment_intent: charge.payment_intent,
        created: now,
        status: 'succeeded',
        reason: form.reason ?? null,
      },
    };
  }

  /** `POST /v1/checkout/sessions/:id/expire` (issue 21): only an open session expires. */
  private expireSession(id: string) {
    const session = this.sessions.get(id);
    if (!session) return missing('checkout.session', id);
    if (session.status !== 'open') {
      return invalidRequest(`Only Checkout Sessions with a status in ["open"] can be expired.`);
    }
    session.status = 'expired';
    return { status: 200, body: session };
  }

  private recordBalanceTransaction(type: string, amount: number, source: string) {
    this.balanceTransactions.unshift({
      id: `txn_${randomBytes(12).toString('hex')}`,
      object: 'balance_transaction',
      amount,
      currency: 'usd',
      created: Math.floor(Date.now() / 1000),
      source,
      type,
    });
  }

  private async answer(request: IncomingMessage, response: ServerResponse) {
    let raw = '';
    for await (const chunk of request) raw += String(chunk);
    const url = new URL(request.url ?? '/', 'http://stripe.local');
    const recorded: RecordedRequest = {
      method: request.method ?? 'GET',
      path: url.pathname,
      idempotencyKey: request.headers['idempotency-key'] as string | undefined,
      authorization: request.headers.authorization,
      form: Object.fromEntries(new URLSearchParams(raw)),
      query: Object.fromEntries(url.searchParams),
      stripeAccount: request.headers['stripe-account'] as string | undefined,
    };
    this.requests.push(recorded);
    const replayKey = recorded.idempotencyKey && `${recorded.path} ${recorded.idempotencyKey}`;
    const replay = replayKey ? this.replies.get(replayKey) : undefined;
    const form = JSON.stringify(recorded.form);
    const reply = replay
      ? replay.form === form
        ? replay
        : { status: 400, body: { error: idempotencyError(recorded.idempotencyKey!) }, form }
      : { ...this.route(recorded), form };
    if (replayKey && !replay && reply.status < 500) this.replies.set(replayKey, reply);
    response.writeHead(reply.status, {
      'content-type': 'application/json',
      'request-id': `req_${randomBytes(7).toString('hex')}`,
      ...(replay ? { 'idempotent-replayed': 'true' } : {}),
    });
    response.end(JSON.stringify(reply.body));
  }

  private route(request: RecordedRequest): { status: number; body: unknown } {
    const failure = this.failures.shift();
    if (failure) return { status: failure.status, body: { error: failure.error } };
    const now = Math.floor(Date.now() / 1000);
    if (request.method === 'POST' && request.path === '/v1/accounts') {
      const account = this.newAccount(request.form, now);
      this.accounts.set(account.id, account);
      return { status: 200, body: account };
    }
    const retrieve = /^\/v1\/accounts\/([^/]+)$/.exec(request.path);
    if (request.method === 'GET' && retrieve) {
      const account = this.accounts.get(decodeURIComponent(retrieve[1]!));
      return account ? { status: 200, body: account } : missing('account', decodeURIComponent(retrieve[1]!));
    }
    if (request.method === 'POST' && request.path === '/v1/account_links') {
      const accountId = request.form.account ?? '';
      if (!this.accounts.has(accountId)) return missing('account', accountId);
      return {
        status: 200,
        body: {
          object: 'account_link',
          created: now,
          expires_at: now + 300,
          url: `https://connect.stripe.com/setup/e/${accountId}/${randomBytes(9).toString('base64url')}`,
        },
      };
    }
    if (request.method === 'POST' && request.path === '/v1/checkout/sessions') {
      const session = this.newCheckoutSession(request.form, now);
      this.sessions.set(session.id, session);
      return { status: 200, body: session };
    }
    const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(request.path);
    if (request.method === 'POST' && expire) return this.expireSession(decodeURIComponent(expire[1]!));
    const sessionPath = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(request.path);
    if (request.method === 'GET' && sessionPath) {
      const found = this.sessions.get(decodeURIComponent(sessionPath[1]!));
      return found ? { status: 200, body: found } : missing('checkout.session', sessionPath[1]!);
    }
    if (request.method === 'GET' && request.path === '/v1/subscriptions') {
      const live = [...this.subscriptions.values()].filter((one) => one.status !== 'canceled').reverse();
      const after = request.query.starting_after;
      const from = after ? live.findIndex((one) => one.id === after) + 1 : 0;
      const limit = Number(request.query.limit ?? 10);
      const data = live.slice(from, from + limit);
      return {
        status: 200,
        body: { object: 'list', url: '/v1/subscriptions', has_more: from + limit < live.length, data },
      };
    }
    if (request.method === 'POST' && request.path === '/v1/refunds') return this.refund(request.form, now);
    const subscription = /^\/v1\/subscriptions\/([^/]+)$/.exec(request.path);
    if (subscription) {
      const id = decodeURIComponent(subscription[1]!);
      if (request.method === 'DELETE')
        return this.cancelSubscription(id, { ...request.query, ...request.form }, now);
      if (request.method === 'POST') return this.updateSubscription(id, request.form);
      const found = this.subscriptions.get(id);
      return found ? { status: 200, body: found } : missing('subscription', id);
    }
    if (request.method === 'POST' && request.path === '/v1/billing_portal/sessions') {
      const customer = request.form.customer ?? '';
      if (!this.customers.has(customer)) return missing('customer', customer);
      const id = `bps_${randomBytes(12).toString('hex')}`;
      return {
        status: 200,
        body: {
          id,
          object: 'billing_portal.session',
          customer,
          return_url: request.form.return_url,
          created: now,
          url: `https://billing.stripe.com/p/session/test_${id}`,
        },
      };
    }
    if (request.method === 'GET' && request.path === '/v1/billing_portal/configurations') {
      return { status: 200, body: this.billingPortalConfigurations(request.query, now) };
    }
    if (request.method === 'POST' && request.path === '/v1/transfers')
      return this.transfer(request.form, now);
    if (request.method === 'GET' && request.path === '/v1/transfers') {
      return { status: 200, body: this.transfersPage(request.query) };
    }
    if (request.method === 'GET' && request.path === '/v1/balance_transactions' && request.stripeAccount) {
      return { status: 200, body: this.accountTransactionsPage(request.stripeAccount, request.query) };
    }
    if (request.method === 'GET' && request.path === '/v1/balance_transactions') {
      return { status: 200, body: this.balanceTransactionsPage(request.query) };
    }
    const intent = /^\/v1\/payment_intents\/([^/]+)$/.exec(request.path);
    if (request.method === 'GET' && intent) {
      const id = decodeURIComponent(intent[1]!);
      const charge = [...this.charges.values()].find((one) => one.payment_intent === id);
      if (!charge) return missing('payment_intent', id);
      return {
        status: 200,
        body: { id, object: 'payment_intent', status: 'succeeded', latest_charge: charge.id },
      };
    }
    if (request.method === 'GET' && request.path === '/v1/invoice_payments') {
      const invoice = request.query.invoice ?? '';
      const payments = this.invoicePayments.get(invoice);
      if (!payments) return missing('invoice', invoice);
      const expand = Object.entries(request.query).some(
        ([key, value]) => key.startsWith('expand') && value === 'data.payment.payment_intent',
      );
      const chargeOf = (pi: string) => [...this.charges.values()].find((one) => one.payment_intent === pi);
      const data = payments.map((payment) => {
        const pi = (payment.payment as { payment_intent: string }).payment_intent;
        return expand
          ? {
              ...payment,
              payment: {
                type: 'payment_intent',
                payment_intent: { id: pi, object: 'payment_intent', latest_charge: chargeOf(pi)?.id ?? null },
              },
            }
          : payment;
      });
      return { status: 200, body: { object: 'list', data, has_more: false, url: '/v1/invoice_payments' } };
    }
    return {
      status: 404,
      body: {
        error: {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${request.method}: ${request.path}).`,
        },
      },
    };
  }

  /** Stripe's list of configurations, filtered by `is_default` and `active` as asked. */
  private billingPortalConfigurations(query: Record<string, string>, now: number) {
    const saved = this.billingPortalConfigured
      ? [
          {
            id: 'bpc_standin_default',
            object: 'billing_portal.configuration',
            active: true,
            is_default: true,
            livemode: false,
            created: now,
            updated: now,
          },
        ]
      : [];
    const data = saved
      .filter((config) => query.is_default === undefined || String(config.is_default) === query.is_default)
      .filter((config) => query.active === undefined || String(config.active) === query.active)
      .slice(0, Number(query.limit ?? 10));
    return { object: 'list', url: '/v1/billing_portal/configurations', has_more: false, data };
  }

  private newCheckoutSession(form: Record<string, string>, now: number): StoredAccount {
    const id = `cs_test_${randomBytes(16).toString('hex')}`;
    const amount = Number(form['line_items[0][price_data][unit_amount]']);
    return {
      id,
      object: 'checkout.session',
      mode: form.mode,
      amount_subtotal: amount,
      amount_total: amount,
      currency: form['line_items[0][price_data][currency]'],
      customer_email: form.customer_email ?? null,
      customer: form.customer ?? null,
      subscription: null,
      metadata: bracketed(form, 'metadata'),
      subscription_metadata: bracketed(form, 'subscription_data[metadata]'),
      line_items_form: form,
      payment_intent: null,
      payment_status: 'unpaid',
      status: 'open',
      success_url: form.success_url,
      cancel_url: form.cancel_url,
      created: now,
      expires_at: now + 86_400,
      url: `https://checkout.stripe.com/c/pay/${id}`,
    };
  }

  private transfer(form: Record<string, string>, now: number): { status: number; body: unknown } {
    const destination = form.destination ?? '';
    if (!this.accounts.has(destination)) return missing('destination', destination);
    const account = this.accounts.get(destination)!;
    if ((account.capabilities as { transfers?: string } | undefined)?.transfers !== 'active') {
      return {
        status: 400,
        body: {
          error: {
            code: 'insufficient_capabilities_for_transfer',
            message:
              'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
            type: 'invalid_request_error',
          },
        },
      };
    }
    const amount = Number(form.amount);
    const id = `tr_${randomBytes(12).toString('hex')}`;
    const payment = `py_${randomBytes(12).toString('hex')}`;
    this.recordBalanceTransaction('transfer', -amount, id);
    const entries = this.accountTransactions.get(destination) ?? [];
    entries.unshift({
      id: `txn_${randomBytes(12).toString('hex')}`,
      object: 'balance_transaction',
      amount,
      currency: 'usd',
      created: now,
      type: 'payment',
      source: { id: payment, object: 'charge', amount, source_transfer: id },
      payout: null,
    });
    this.accountTransactions.set(destination, entries);
    const transfer = {
      id,
      object: 'transfer',
      amount,
      amount_reversed: 0,
      currency: form.currency,
      destination,
      destination_payment: payment,
      transfer_group: form.transfer_group ?? null,
      metadata: bracketed(form, 'metadata'),
      reversals: { object: 'list', data: [], has_more: false, url: `/v1/transfers/${id}/reversals` },
      reversed: false,
      source_transaction: form.source_transaction ?? null,
      created: now,
    };
    this.transfers.unshift(transfer);
    return { status: 200, body: transfer };
  }

  /** `GET /v1/transfers?transfer_group=…`, newest first, `limit` at a time, after `starting_after`. */
  private transfersPage(query: Record<string, string>) {
    const matching = this.transfers.filter(
      (transfer) => !query.transfer_group || transfer.transfer_group === query.transfer_group,
    );
    return this.page(matching, query, '/v1/transfers');
  }

  /** `GET /v1/balance_transactions?payout=…` on a connected account, sources expanded when asked. */
  private accountTransactionsPage(accountId: string, query: Record<string, string>) {
    const matching = (this.accountTransactions.get(accountId) ?? []).filter(
      (entry) => !query.payout || entry.payout === query.payout,
    );
    const expanded = Object.entries(query).some(
      ([key, value]) => key.startsWith('expand') && value === 'data.source',
    );
    const shown = matching.map(({ payout: _payout, ...entry }) =>
      expanded ? entry : { ...entry, source: entry.source.id },
    );
    return this.page(shown, query, '/v1/balance_transactions');
  }

  private page<T extends { id: string }>(matching: T[], query: Record<string, string>, url: string) {
    const after = query.starting_after
      ? matching.findIndex((item) => item.id === query.starting_after) + 1
      : 0;
    const limit = Number(query.limit ?? 10);
    return {
      object: 'list',
      data: matching.slice(after, after + limit),
      has_more: after + limit < matching.length,
      url,
    };
  }

  /** A list page as Stripe answers it: newest first, `limit` at a time, after `starting_after`. */
  private balanceTransactionsPage(query: Record<string, string>) {
    const since = Number(query['created[gte]'] ?? 0);
    const until = Number(query['created[lt]'] ?? Number.MAX_SAFE_INTEGER);
    const expand = Object.entries(query).some(
      ([key, value]) => key.startsWith('expand') && value === 'data.source',
    );
    const matching = this.balanceTransactions
      .filter((transaction) => transaction.created >= since && transaction.created < until)
      .map((transaction) =>
        expand
          ? {
              ...transaction,
              source:
                this.charges.get(transaction.source) ??
                this.expandable.get(transaction.source) ??
                transaction.source,
            }
          : transaction,
      );
    const after = query.starting_after
      ? matching.findIndex((transaction) => transaction.id === query.starting_after) + 1
      : 0;
    const limit = Number(query.limit ?? 10);
    const data = matching.slice(after, after + limit);
    return {
      object: 'list',
      data,
      has_more: after + limit < matching.length,
      url: '/v1/balance_transactions',
    };
  }

  private newAccount(form: Record<string, string>, now: number): StoredAccount {
    const id = `acct_1${randomBytes(8).toString('hex').toUpperCase()}`;
    const metadata = bracketed(form, 'metadata');
    return {
      id,
      object: 'account',
      business_profile: { name: form['business_profile[name]'] ?? null, mcc: null, url: null },
      business_type: form.business_type ?? null,
      capabilities: { transfers: 'inactive' },
      charges_enabled: false,
      company: { name: form['company[name]'] ?? null, tax_id_provided: Boolean(form['company[tax_id]']) },
      controller: { type: 'application', is_controller: true },
      country: form.country ?? 'US',
      created: now,
      default_currency: 'usd',
      details_submitted: false,
      email: form.email ?? null,
      external_accounts: {
        object: 'list',
        data: [],
        has_more: false,
        total_count: 0,
        url: `/v1/accounts/${id}/external_accounts`,
      },
      metadata,
      payouts_enabled: false,
      requirements: {
        currently_due: ['external_account', 'representative.first_name', 'tos_acceptance.date'],
        eventually_due: ['external_account', 'representative.first_name', 'tos_acceptance.date'],
        past_due: [],
        disabled_reason: 'requirements.past_due',
      },
      settings: { payouts: { schedule: { interval: 'daily', delay_days: 2 } } },
      tos_acceptance: { date: null },
      type: form.type ?? 'standard',
    };
  }
}

/** `metadata[charityId]=…` and its siblings back into an object. */
function bracketed(form: Record<string, string>, name: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const [key, value] of Object.entries(form)) {
    if (key.startsWith(`${name}[`) && key.endsWith(']')) found[key.slice(name.length + 1, -1)] = value;
  }
  return found;
}

function idempotencyError(key: string) {
  return {
    type: 'idempotency_error',
    message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
  };
}

function invalidRequest(message: string, code?: string) {
  return {
    status: 400,
    body: { error: { ...(code ? { code } : {}), message, type: 'invalid_request_error' } },
  };
}

function missing(param: string, id: string) {
  return {
    status: 404,
    body: {
      error: {
        code: 'resource_missing',
        doc_url: 'https://docs.stripe.com/error-codes/resource-missing',
        message: `No such ${param}: '${id}'`,
        param,
        type: 'invalid_request_error',
      },
    },
  };
}
