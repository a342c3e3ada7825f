import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@arena/config';
import {
  nextPlanOf,
  PLAN_NAMES,
  PLAN_PRICES_CENTS,
  type ActiveSubscription,
  type PaidPlan,
  type SubscriptionCheckoutState,
  type Plan,
  type PlanType,
} from '@arena/contracts';
import { MemberAccounts } from '@arena/identity';
import { Payments } from '@arena/payments';
import {
  alreadyCanceled,
  alreadyOnPlan,
  checkoutNotFound,
  downgradeInPortal,
  hasSubscription,
  noCustomer,
  noSubscription,
  noUpgradeAvailable,
} from '../../domain/subscription.errors';
import { planAt, type SubscriptionView } from '../../domain/subscription.view';
import { SubscriptionCheckoutsRepository } from '../../infrastructure/subscription-checkouts.repository';
import { SubscriptionPlans } from '../queries/subscription-plans';
import { SubscriptionStreams } from '../subscription-streams';

const DAY_MS = 24 * 60 * 60 * 1000;

const FEATURES: Record<PlanType, string[]> = {
  FREE: ['Prize pools $10–$25', 'Top prize up to $100'],
  PREMIUM: [
    'Prize pools $50–$250',
    'Top prize up to $1,000',
    'Championship top prize $3,000',
    'Teams up to 20',
  ],
  PREMIUM_PLUS: [
    'Prize pools $500–$1,000+',
    'Top prize up to $10,000',
    'Championship top prize $30,000',
    'Teams up to 50',
  ],
};

export function planOf(planType: PlanType): Plan {
  const priceCents = PLAN_PRICES_CENTS[planType];
  return {
    name: PLAN_NAMES[planType],
    planType,
    price: priceCents / 100,
    priceCents,
    interval: 'month',
    features: FEATURES[planType],
  };
}

export const PLANS: Plan[] = (['FREE', 'PREMIUM', 'PREMIUM_PLUS'] as const).map(planOf);

/**
 * The member's subscription calls (spec §7): what they are on, checkout in subscription mode, upgrade to
 * the next plan, cancel at period end, the provider's billing portal. What the member holds is read from
 * their own stream (not the read model, which may lag just after a webhook), at the payment world's time.
 * Changes are asked of the provider; the webhooks that follow record them.
 */
