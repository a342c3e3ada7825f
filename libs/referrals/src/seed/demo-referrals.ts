import type { INestApplicationContext } from '@nestjs/common';
import { sql, type Kysely } from 'kysely';
import { SubscriptionsService } from '@arena/billing';
import { DATABASE } from '@arena/database';
import { EVENT_STORE, type EventStore, type GlobalPosition } from '@arena/event-store';
import { LocalEventsInProcess, LocalPayments, Payments, PaymentsError } from '@arena/payments';
import { PayoutAccountsService } from '../application/commands/payout-accounts.service';
import { ReferralAccrual } from '../application/reactions/referral-accrual';
import { ReferralRegistrations } from '../application/reactions/referral-registrations';
import { ReferralsRepository } from '../infrastructure/referrals.repository';

interface DemoMember {
  accountId: string;
}

type Plan = 'PREMIUM' | 'PREMIUM_PLUS';

/** How far back the payment world starts: two month starts (two payouts) and the refund windows behind. */
export const DEMO_CLOCK_DAYS = 75;
/** The clock moves in steps shorter than a refund window, so every payment accrues before its window ends. */
const STEP_DAYS = 5;

/** Who signed up with whose code, and with which link option (1 recurring, 2 one-time). */
const DEMO_REFERRALS = [
  { member: 'ben', code: 'DEMOADA', option: 1 },
  { member: 'chloe', code: 'DEMOADA', option: 2 },
  { member: 'dev', code: 'DEMOADA', option: 1 },
  { member: 'emma', code: 'DEMOADA', option: 1 },
  // Ben has no payout account: what Felix earns him is released and stays so.
  { member: 'felix', code: 'DEMOBEN', option: 1 },
] as const;

/**
 * Subscriptions, with the days before now they start (a multiple of STEP_DAYS). Dev's first payment is refunded (its reward voided),
 * half of Felix's first one ($2.50: Ben's reward on it is lowered to what the rest earns, issue 21) and Dev cancels at period end once the clock is back at now; Emma's card declines after her first
 * payment, so her renewal fails (past due). Ada stays on Free.
 */
const DEMO_SUBSCRIPTIONS: readonly { member: string; plan: Plan; daysAgo: number }[] = [
  { member: 'ben', plan: 'PREMIUM', daysAgo: 75 },
  { member: 'dev', plan: 'PREMIUM', daysAgo: 75 },
  { member: 'felix', plan: 'PREMIUM', daysAgo: 75 },
  { member: 'emma', plan: 'PREMIUM', daysAgo: 40 },
  // Her one-time reward's window ends as the clock reaches now: released, after the last payout.
  { member: 'chloe', plan: 'PREMIUM_PLUS', daysAgo: 30 },
];

/**
 * The webhooks of the subscription world, applied in-process as the worker would deliver them. Not
 * checkout.session.completed: the gifts' are the worker's (seedDemoDonations), and a subscription's
 * adds nothing once customer.subscription.created started it.
 */
const SUBSCRIPTION_WEBHOOKS = [
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
  'charge.refunded',
] as const;

export interface DemoReferralsOutcome {
  /** Members whose sign-up referral (code and option) this run set. */
  referralsRegistered: number;
  payoutAccount: 'onboarded' | 'already ready' | 'not local';
  subscriptions: 'seeded' | 'already there' | 'not local';
  webhooksApplied: number;
}

/**
 * Subscriptions on every plan and referral rewards in every state, through the real services (a Nest
 * context with PaymentsModule, BillingModule and ReferralsModule) and the local driver. The payment
 * world's clock starts DEMO_CLOCK_DAYS ago and is advanced to now, so renewals, refund windows and the
 * monthly payouts happen through the same code as in a running product; the clock's offset ends at 0.
 * Safe to run again: the referrals are registered once per member, the payout account once, and the
 * subscriptions only while the local world has none.
 */
export async function seedDemoReferrals(
  app: INestApplicationContext,
  members: Record<string, DemoMember>,
): Promise<DemoReferralsOutcome> {
  const referralsRegistered = await registerReferrals(app, members);
  const payments = app.get(Payments);
  if (!(payments instanceof LocalPayments)) {
    return {
      referralsRegistered,
      payoutAccount: 'not local',
      subscriptions: 'not local',
      webhooksApplied: 0,
    };
  }
  const delivery = app.get(LocalEventsInProcess);
  const payoutAccount = await onboardPayoutAccount(app, payments, delivery, members.ada!.accountId);
  try {
    await payments.startClockDaysAgo(DEMO_CLOCK_DAYS);
  } catch (error) {
    if (error instanceof PaymentsError && error.kind === 'invalid') {
      return { referralsRegistered, payoutAccount, subscriptions: 'already there', webhooksApplied: 0 };
    }
    throw error;
  }
  const world = new DemoWorld(app, payments, delivery, members);
  await world.run();
  return { referralsRegistered, payoutAccount, subscriptions: 'seeded', webhooksApplied: world.applied };
}

