import { z } from 'zod';
import { SubscriptionMessages as M } from './subscriptions.messages';
import { PLANS } from './tournaments.contract';

/**
 * Subscriptions (issue 13; spec §3 "Subscription data", §4, §7): the plans, checkout in subscription mode,
 * the active plan, upgrade with proration, cancel at period end, and the provider's billing portal.
 */

export const planType = z.enum(PLANS);
export type PlanType = z.infer<typeof planType>;
export const PAID_PLANS = ['PREMIUM', 'PREMIUM_PLUS'] as const;
export type PaidPlan = (typeof PAID_PLANS)[number];
export const paidPlanType = z.enum(PAID_PLANS, { error: M.unknownPlan });

/** A plan of the plans call (spec §3): name, planType, price, interval; cents beside the spec's dollars. */
export const plan = z
  .object({
    name: z.string(),
    planType,
    /** Dollars, as the spec's screens show it (4.99). */
    price: z.number(),
    priceCents: z.number().int(),
    interval: z.enum(['month', 'year']),
    /** What the plan unlocks, one line each (spec §9: prize pools, top prizes, team size). */
    features: z.array(z.string()),
  })
  .meta({ id: 'Plan' });
export type Plan = z.infer<typeof plan>;
export const planList = z.array(plan).meta({ id: 'PlanList' });

/** The provider's subscription statuses we keep (Stripe's names). */
export const SUBSCRIPTION_STATUSES = ['active', 'past_due', 'canceled', 'incomplete', 'unpaid'] as const;

/** GET /api/subscriptions/active (spec §3): the plan now, the subscription, daysRemaining, canUpgrade. */
export const activeSubscription = z
  .object({
    plan,
    /** null on Free with no paid subscription. */
    subscription: z
      .object({
        status: z.enum(SUBSCRIPTION_STATUSES),
        currentPeriodEnd: z.iso.datetime(),
        /** Canceled by the member: the plan lasts until currentPeriodEnd, then Free. */
        cancelAtPeriodEnd: z.boolean(),
      })
      .nullable(),
    /** Whole days until currentPeriodEnd (0 on Free). */
    daysRemaining: z.number().int(),
    canUpgrade: z.boolean(),
    /** The plan an upgrade moves to (spec §4 upgrade order), null when none. */
    nextPlan: planType.nullable(),
    /** The provider's billing portal can be opened (the member has a customer with the provider). */
    canManage: z.boolean(),
  })
  .meta({ id: 'ActiveSubscription' });
export type ActiveSubscription = z.infer<typeof activeSubscription>;

export const subscriptionCheckoutBody = z
  .object({ planType: paidPlanType })
  .meta({ id: 'SubscriptionCheckoutBody' });
export type SubscriptionCheckoutBody = z.input<typeof subscriptionCheckoutBody>;

/** Spec §7: data.url to redirect to. */
export const subscriptionCheckoutAnswer = z
  .object({ url: z.string(), sessionId: z.string() })
  .meta({ id: 'SubscriptionCheckoutAnswer' });

export const subscriptionUpdateBody = z
  .object({ planType: paidPlanType })
  .meta({ id: 'SubscriptionUpdateBody' });
export type SubscriptionUpdateBody = z.input<typeof subscriptionUpdateBody>;

/** Spec §7 "POST /subscriptions/portal → url". */
export const portalAnswer = z.object({ url: z.string() }).meta({ id: 'PortalAnswer' });

/** /subscription/success and /subscription/cancel query strings (spec §2). */
/**
 * GET /api/subscriptions/checkout/{sessionId}: what became of one of the member's own checkouts. `paid` once
 * the provider's confirmation started the plan; `pending` until then (or if it is never paid).
 */
export const subscriptionCheckoutState = z
  .object({
    sessionId: z.string(),
    status: z.enum(['paid', 'pending']),
    /** The plan the paid checkout started; null while pending. */
    planType: paidPlanType.nullable(),
  })
  .meta({ id: 'SubscriptionCheckoutState' });
export type SubscriptionCheckoutState = z.infer<typeof subscriptionCheckoutState>;

