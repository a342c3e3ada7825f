import { Injectable } from '@nestjs/common';

/**
 * The time of the payment world (issue 13). With Stripe it is the wall clock. With the local driver it is
 * the wall clock plus the test clock's offset, which `npm run payments:advance-clock -- 1 month` moves
 * forward, in the manner of Stripe's test clocks: renewals, refund windows and the monthly payout then
 * fall due as if that time had passed. Billing and referrals read "now" here, never from Date.
 */
export abstract class PaymentsClock {
  abstract now(): Promise<Date>;
}

/** Stripe's world runs on the wall clock. */
export class WallPaymentsClock extends PaymentsClock {
  now(): Promise<Date> {
    return Promise.resolve(new Date());
  }
}

/** What runs after the local test clock moved from `from` to `to` (the time that passed, in the clock's time). */
export type PaymentsClockListener = (from: Date, to: Date) => Promise<void>;

/**
 * Who wants to hear that the local test clock moved (referrals: release rewards whose refund window
 * ended, run the monthly payouts that fell due). Register in `onModuleInit`. Listeners run one after
 * another, after the clock's own renewals were committed; each must be idempotent (a failed advance can be
 * followed by another that covers the same time). With Stripe the clock never jumps and they never run:
 * real time and the jobs' schedules do that work.
 */
@Injectable()
export class PaymentsClockListeners {
  private readonly listeners: PaymentsClockListener[] = [];

  register(listener: PaymentsClockListener): void {
    this.listeners.push(listener);
  }

  all(): readonly PaymentsClockListener[] {
    return [...this.listeners];
  }
}