/** Sets the referral code and option as sign-up stores them, then sign-up's hook (registered once). */
async function registerReferrals(app: INestApplicationContext, members: Record<string, DemoMember>) {
  const db = app.get<Kysely<any>>(DATABASE);
  const registrations = app.get(ReferralRegistrations);
  let registered = 0;
  for (const referral of DEMO_REFERRALS) {
    const member = members[referral.member];
    if (!member) continue;
    const updated = await db
      .updateTable('accounts')
      .set({ referred_by_code: referral.code, referral_option: referral.option })
      .where('id', '=', member.accountId)
      .where('referred_by_code', 'is', null)
      .executeTakeFirst();
    if (updated.numUpdatedRows > 0n) registered++;
    // Idempotent (the event's id derives from the referred member), so it runs on every seed.
    await registrations.afterSignUp(member.accountId);
  }
  return registered;
}

/** The referrer's payout account, onboarded on the local hosted page as a member would; ready once applied. */
async function onboardPayoutAccount(
  app: INestApplicationContext,
  payments: LocalPayments,
  delivery: LocalEventsInProcess,
  memberId: string,
): Promise<DemoReferralsOutcome['payoutAccount']> {
  const accounts = app.get(PayoutAccountsService);
  if ((await accounts.status(memberId)) === 'ready') return 'already ready';
  const url = new URL(await accounts.onboardingUrl(memberId));
  const row = (await app.get(ReferralsRepository).payoutAccount(memberId))!;
  await payments.completeOnboarding(row.account_id, url.searchParams.get('link') ?? '', {
    representativeName: 'Demo Referrer',
    routingNumber: '110000000',
    accountNumber: '000987654321',
  });
  await delivery.deliverPending(['account.updated']);
  return 'onboarded';
}

class DemoWorld {
  applied = 0;
  private after: GlobalPosition | undefined;
  private readonly db: Kysely<any>;
  private readonly store: EventStore;

  constructor(
    private readonly app: INestApplicationContext,
    private readonly payments: LocalPayments,
    private readonly delivery: LocalEventsInProcess,
    private readonly members: Record<string, DemoMember>,
  ) {
    this.db = app.get<Kysely<any>>(DATABASE);
    this.store = app.get<EventStore>(EVENT_STORE);
  }

  async run() {
    for (let daysAgo = DEMO_CLOCK_DAYS; daysAgo > 0; daysAgo -= STEP_DAYS) {
      for (const subscription of DEMO_SUBSCRIPTIONS.filter((one) => one.daysAgo === daysAgo)) {
        await this.subscribe(subscription.member, subscription.plan);
      }
      if (daysAgo === DEMO_CLOCK_DAYS) {
        await this.refundFirstCharge('dev');
        await this.refundFirstCharge('felix', 250);
      }
      if (daysAgo === 40) await this.declineCard('emma');
      await this.settle();
      await this.payments.advanceClock({ days: STEP_DAYS });
      await this.settle();
    }
    await this.app.get(SubscriptionsService).cancel(this.id('dev'));
    await this.settle();
  }

  private id(member: string) {
    return this.members[member]!.accountId;
  }

  /** The checkout as the API opens it, paid on the local checkout page. */
  private async subscribe(member: string, plan: Plan) {
    const { sessionId } = await this.app
      .get(SubscriptionsService)
      .checkout(this.id(member), plan, 'demo-seed');
    const opened = await this.payments.openCheckout(sessionId);
    if (!('token' in opened)) return;
    await this.payments.completeCheckout(sessionId, opened.token, `demo_${member}@demo.invalid`);
  }

  /** All of the member's first subscription charge, or `cents` of it. */
  private async refundFirstCharge(member: string, cents?: number) {
    await this.settle();
    const charge = await this.db
      .selectFrom('payment_local_charges')
      .select('id')
      .where(sql<string>`metadata->>'memberId'`, '=', this.id(member))
      // A subscription's: a gift's charge carries the donor's memberId too (issue 20), and has no invoice.
      .where('invoice_id', 'is not', null)
      .orderBy('created_at')
      .executeTakeFirstOrThrow();
    await this.payments.refundCharge(String(charge.id), cents);
  }

  /** The portal's "use a declining card": the next renewal fails. */
  private async declineCard(member: string) {
    const customer = await this.db
      .selectFrom('payment_local_customers')
      .select('id')
      .where('member_id', '=', this.id(member))
      .executeTakeFirstOrThrow();
    await this.payments.subscriptions.setCard(String(customer.id), true);
  }

  /** The worker's part, done here: the webhooks applied, then the referral accrual over the new events. */
  private async settle() {
    this.applied += await this.delivery.deliverPending(SUBSCRIPTION_WEBHOOKS);
    const accrual = this.app.get(ReferralAccrual);
    const types = new Set<string>(ReferralAccrual.eventTypes);
    for (;;) {
      const page = await this.store.readAll({ after: this.after, maxCount: 500 });
      for (const event of page) if (types.has(event.type)) await accrual.apply(event);
      if (page.length === 0) return;
      this.after = page[page.length - 1]!.position;
      if (page.length < 500) return;
    }
  }
}
