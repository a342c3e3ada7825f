import { z } from 'zod';

/**
 * The local payment driver's test clock (issue 13), in the manner of Stripe's test clocks: advancing it
 * renews subscriptions whose period ended, ends refund windows and runs the month's referral payouts, with
 * the same signed webhooks and jobs as real time would. `npm run payments:advance-clock -- 1 month`.
 */
export const advanceClockBody = z
  .object({
    days: z.number().int().min(0).max(400).default(0),
    months: z.number().int().min(0).max(24).default(0),
  })
  .refine((body) => body.days > 0 || body.months > 0, 'Advance the clock by at least one day or month.')
  .meta({ id: 'AdvanceClockBody' });
export type AdvanceClockBody = z.input<typeof advanceClockBody>;

export const advanceClockAnswer = z
  .object({ from: z.iso.datetime(), to: z.iso.datetime() })
  .meta({ id: 'AdvanceClockAnswer' });

/** `POST /api/dev/payments/payouts` (issue 20): the local driver's payouts of every connected account, now. */
export const localPayoutsAnswer = z
  .object({
    payouts: z.array(
      z.object({
        payoutId: z.string(),
        accountId: z.string(),
        amountCents: z.number().int(),
        status: z.enum(['paid', 'failed']),
      }),
    ),
  })
  .meta({ id: 'LocalPayoutsAnswer' });