@Injectable()
export class SubscriptionsService {
  private readonly logger = new Logger('Subscriptions');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly payments: Payments,
    private readonly streams: SubscriptionStreams,
    private readonly plans: SubscriptionPlans,
    private readonly accounts: MemberAccounts,
    private readonly checkouts: SubscriptionCheckoutsRepository,
  ) {}

  async active(memberId: string): Promise<ActiveSubscription> {
    const { view } = await this.streams.load(memberId);
    return answerOf(view, await this.plans.now());
  }

  /**
   * What became of one of the member's own checkouts: paid once the provider's confirmation started a
   * plan from it, pending until then. Any other session (made up, someone else's) is not found, the same
   * answer for both. Cost: one key lookup, then the member's subscription facts (a handful).
   */
  async checkoutState(memberId: string, sessionId: string): Promise<SubscriptionCheckoutState> {
    const checkout = await this.checkouts.ofMember(memberId, sessionId);
    if (!checkout) throw checkoutNotFound();
    const { facts } = await this.streams.load(memberId);
    // The start names the session when the session's webhook came first; when the subscription's came first,
    // the start names none, and the completed session's subscription (kept on the checkout) says which it is.
    const started = facts.find(
      (fact) =>
        fact.type === 'SubscriptionStarted' &&
        (fact.data.checkoutSessionId === sessionId ||
          (checkout.subscriptionId !== null && fact.data.subscriptionId === checkout.subscriptionId)),
    );
    return started?.type === 'SubscriptionStarted'
      ? { sessionId, status: 'paid', planType: started.data.planType }
      : { sessionId, status: 'pending', planType: null };
  }

  async checkout(memberId: string, planType: PaidPlan, attemptId: string) {
    const [{ view }, now] = await Promise.all([this.streams.load(memberId), this.plans.now()]);
    const current = planAt(view, now);
    if (current === planType) throw alreadyOnPlan();
    if (current !== 'FREE') throw hasSubscription();
    const contact = await this.accounts.findContact(memberId);
    const url = this.config.PUBLIC_URL;
    const session = await this.payments.createSubscriptionCheckout({
      memberId,
      email: contact?.email ?? '',
      customerId: view.customerId,
      planType,
      priceCents: PLAN_PRICES_CENTS[planType],
      productName: `Charity Arena ${PLAN_NAMES[planType]}`,
      successUrl: `${url}/subscription/success?session_id={CHECKOUT_SESSION_ID}&plan=${planType}`,
      cancelUrl: `${url}/subscription/cancel?session_id={CHECKOUT_SESSION_ID}`,
      metadata: { kind: 'subscription', memberId, planType },
      idempotencyKey: `subscription-checkout:${memberId}:${attemptId}`,
    });
    // Issue 21: the member's older checkouts still open can no longer be paid. A provider failure here
    // does not fail this checkout: a second subscription that still comes is canceled and refunded on
    // arrival (SubscriptionEndings).
    for (const older of await this.checkouts.replaceOlder(memberId, session.id)) {
      await this.payments.expireCheckoutSession(older).catch((error: unknown) => {
        this.logger.warn(
          { err: error, memberId, sessionId: older },
          'an older checkout could not be expired',
        );
      });
    }
    return { url: session.url, sessionId: session.id };
  }

  /**
   * Cancels at period end the subscription that holds the plan and every other live one (issue 21: a
   * second subscription not yet ended is reached too, whatever /active shows).
   */
  async cancel(memberId: string): Promise<ActiveSubscription> {
    const [{ view }, now] = await Promise.all([this.streams.load(memberId), this.plans.now()]);
    const held = planAt(view, now) !== 'FREE' ? view.current : null;
    const others = view.live.filter((one) => one !== held && !one.cancelAtPeriodEnd);
    if (!held && others.length === 0) throw noSubscription();
    if (held?.cancelAtPeriodEnd && others.length === 0) throw alreadyCanceled();
    for (const other of others) await this.payments.cancelSubscriptionAtPeriodEnd(other.subscriptionId);
    if (!held) return answerOf(view, now);
    if (!held.cancelAtPeriodEnd) await this.payments.cancelSubscriptionAtPeriodEnd(held.subscriptionId);
    // The provider took it; its webhook records it. The answer says so already.
    return answerOf(
      { ...view, current: { ...held, cancelAtPeriodEnd: true, endsAt: held.currentPeriodEnd } },
      now,
    );
  }

  async upgrade(memberId: string, planType: PaidPlan): Promise<ActiveSubscription> {
    const [{ view }, now] = await Promise.all([this.streams.load(memberId), this.plans.now()]);
    const sub = view.current;
    const current = planAt(view, now);
    if (current === 'FREE' || !sub) throw noSubscription();
    if (current === planType) throw alreadyOnPlan();
    const next = nextPlanOf(current);
    if (next === null) throw noUpgradeAvailable();
    if (planType !== next) throw downgradeInPortal();
    await this.payments.changeSubscriptionPlan({
      subscriptionId: sub.subscriptionId,
      planType,
      priceCents: PLAN_PRICES_CENTS[planType],
      productName: `Charity Arena ${PLAN_NAMES[planType]}`,
      idempotencyKey: `subscription-upgrade:${sub.subscriptionId}:${planType}`,
    });
    return answerOf({ ...view, current: { ...sub, planType, priceCents: PLAN_PRICES_CENTS[planType] } }, now);
  }

  async portal(memberId: string): Promise<{ url: string }> {
    const { view } = await this.streams.load(memberId);
    if (!view.customerId) throw noCustomer();
    return this.payments.createBillingPortalSession({
      customerId: view.customerId,
      returnUrl: `${this.config.PUBLIC_URL}/subscription/manage`,
    });
  }
}

/** GET /api/subscriptions/active's answer from the view at `now`. */
export function answerOf(view: SubscriptionView, now: Date): ActiveSubscription {
  const plan = planAt(view, now);
  const sub = view.current;
  const paid = plan !== 'FREE' && sub?.currentPeriodEnd ? sub : null;
  const next = nextPlanOf(plan);
  return {
    plan: planOf(plan),
    subscription: paid
      ? {
          status: paid.status,
          currentPeriodEnd: new Date(paid.currentPeriodEnd!).toISOString(),
          cancelAtPeriodEnd: paid.cancelAtPeriodEnd,
        }
      : null,
    daysRemaining: paid
      ? Math.max(0, Math.ceil((Date.parse(paid.currentPeriodEnd!) - now.getTime()) / DAY_MS))
      : 0,
    // From Free the way up is a checkout; an upgrade call moves a paid plan to the next one.
    canUpgrade: next !== null,
    nextPlan: next,
    canManage: view.customerId !== null,
  };
}
