import { PaymentsClock } from '@arena/payments';

/**
 * Referrals read "now" from the payments clock (the test clock in local mode). Provided optionally, so
 * this module runs before the payments module provides its clock: the wall clock until then.
 */
export const REFERRAL_CLOCK = Symbol('REFERRAL_CLOCK');

export const wallClock: PaymentsClock = { now: () => Promise.resolve(new Date()) };

export const referralClockProvider = {
  provide: REFERRAL_CLOCK,
  inject: [{ token: PaymentsClock, optional: true }],
  useFactory: (clock?: PaymentsClock): PaymentsClock => clock ?? wallClock,
};
