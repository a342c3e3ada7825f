import Stripe from 'stripe';
import { PaymentsError } from '../payments.errors';
import { STRIPE_API_VERSION } from '../webhooks/webhook-api-version';
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

/** Where the Stripe client sends its calls: Stripe itself unless a test points it at a stand-in. */
export interface StripeEndpoint {
  host: string;
  port: number;
  protocol: 'http' | 'https';
}

/** STRIPE_API_URL as the Stripe client's host options; undefined: Stripe's own API. */
export function stripeEndpointOf(url: string | undefined): StripeEndpoint | undefined {
  if (!url) return undefined;
  const parsed = new URL(url);
  const protocol = parsed.protocol === 'http:' ? 'http' : 'https';
  const port = parsed.port ? Number(parsed.port) : protocol === 'http' ? 80 : 443;
  return { host: parsed.hostname, port, protocol };
}

/** What to do when Stripe has no default billing portal configuration (checked at API start). */
export const BILLING_PORTAL_MISSING =
  'Stripe has no active default billing portal configuration, so members cannot manage their subscriptions: ' +
  'save one in the Stripe Dashboard (Settings → Billing → Customer portal, https://dashboard.stripe.com/settings/billing/portal) ' +
  'in the mode of STRIPE_SECRET_KEY (live or test), then restart the API';

const toAccount = (account: Stripe.Account): ConnectedAccount => ({
  id: account.id,
  chargesEnabled: account.charges_enabled ?? false,
  payoutsEnabled: account.payouts_enabled ?? false,
  detailsSubmitted: account.details_submitted ?? false,
  charityId: account.metadata?.charityId ?? null,
});

const toTransfer = (transfer: Stripe.Transfer): Transfer => {
  const destination = transfer.destination;
  return {
    id: transfer.id,
    amountCents: transfer.amount,
    destinationAccountId: typeof destination === 'string' ? destination : (destination?.id ?? ''),
  };
};

/**
 * The port on Stripe: Connect Express accounts for US nonprofits and their hosted onboarding, Checkout
 * for gifts, transfers to the charities' accounts and the balance transactions to reconcile them.
 */
export class StripePayments extends Payments {
  readonly mode = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(secretKey: string, endpoint?: StripeEndpoint) {
    super();
    this.stripe = new Stripe(secretKey, {
      ...endpoint,
      // The version the webhook handlers read too: requests and events agree on every object's shape.
      apiVersion: STRIPE_API_VERSION,
      // Retries reuse the idempotency key the call carries (Stripe adds one to every POST otherwise).
      maxNetworkRetries: 2,
      timeout: 20_000,
      appInfo: { name: 'Charity Arena' },
    });
  }

