/**
 * What the subscription calls and screens say (issue 13; spec §8 "Subscription", §9 "Plans"). The spec's
 * own words where it has them; our words, kept here once, where it only names a meaning.
 */
export const SubscriptionMessages = {
  failedToLoad: 'Failed to load subscription data',
  failedToCreateCheckout: 'Failed to create checkout session',
  failedToUpdate: 'Failed to update subscription',
  failedToCreatePortal: 'Failed to create customer portal session',
  failedToSubscribe: 'Failed to subscribe',
  failedToUpgrade: 'Failed to upgrade subscription',
  failedToCancel: 'Failed to cancel subscription',
  failedToOpenPaymentManagement: 'Failed to open payment management',
  noUpgradeAvailable: 'No upgrade available',
  /** The cancel page's reason when none is given (spec §8 "Cancel page"). */
  paymentWasCancelled: 'Payment was cancelled',
  /** Prefix of the load error shown with Retry: 'Error loading subscription: …'. */
  errorLoadingPrefix: 'Error loading subscription: ',
  unknownPlan: 'Choose Premium or Premium+.',
  alreadyOnPlan: 'You are already on this plan.',
  hasSubscription: 'You already have a subscription: upgrade or manage it instead.',
  noSubscription: 'You have no paid subscription.',
  alreadyCanceled: 'Your subscription is already set to end at the end of this period.',
  downgradeInPortal: 'To move to a lower plan, cancel and subscribe again when this period ends.',
  /** A checkout session id that is not one of the member's own (made up, or someone else's). */
  checkoutNotFound: 'Checkout session not found',
  tooManyCheckouts: 'Too many subscription attempts. Please wait a few minutes and try again.',
  canceled: 'Your subscription will end at the end of this billing period.',
  upgraded: 'Your plan is upgraded. The difference for this period is prorated.',
  /** The answers' messages of GET /subscriptions/plans and /subscriptions/active (spec §7 lists one). */
  plansListed: 'Subscription plans retrieved successfully',
  activeFound: 'Your current plan retrieved successfully',
} as const;

/** The plans (spec §9): monthly prices in cents. */
export const PLAN_PRICES_CENTS = { FREE: 0, PREMIUM: 499, PREMIUM_PLUS: 999 } as const;
export const PLAN_NAMES = { FREE: 'Free', PREMIUM: 'Premium', PREMIUM_PLUS: 'Premium+' } as const;

/** Spec §4 "Subscription upgrade order": FREE → PREMIUM → PREMIUM_PLUS, then none. */
export function nextPlanOf(plan: 'FREE' | 'PREMIUM' | 'PREMIUM_PLUS'): 'PREMIUM' | 'PREMIUM_PLUS' | null {
  return plan === 'FREE' ? 'PREMIUM' : plan === 'PREMIUM' ? 'PREMIUM_PLUS' : null;
}

/** The refund window of a payment, after which a referral reward on it is released (referral terms). */
export const REFUND_WINDOW_DAYS = 30;
/** Spec §1, §9: 10% of each payment of a referred member, rounded down to the cent. */
export const RECURRING_REWARD_PERCENT = 10;
