/** The subscription screens' pure helpers (web/src/features/subscriptions/subscription-format.ts). */
import type { ActiveSubscription } from '@arena/contracts';
import { SubscriptionMessages as M } from '@arena/contracts/subscriptions.messages';
import { ApiError } from '../../lib/api-client';
import {
  daysLabel,
  hasPaidSubscription,
  planPrice,
  renewalLine,
  safeRedirect,
  statusLabel,
  subscriptionFailure,
} from './subscription-format';

const premium = {
  name: 'Premium',
  planType: 'PREMIUM',
  price: 4.99,
  priceCents: 499,
  interval: 'month',
  features: [],
};

function active(subscription: ActiveSubscription['subscription']): ActiveSubscription {
  return {
    plan: premium as ActiveSubscription['plan'],
    subscription,
    daysRemaining: 12,
    canUpgrade: true,
    nextPlan: 'PREMIUM_PLUS',
    canManage: true,
  };
}
const END = '2026-12-23T12:00:00.000Z';

describe('subscription formatting', () => {
  it("shows a paid plan's monthly price in dollars and cents, and Free as $0", () => {
    expect(planPrice({ priceCents: 499, interval: 'month' })).toEqual({ amount: '$4.99', per: '/ month' });
    expect(planPrice({ priceCents: 999, interval: 'year' })).toEqual({ amount: '$9.99', per: '/ year' });
    expect(planPrice({ priceCents: 0, interval: 'month' })).toEqual({ amount: '$0', per: 'forever' });
  });

  it('names the status, with a cancel at period end as its own state', () => {
    expect(statusLabel(active(null))).toBe('Free plan');
    expect(statusLabel(active({ status: 'active', currentPeriodEnd: END, cancelAtPeriodEnd: false }))).toBe(
      'Active',
    );
    expect(statusLabel(active({ status: 'active', currentPeriodEnd: END, cancelAtPeriodEnd: true }))).toBe(
      'Ends at period end',
    );
    expect(statusLabel(active({ status: 'past_due', currentPeriodEnd: END, cancelAtPeriodEnd: false }))).toBe(
      'Payment past due',
    );
  });

  it('says when the plan renews or ends, and nothing on Free or once canceled', () => {
    const running = active({ status: 'active', currentPeriodEnd: END, cancelAtPeriodEnd: false });
    expect(renewalLine(running)).toMatch(/^Renews on December 2[34], 2026$/);
    expect(renewalLine(active({ ...running.subscription!, cancelAtPeriodEnd: true }))).toMatch(/^Ends on /);
    expect(renewalLine(active(null))).toBeNull();
    expect(renewalLine(active({ ...running.subscription!, status: 'canceled' }))).toBeNull();
    expect(hasPaidSubscription(running)).toBe(true);
    expect(hasPaidSubscription(active({ ...running.subscription!, status: 'canceled' }))).toBe(false);
    expect(hasPaidSubscription(undefined)).toBe(false);
    expect([daysLabel(1), daysLabel(0), daysLabel(30)]).toEqual(['1 day', '0 days', '30 days']);
  });

  it("prefers the server's words on a 4xx, and on a 5xx only when they are the spec's", () => {
    const refused = (status: number, message?: string) =>
      new ApiError(message ?? 'x', status, message === undefined ? undefined : { message });
    expect(subscriptionFailure(refused(409, M.noUpgradeAvailable), M.failedToUpgrade)).toBe(
      M.noUpgradeAvailable,
    );
    expect(subscriptionFailure(refused(502, M.failedToCreatePortal), M.failedToOpenPaymentManagement)).toBe(
      M.failedToCreatePortal,
    );
    expect(subscriptionFailure(refused(500, 'Internal server error'), M.failedToSubscribe)).toBe(
      M.failedToSubscribe,
    );
    expect(subscriptionFailure(refused(400, '  '), M.failedToCancel)).toBe(M.failedToCancel);
    expect(subscriptionFailure(new ApiError('Network error', 0), M.failedToCancel)).toBe('Network error');
    expect(subscriptionFailure(new Error('boom'), M.failedToSubscribe)).toBe(M.failedToSubscribe);
  });

  it("names the failed call on a 5xx without the spec's words (§8)", () => {
    const failed = new ApiError('Internal server error', 500, { message: 'Internal server error' });
    for (const call of [M.failedToCreateCheckout, M.failedToCreatePortal, M.failedToUpdate]) {
      expect(subscriptionFailure(failed, M.failedToSubscribe, call)).toBe(call);
    }
    expect(
      subscriptionFailure(new ApiError('Network error', 0), M.failedToSubscribe, M.failedToCreateCheckout),
    ).toBe('Network error');
    // An answer the screen cannot use is the screen's own failure.
    expect(subscriptionFailure(new Error(M.failedToCreatePortal), M.failedToOpenPaymentManagement)).toBe(
      M.failedToOpenPaymentManagement,
    );
  });

  it('follows only web addresses, resolving a path against the app', () => {
    const origin = 'https://arena.example';
    expect(safeRedirect('https://checkout.stripe.com/c/pay/cs_1', origin)).toBe(
      'https://checkout.stripe.com/c/pay/cs_1',
    );
    expect(safeRedirect('/api/payments/local/checkout/cs_1', origin)).toBe(
      'https://arena.example/api/payments/local/checkout/cs_1',
    );
    expect(safeRedirect('javascript:alert(1)', origin)).toBeNull();
    expect(safeRedirect('data:text/html,hi', origin)).toBeNull();
  });
});