  async createConnectedAccount(input: ConnectedAccountInput): Promise<ConnectedAccount> {
    const ein = input.ein.replace(/\D/g, '');
    const account = await this.call(() =>
      this.stripe.accounts.create(
        {
          type: 'express',
          country: 'US',
          email: input.email,
          business_type: 'non_profit',
          company: { name: input.organizationName, tax_id: ein },
          business_profile: { name: input.organizationName },
          capabilities: { transfers: { requested: true } },
          metadata: { charityId: input.charityId, ein },
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return toAccount(account);
  }

  async createAccountLink(input: AccountLinkInput): Promise<{ url: string; expiresAt: string }> {
    const link = await this.call(() =>
      this.stripe.accountLinks.create({
        account: input.accountId,
        type: 'account_onboarding',
        return_url: input.returnUrl,
        refresh_url: input.refreshUrl,
      }),
    );
    return { url: link.url, expiresAt: new Date(link.expires_at * 1000).toISOString() };
  }

  async retrieveConnectedAccount(accountId: string): Promise<ConnectedAccount> {
    return toAccount(await this.call(() => this.stripe.accounts.retrieve(accountId)));
  }

  /** Stripe's refusals become PaymentsErrors with its message; a missing account is not_found. */
  private async call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      if (error instanceof Stripe.errors.StripeError) {
        if (error.code === 'resource_missing' || error.statusCode === 404) {
          throw new PaymentsError('not_found', error.message);
        }
        if (error.statusCode === 400) throw new PaymentsError('invalid', error.message);
        throw new PaymentsError('provider_failed', `The payment provider failed: ${error.message}`);
      }
      throw error;
    }
  }

  async createCheckoutSession(input: CheckoutSessionInput): Promise<CheckoutSession> {
    const session = await this.call(() =>
      this.stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: 'usd',
                unit_amount: input.amountCents,
                product_data: { name: input.description },
              },
            },
          ],
          ...(input.email ? { customer_email: input.email } : {}),
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          metadata: input.metadata,
          payment_intent_data: { metadata: input.metadata },
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    if (!session.url) throw new PaymentsError('provider_failed', 'The payment provider gave no checkout URL');
    return { id: session.id, url: session.url };
  }

  async createTransfer(input: TransferInput): Promise<Transfer> {
    const transfer = await this.call(() =>
      this.stripe.transfers.create(
        {
          amount: input.amountCents,
          currency: 'usd',
          destination: input.destinationAccountId,
          transfer_group: input.transferGroup,
          // The key in metadata too: after Stripe's 24 h idempotency window, findTransfer finds it by it.
          metadata: { ...input.metadata, idempotencyKey: input.idempotencyKey },
          ...(input.sourceTransaction ? { source_transaction: input.sourceTransaction } : {}),
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return toTransfer(transfer);
  }

  /**
   * The payout's balance transactions on the connected account, every page, with their sources expanded: a
   * `payment`'s source is the `py_` charge the transfer made, whose `source_transfer` is the transfer; a
   * `payout_failure`'s source is an earlier failed payout, whose funds this one carries: its transactions are
   * read the same way (https://docs.stripe.com/connect/payouts-connected-accounts).
   */
  async transfersCarriedByPayout(input: { accountId: string; payoutId: string }): Promise<string[]> {
    return this.call(async () => {
      const transfers = new Set<string>();
      const visited = new Set<string>();
      const queue = [input.payoutId];
      while (queue.length > 0) {
        const payout = queue.shift()!;
        if (visited.has(payout)) continue;
        visited.add(payout);
        const pages = this.stripe.balanceTransactions.list(
          { payout, expand: ['data.source'], limit: 100 },
          { stripeAccount: input.accountId },
        );
        for await (const transaction of pages) {
          const source = transaction.source;
          if (transaction.type === 'payment' && source && typeof source !== 'string') {
            const transfer = (source as Stripe.Charge).source_transfer;
            const id = typeof transfer === 'string' ? transfer : transfer?.id;
            if (id) transfers.add(id);
          }
          if (transaction.type === 'payout_failure' && source) {
            queue.push(typeof source === 'string' ? source : source.id);
          }
        }
      }
      return [...transfers];
    });
  }

  /** The group's transfers, every page, and the one whose metadata.idempotencyKey is the key. */
  async findTransfer(input: { transferGroup: string; idempotencyKey: string }): Promise<Transfer | null> {
    return this.call(async () => {
      const pages = this.stripe.transfers.list({ transfer_group: input.transferGroup, limit: 100 });
      for await (const transfer of pages) {
        if (transfer.metadata?.idempotencyKey === input.idempotencyKey) return toTransfer(transfer);
      }
      return null;
    });
  }

  /** One page, newest first as Stripe lists them; the source expanded so a charge names its payment intent. */
  async listBalanceTransactions(input: BalanceTransactionsQuery): Promise<BalanceTransactionPage> {
    return this.call(async () => {
      const page = await this.stripe.balanceTransactions.list({
        created: { gte: Math.floor(input.from.getTime() / 1000), lt: Math.floor(input.to.getTime() / 1000) },
        limit: Math.min(Math.max(input.limit, 1), 100),
        ...(input.startingAfter ? { starting_after: input.startingAfter } : {}),
        expand: ['data.source'],
      });
      return {
        hasMore: page.has_more,
        data: page.data.map((transaction) => ({
          id: transaction.id,
          type: transaction.type,
          amountCents: transaction.amount,
          sourceId: idOf(transaction.source),
          paymentIntentId: paymentIntentOfSource(transaction.source),
          created: new Date(transaction.created * 1000),
        })),
      };
    });
  }

  /** The invoice's payments; a payment intent's charge is its latest_charge (expanded). */
  async latestChargeOf(paymentIntentId: string): Promise<string | null> {
    const intent = await this.call(() => this.stripe.paymentIntents.retrieve(paymentIntentId));
    return idOf(intent.latest_charge ?? null);
  }

  async listInvoicePayments(invoiceId: string): Promise<InvoicePayment[]> {
    return this.call(async () => {
      const found: InvoicePayment[] = [];
      for await (const payment of this.stripe.invoicePayments.list({
        invoice: invoiceId,
        limit: 100,
        expand: ['data.payment.payment_intent'],
      })) {
        if (payment.status !== 'paid') continue;
        const intent = payment.payment.payment_intent;
        const paymentIntentId = idOf(intent ?? null);
        const chargeId =
          idOf(payment.payment.charge ?? null) ??
          (intent && typeof intent !== 'string' ? idOf(intent.latest_charge ?? null) : null);
        if (!paymentIntentId && !chargeId) continue;
        found.push({
          paymentIntentId: paymentIntentId ?? '',
          chargeId,
          amountPaidCents: payment.amount_paid ?? 0,
        });
      }
      return found;
    });
  }

  /**
   * Checkout in subscription mode with an inline monthly price (no price ids to keep in step with Stripe):
   * memberId and planType on the session and on the subscription it starts.
   */
  async createSubscriptionCheckout(input: SubscriptionCheckoutInput): Promise<CheckoutSession> {
    const metadata = { ...input.metadata, memberId: input.memberId, planType: input.planType };
    const session = await this.call(() =>
      this.stripe.checkout.sessions.create(
        {
          mode: 'subscription',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: 'usd',
                unit_amount: input.priceCents,
                recurring: { interval: 'month' },
                product_data: { name: input.productName, metadata: { planType: input.planType } },
              },
            },
          ],
          ...(input.customerId ? { customer: input.customerId } : { customer_email: input.email }),
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          metadata,
          subscription_data: { metadata },
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    if (!session.url) throw new PaymentsError('provider_failed', 'The payment provider gave no checkout URL');
    return { id: session.id, url: session.url };
  }

  /** A monthly gift: an inline recurring price of its own (no plan's product), metadata on the subscription. */
  async createGiftSubscriptionCheckout(input: GiftSubscriptionCheckoutInput): Promise<CheckoutSession> {
    const session = await this.call(() =>
      this.stripe.checkout.sessions.create(
        {
          mode: 'subscription',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: 'usd',
                unit_amount: input.amountCents,
                recurring: { interval: 'month' },
                product_data: { name: input.description, metadata: { kind: 'gift' } },
              },
            },
          ],
          ...(input.email ? { customer_email: input.email } : {}),
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          metadata: input.metadata,
          subscription_data: { metadata: input.metadata },
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    if (!session.url) throw new PaymentsError('provider_failed', 'The payment provider gave no checkout URL');
    return { id: session.id, url: session.url };
  }

  /** The subscription's one item moves to the new plan's inline price, the difference invoiced now. */
  async changeSubscriptionPlan(input: SubscriptionPlanChangeInput): Promise<void> {
    const subscription = await this.call(() => this.stripe.subscriptions.retrieve(input.subscriptionId));
    const item = subscription.items.data[0];
    if (!item) throw new PaymentsError('invalid', `Subscription ${input.subscriptionId} has no item`);
    const product = typeof item.price.product === 'string' ? item.price.product : item.price.product.id;
    await this.call(() =>
      this.stripe.subscriptions.update(
        input.subscriptionId,
        {
          items: [
            {
              id: item.id,
              price_data: {
                currency: 'usd',
                unit_amount: input.priceCents,
                recurring: { interval: 'month' },
                product,
              },
            },
          ],
          proration_behavior: 'always_invoice',
          metadata: { ...subscription.metadata, planType: input.planType },
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
  }

  async cancelSubscriptionAtPeriodEnd(subscriptionId: string): Promise<void> {
    await this.call(() => this.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true }));
  }

  /**
   * Ends it now without a proration credit or a final invoice. Canceling a canceled subscription is an error
   * at Stripe, so a refusal is answered from the subscription as it is: canceled already is success.
   */
  async cancelSubscriptionNow(input: {
    subscriptionId: string;
    idempotencyKey: string;
  }): Promise<{ endedAt: Date; alreadyCanceled: boolean }> {
    const endOf = (subscription: Stripe.Subscription) =>
      new Date((subscription.ended_at ?? subscription.canceled_at ?? Math.floor(Date.now() / 1000)) * 1000);
    try {
      const canceled = await this.call(() =>
        this.stripe.subscriptions.cancel(
          input.subscriptionId,
          { prorate: false, invoice_now: false },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      return { endedAt: endOf(canceled), alreadyCanceled: false };
    } catch (error) {
      // Stripe refuses a second cancel (400, or 404 for some canceled subscriptions): ask it how it is.
      if (!(error instanceof PaymentsError) || (error.kind !== 'invalid' && error.kind !== 'not_found'))
        throw error;
      const found = await this.call(() => this.stripe.subscriptions.retrieve(input.subscriptionId));
      if (found.status !== 'canceled' && found.status !== 'incomplete_expired') throw error;
      return { endedAt: endOf(found), alreadyCanceled: true };
    }
  }

  /** A full refund of what is left; Stripe refuses a refund of a charge refunded in full: nothing to do. */
  async refundPayment(input: RefundPaymentInput): Promise<number> {
    const target = input.paymentId.startsWith('pi_')
      ? { payment_intent: input.paymentId }
      : { charge: input.paymentId };
    try {
      const refund = await this.call(() =>
        this.stripe.refunds.create(
          { ...target, reason: input.reason },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      return refund.amount;
    } catch (error) {
      if (error instanceof PaymentsError && error.kind === 'invalid' && /refunded/i.test(error.message))
        return 0;
      throw error;
    }
  }

  async expireCheckoutSession(sessionId: string): Promise<'expired' | 'complete'> {
    try {
      await this.call(() => this.stripe.checkout.sessions.expire(sessionId));
      return 'expired';
    } catch (error) {
      if (!(error instanceof PaymentsError) || error.kind !== 'invalid') throw error;
      const session = await this.call(() => this.stripe.checkout.sessions.retrieve(sessionId));
      if (session.status === 'open') throw error;
      return session.status === 'complete' ? 'complete' : 'expired';
    }
  }

  /** Stripe lists subscriptions not canceled when no status is given (newest first). */
  async listLiveSubscriptions(input: {
    startingAfter?: string;
    limit: number;
  }): Promise<{ data: LiveSubscription[]; hasMore: boolean }> {
    const page = await this.call(() =>
      this.stripe.subscriptions.list({
        limit: input.limit,
        ...(input.startingAfter ? { starting_after: input.startingAfter } : {}),
      }),
    );
    return {
      data: page.data.map((subscription) => ({
        subscriptionId: subscription.id,
        customerId: idOf(subscription.customer) ?? '',
        memberId: subscription.metadata?.memberId ?? null,
        status: subscription.status,
      })),
      hasMore: page.has_more,
    };
  }

  async createBillingPortalSession(input: {
    customerId: string;
    returnUrl: string;
  }): Promise<{ url: string }> {
    const session = await this.call(() =>
      this.stripe.billingPortal.sessions.create({ customer: input.customerId, return_url: input.returnUrl }),
    );
    return { url: session.url };
  }

  /**
   * Stripe opens portal sessions only with a saved default configuration (Dashboard → Settings → Billing →
   * Customer portal, "Save"), one per mode: a test-mode one does not count for a live key.
   */
  async checkBillingPortal(): Promise<void> {
    const found = await this.call(() =>
      this.stripe.billingPortal.configurations.list({ is_default: true, active: true, limit: 1 }),
    );
    if (found.data.length === 0) throw new PaymentsError('invalid', BILLING_PORTAL_MISSING);
  }

  /** An Express account for an individual in the US, able to take transfers, with our member id. */
  async createMemberPayoutAccount(input: MemberPayoutAccountInput): Promise<ConnectedAccount> {
    const account = await this.call(() =>
      this.stripe.accounts.create(
        {
          type: 'express',
          country: 'US',
          email: input.email,
          business_type: 'individual',
          capabilities: { transfers: { requested: true } },
          metadata: { memberId: input.memberId },
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return toAccount(account);
  }
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

/** A balance transaction's source, expanded: a charge's payment intent, or a refund's or dispute's. */
function paymentIntentOfSource(source: unknown): string | null {
  if (!source || typeof source !== 'object') return null;
  const object = source as { object?: string; payment_intent?: string | { id: string } | null };
  if (object.object !== 'charge' && object.object !== 'refund' && object.object !== 'dispute') return null;
  return idOf(object.payment_intent ?? null);
}
