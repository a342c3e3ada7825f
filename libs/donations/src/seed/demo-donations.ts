import type { INestApplicationContext } from '@nestjs/common';
import { EVENT_STORE, type EventStore, type GlobalPosition } from '@arena/event-store';
import { LocalEventsInProcess, LocalPayments, Payments } from '@arena/payments';
import { PayoutCharities } from '../application/payout-charities';
import { donationsUuid } from '../application/donation-ids';
import { DonationStreams } from '../application/donation-streams';
import { GiftCheckoutService } from '../application/commands/gift-checkout.service';
import { PayoutRequestService } from '../application/commands/payout-request.service';
import { PrizeFlow } from '../application/reactions/prize-flow';
import { TransferWindowService } from '../application/reactions/transfer-window.service';
import { TransferWindowPlansRepository } from '../infrastructure/transfer-window-plans.repository';

interface DemoMember {
  accountId: string;
}

/** The verified demo charity (seedDemoCharities): transfers to it are paid. */
const VERIFIED_EIN = '530196605';

/** A fixed window id: the demo's transfer window runs once, whatever the day of the seed. */
export const DEMO_WINDOW_ID = 'demo-seed';

/** The name demo_ben chose to be shown under for his gift. */
export const DEMO_DONOR_NAME = 'Ben K., Tulsa';

/** Gifts paid on the local checkout page; the worker delivers their webhooks once it runs. */
const DEMO_GIFTS = [
  // Shown on the public ledger under the name the donor chose (issue 23, item 12); the pool gift is anonymous.
  {
    attempt: 'demo-gift-red-cross',
    member: 'ben',
    amountCents: 2_500,
    charityEin: VERIFIED_EIN,
    donorName: DEMO_DONOR_NAME,
  },
  {
    attempt: 'demo-gift-pool',
    member: null,
    amountCents: 1_000,
    charityEin: undefined,
    donorName: undefined,
  },
] as const;

/** Issue 23: demo_ben gives $10 a month to the verified charity; the worker records each paid month. */
const DEMO_MONTHLY_GIFT = {
  attempt: 'demo-monthly-gift-ben',
  member: 'ben',
  amountCents: 1_000,
  charityEin: VERIFIED_EIN,
} as const;

/** Issue 20's demo: the second window sends what the reversal brought back; its payout fails. */
export const DEMO_SECOND_WINDOW_ID = 'demo-seed-2';

/** Stripe's test bank account number whose payouts fail with `no_account`. */
const FAILING_ACCOUNT_NUMBER = '000111111116';

export interface DemoDonationsOutcome {
  /** The charities' account.updated webhooks, applied before anything else (payouts enabled). */
  webhooksApplied: number;
  payoutRequest: { member: string; amountCents: number } | null;
  window: 'run' | 'already run';
  giftsPaid: number;
  /** Issue 23: monthly gifts started and their first month paid on the local checkout (1, then 0 on a re-run). */
  monthlyGiftsStarted: number;
  /** Issue 20 (local driver, first run only): a reversal, a paid payout, a second window and a failed payout. */
  moneyStates: { reversedCents: number; payoutsPaid: number; payoutsFailed: number } | null;
}

/**
 * The money flow's demo through the real services (a Nest context with DonationsModule, PaymentsModule
 * and CharityOnboardingModule). Safe to run again: every id is derived from a fixed name.
 * 1. The charities' account.updated webhooks are applied here, so the verified demo charity's payouts
 *    are enabled; every other webhook (transfers, gifts) is left to the worker, as in production.
 * 2. The prize flow runs over the log as the worker's reactor does: directed prizes and credited shares.
 * 3. A member directs half their first prize share to the verified charity (a payout request).
 * 4. One transfer window: the payout-verified charities' held donations go pending; the others stay held.
 * 5. The money states of issue 20 (local driver, the first run; their webhooks applied here): the first of the
 *    window's donations (in the transfer's fixed order) is reversed in full (`reversed`, its money held again as a
 *    new donation), the charity's payout is paid (the rest `cleared`), a second window sends the re-held money,
 *    and its payout fails: the charity's bank account is Stripe's failing test number 000111111116, so that
 *    donation stays `pending`, flagged. The charity's bank stays failing (payouts paused, as Stripe pauses them)
 *    until its representative submits the payout form again with a good account number (000123456789); then the
 *    worker's next payout carries the funds and clears it.
 * 6. Two gifts are paid on the local checkout page, one to the verified charity under the name its donor
 *    chose and one to the pool, anonymous: held and received once the worker delivers checkout.session.completed.
 * 7. demo_ben's monthly gift of $10 to the verified charity (issue 23): its first month paid on the local
 *    checkout; each paid invoice is a donation once the worker delivers invoice.paid.
 */
export async function seedDemoDonations(
  app: INestApplicationContext,
  members: Record<string, DemoMember>,
): Promise<DemoDonationsOutcome> {
  const payments = app.get(Payments);
  const webhooksApplied =
    payments instanceof LocalPayments
      ? await app.get(LocalEventsInProcess).deliverPending(['account.updated'])
      : 0;
  await runPrizeFlow(app.get<EventStore>(EVENT_STORE), app.get(PrizeFlow));
  const payoutRequest = await requestPayout(app, members);
  const window = await runWindowOnce(app);
  const moneyStates =
    window === 'run' && payments instanceof LocalPayments ? await showMoneyStates(app, payments) : null;
  const giftsPaid = payments instanceof LocalPayments ? await payGifts(app, payments, members) : 0;
  const monthlyGiftsStarted =
    payments instanceof LocalPayments ? await payMonthlyGift(app, payments, members) : 0;
  return { webhooksApplied, payoutRequest, window, giftsPaid, monthlyGiftsStarted, moneyStates };
}

