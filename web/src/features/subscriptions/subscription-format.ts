import type { ActiveSubscription, Plan, PlanType } from '@arena/contracts';
import { PLAN_NAMES, SubscriptionMessages } from '@arena/contracts/subscriptions.messages';
import { ApiError } from '../../lib/api-client';

/** Display rules of the subscription screens (spec §2, §3, §9). Money is integer cents. */

const exactDollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** '$4.99 / month'; Free is '$0'. */
export function planPrice(plan: Pick<Plan, 'priceCents' | 'interval'>): { amount: string; per: string } {
  if (plan.priceCents === 0) return { amount: '$0', per: 'forever' };
  return { amount: exactDollars.format(plan.priceCents / 100), per: `/ ${plan.interval}` };
}

export const planName = (planType: PlanType) => PLAN_NAMES[planType];

/** A date in words, in the viewer's time zone: 'December 23, 2026'. */
export const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

const STATUS_LABELS: Record<NonNullable<ActiveSubscription['subscription']>['status'], string> = {
  active: 'Active',
  past_due: 'Payment past due',
  canceled: 'Canceled',
  incomplete: 'Awaiting payment',
  unpaid: 'Unpaid',
};

/** What the member's plan is doing now, in words. */
export function statusLabel(active: ActiveSubscription): string {
  const subscription = active.subscription;
  if (!subscription) return 'Free plan';
  if (subscription.status === 'active' && subscription.cancelAtPeriodEnd) return 'Ends at period end';
  return STATUS_LABELS[subscription.status];
}

/** True while a paid subscription is running (or can still be put right in the provider's portal). */
export function hasPaidSubscription(active: ActiveSubscription | undefined): boolean {
  return !!active?.subscription && active.subscription.status !== 'canceled';
}

/** 'Renews on …', 'Ends on …' or null on Free. */
export function renewalLine(active: ActiveSubscription): string | null {
  const subscription = active.subscription;
  if (!subscription || subscription.status === 'canceled') return null;
  const date = longDate(subscription.currentPeriodEnd);
  return subscription.cancelAtPeriodEnd ? `Ends on ${date}` : `Renews on ${date}`;
}

export const daysLabel = (days: number) => (days === 1 ? '1 day' : `${days} days`);

const KNOWN_MESSAGES: ReadonlySet<string> = new Set(Object.values(SubscriptionMessages));

/**
 * The server's words when it gave any (spec §8 "preferring the server message"): a 4xx names the rule; a
 * 5xx is shown only in the spec's own words, never as a bare 'Internal server error': the server's when they
 * are the spec's, else the failed call's own (`callFailure`: 'Failed to create checkout session', 'Failed to
 * create customer portal session', 'Failed to update subscription'). Otherwise (an answer the screen cannot
 * use, such as a URL that is no web address) the screen's own failure ('Failed to subscribe').
 */
export function subscriptionFailure(error: unknown, fallback: string, callFailure?: string): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return error.message;
    const body = error.body as { message?: unknown } | undefined;
    const message = typeof body?.message === 'string' ? body.message.trim() : '';
    if (message && (error.status < 500 || KNOWN_MESSAGES.has(message))) return message;
    if (error.status >= 500 && callFailure) return callFailure;
  }
  return fallback;
}

/**
 * Where a checkout or the billing portal sends the member: the server's URL, when it is a web address (never a
 * `javascript:` one); null otherwise.
 */
export function safeRedirect(url: string, origin = window.location.origin): string | null {
  try {
    const target = new URL(url, origin);
    return target.protocol === 'https:' || target.protocol === 'http:' ? target.href : null;
  } catch {
    return null;
  }
}

/** The load error's text after 'Error loading subscription: '. */
export function loadFailure(error: unknown, fallback: string): string {
  return error instanceof Error && error.message.trim() ? error.message : fallback;
}
