/**
 * The time of the payment world (issue 13). With Stripe it is the wall clock. With the local driver it is
 * the wall clock plus the test clock's offset, which `npm run payments:advance-clock -- 1 month` moves
 * forward, in the manner of Stripe's test clocks: renewals, refund windows and the monthly payout then
 * fall due as if that time had passed. Billing and referrals read "now" here, never from Date.
 */
export abstract class PaymentsClock {
  abstract now(): Promise<Date>;
}