/** Step 5: a reversal, a paid payout, a second window and a failed payout, each through its real webhook. */
async function showMoneyStates(app: INestApplicationContext, payments: LocalPayments) {
  const events = app.get(LocalEventsInProcess);
  const streams = app.get(DonationStreams);
  const plan = (await app.get(TransferWindowPlansRepository).ofWindow(DEMO_WINDOW_ID)).find(
    (one) => one.ein === VERIFIED_EIN,
  );
  const first = plan && [...plan.donationIds].sort()[0];
  const donation = first ? await streams.loadDonation(first) : null;
  if (!donation?.transferId) return null;
  await events.deliverPending(['transfer.created']);
  const reversal = await payments.reverseTransfer(donation.transferId, donation.amountCents);
  await events.deliverPending(['transfer.reversed']);
  const paid = await payments.runPayouts();
  await events.deliverPending(['payout.created', 'payout.paid']);
  await app.get(TransferWindowService).run(DEMO_SECOND_WINDOW_ID);
  await events.deliverPending(['transfer.created']);
  const charity = await app.get(PayoutCharities).verified(VERIFIED_EIN);
  if (charity) await payments.changeBankAccount(charity.stripeAccountId, FAILING_ACCOUNT_NUMBER);
  const failed = await payments.runPayouts();
  await events.deliverPending(['payout.created', 'payout.failed']);
  return {
    reversedCents: reversal.amountCents,
    payoutsPaid: paid.filter((one) => one.status === 'paid').length,
    payoutsFailed: failed.filter((one) => one.status === 'failed').length,
  };
}

async function runPrizeFlow(store: EventStore, flow: PrizeFlow) {
  let after: GlobalPosition | undefined;
  for (;;) {
    const page = await store.readAll({ after, maxCount: 500 });
    for (const event of page) await flow.apply(event);
    if (page.length < 500) return;
    after = page[page.length - 1]!.position;
  }
}

/** The first member (by name) with a credited share directs half of it; the request id is fixed. */
async function requestPayout(app: INestApplicationContext, members: Record<string, DemoMember>) {
  const streams = app.get(DonationStreams);
  for (const name of Object.keys(members).sort()) {
    const { accountId } = members[name]!;
    const first = (await streams.loadBalance(accountId)).shares[0];
    if (!first) continue;
    const amountCents = Math.floor(first.share.amountCents / 2);
    await app.get(PayoutRequestService).request(accountId, {
      charityEin: VERIFIED_EIN,
      amountCents,
      requestId: donationsUuid(`demo-payout-request:${name}`),
    });
    return { member: name, amountCents };
  }
  return null;
}

/** A second run would direct pool gifts paid since: the demo window runs only once. */
async function runWindowOnce(app: INestApplicationContext): Promise<'run' | 'already run'> {
  if ((await app.get(TransferWindowPlansRepository).ofWindow(DEMO_WINDOW_ID)).length > 0)
    return 'already run';
  await app.get(TransferWindowService).run(DEMO_WINDOW_ID);
  return 'run';
}

/**
 * Issue 23: a member's monthly gift, started once (its attempt id) and its first month paid as the local
 * checkout page pays it: the subscription runs on the local test clock, and its profile shows "Cancel
 * monthly gift". The worker delivers its webhooks (the first month's donation among them).
 */
async function payMonthlyGift(
  app: INestApplicationContext,
  payments: LocalPayments,
  members: Record<string, DemoMember>,
) {
  const gift = DEMO_MONTHLY_GIFT;
  const memberId = members[gift.member]?.accountId ?? null;
  if (!memberId) return 0;
  const email = `${gift.member}@donor.demo.invalid`;
  const { sessionId } = await app
    .get(GiftCheckoutService)
    .start(
      { amount_cents: gift.amountCents, email, charityEin: gift.charityEin, frequency: 'monthly' },
      memberId,
      gift.attempt,
    );
  const opened = await payments.openCheckout(sessionId);
  if (!('token' in opened)) return 0;
  await payments.completeCheckout(sessionId, opened.token, email);
  return 1;
}

/** Each gift's checkout is started once (its attempt id) and paid as the local checkout page's form pays. */
async function payGifts(
  app: INestApplicationContext,
  payments: LocalPayments,
  members: Record<string, DemoMember>,
) {
  let paid = 0;
  for (const gift of DEMO_GIFTS) {
    const memberId = gift.member ? (members[gift.member]?.accountId ?? null) : null;
    const email = `${gift.member ?? 'guest'}@donor.demo.invalid`;
    const { sessionId } = await app
      .get(GiftCheckoutService)
      .start(
        { amount_cents: gift.amountCents, email, charityEin: gift.charityEin, donorName: gift.donorName },
        memberId,
        gift.attempt,
      );
    const opened = await payments.openCheckout(sessionId);
    if (!('token' in opened)) continue;
    await payments.completeCheckout(sessionId, opened.token, email);
    paid++;
  }
  return paid;
}
