import { Module, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { BillingModule } from '@arena/billing';
import type { AppConfig } from '@arena/config';
import { EVENT_STORE, type EventStore, type GlobalPosition } from '@arena/event-store';
import { createMember } from '@arena/identity/testing';
import {
  LocalEventsInProcess,
  LocalPayments,
  Payments,
  PaymentsClockListeners,
  PaymentsModule,
  type PaymentsClockListener,
} from '@arena/payments';
import { PlatformModule } from '@arena/platform';
import { projectEvents } from '@arena/projection-runner/testing';
import { accountBalances } from '@arena/projections/postings/postings.queries';
import { postingsProjector } from '@arena/projections/postings/postings.projection';
import { referralBalancesProjector } from '@arena/projections/referral-balances/referral-balances.projection';
import { referralBalances } from '@arena/projections/referral-balances/referral-balances.queries';
import { subscriptionsProjector } from '@arena/projections/subscriptions/subscriptions.projection';
import { memberSubscription } from '@arena/projections/subscriptions/subscriptions.queries';
import { ReferralAccrual, ReferralsModule, ReferralsRepository } from '@arena/referrals';
import { clearRedisPrefix, createTestDatabase, testAppConfig, type TestDatabase } from '@arena/testing';

/**
 * Issue 13's "Done when": a year of billing for MEMBERS members through the local driver's test clock, with
 * referrals (both reward modes), upgrades, cancels, declining cards and refunds inside and after the refund
 * window, checked against a model computed here from what the driver charged and refunded; and the same year
 * in big clock jumps records the same balances and payouts.
 */
const MEMBERS = 100;
const REFERRERS = 30;
const DAY = 86_400_000;
const WINDOW = 30 * DAY;

type Plan = 'PREMIUM' | 'PREMIUM_PLUS';
const PRICE: Record<Plan, number> = { PREMIUM: 499, PREMIUM_PLUS: 999 };
const SUBSCRIPTION_WEBHOOKS = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
  'charge.refunded',
];

interface Person {
  index: number;
  id: string;
  code: string;
  referrer: number | null;
  /** The link's option: 1 recurring, 2 one-time, null the referrer's mode (recurring). */
  option: 1 | 2 | null;
  plan: Plan | null;
  ready: boolean;
  subscriptionId?: string;
  customerId?: string;
}

/** Who does what, by member index: a fixed mix, the same in both runs. */
function cast(): Omit<Person, 'id' | 'code'>[] {
  return Array.from({ length: MEMBERS }, (_, index) => {
    const referred = index >= REFERRERS;
    const subscribes = referred || index % 3 === 0;
    return {
      index,
      referrer: referred ? (index * 7) % REFERRERS : null,
      option: referred ? ([1, 2, null] as const)[index % 3]! : null,
      plan: subscribes ? (index % 4 === 0 ? 'PREMIUM_PLUS' : 'PREMIUM') : null,
      ready: !referred && index % 8 !== 5,
    };
  });
}

interface World {
  database: TestDatabase;
  config: AppConfig;
  app: INestApplicationContext;
  payments: LocalPayments;
  people: Person[];
  /** The worker's part, in process: the pending webhooks delivered, then the accrual follows the log. */
  work(): Promise<void>;
  close(): Promise<void>;
}

async function startWorld(): Promise<World> {
  const database = await createTestDatabase(4);
  const config = testAppConfig(database.url);
  @Module({
    imports: [PlatformModule.forRoot(config), PaymentsModule.forRoot(config), BillingModule, ReferralsModule],
  })
  class YearModule {}
  const app = await NestFactory.createApplicationContext(YearModule, { logger: false });
  const payments = app.get(Payments) as LocalPayments;
  const store = app.get<EventStore>(EVENT_STORE);
  const inProcess = app.get(LocalEventsInProcess);
  const accrual = app.get(ReferralAccrual);
  const accrued = new Set<string>(ReferralAccrual.eventTypes);
  let position: GlobalPosition | undefined;
  const work = async () => {
    await inProcess.deliverPending(SUBSCRIPTION_WEBHOOKS);
    for (;;) {
      const events = await store.readAll({ after: position, maxCount: 500 });
      if (events.length === 0) break;
      for (const event of events) {
        if (accrued.has(event.type)) await accrual.apply(event);
        position = event.position;
      }
    }
  };
  // The worker delivers a renewal's webhooks and accrues its reward as it happens, before the windows that
  // end later in the jump: so this runs first among the clock's listeners, before referrals' own.
  const listeners = app.get(PaymentsClockListeners) as unknown as { listeners: PaymentsClockListener[] };
  listeners.listeners.unshift(() => work());

  const repository = app.get(ReferralsRepository);
  const people: Person[] = [];
  for (const role of cast()) {
    const created = await createMember(database.db, config.JWT_ACCESS_SECRET);
    const code = (
      await database.db
        .selectFrom('accounts')
        .select('referral_code')
        .where('id', '=', created.id)
        .executeTakeFirstOrThrow()
    ).referral_code as string;
    const person: Person = { ...role, id: created.id, code };
    if (role.referrer !== null) {
      await database.db
        .updateTable('accounts')
        .set({ referred_by_code: people[role.referrer]!.code, referral_option: role.option })
        .where('id', '=', created.id)
        .execute();
    }
    if (role.ready) {
      const account = await payments.createMemberPayoutAccount({
        memberId: created.id,
        email: created.email,
        idempotencyKey: `member-payout-account-${created.id}`,
      });
      // Onboarded: payouts enabled at the provider, and the account.updated webhook's effect.
      await database.db
        .updateTable('payment_local_accounts')
        .set({ details_submitted: true, charges_enabled: true, payouts_enabled: true })
        .where('id', '=', account.id)
        .execute();
      await repository.savePayoutAccount(created.id, account.id, 'ready');
    }
    people.push(person);
  }
  return {
    database,
    config,
    app,
    payments,
    people,
    work,
    close: async () => {
      await app.close();
      await clearRedisPrefix(config.REDIS_PREFIX);
      await database.drop();
    },
  };
}

/** Checks out the member's plan as the local checkout page does: the page opened, the test card paid. */
async function subscribe(world: World, person: Person, plan: Plan) {
  const session = await world.payments.createSubscriptionCheckout({
    memberId: person.id,
    email: `${person.id.slice(0, 8)}@example.org`,
    customerId: null,
    planType: plan,
    priceCents: PRICE[plan],
    productName: plan === 'PREMIUM' ? 'Charity Arena Premium' : 'Charity Arena Premium+',
    successUrl: 'http://localhost:3000/subscription/success?session={CHECKOUT_SESSION_ID}',
    cancelUrl: 'http://localhost:3000/subscription',
    metadata: {},
    idempotencyKey: `subscribe-${person.id}`,
  });
  const opened = await world.payments.openCheckout(session.id);
  if (!('token' in opened)) throw new Error('the checkout is not open');
  await world.payments.checkCheckoutForm(session.id, opened.token);
  await world.payments.completeCheckout(session.id, opened.token, `${person.id.slice(0, 8)}@example.org`);
  const row = await world.database.db
    .selectFrom('payment_local_checkout_sessions')
    .select(['subscription_id', 'customer_id'])
    .where('id', '=', session.id)
    .executeTakeFirstOrThrow();
  person.subscriptionId = row.subscription_id as string;
  person.customerId = row.customer_id as string;
}

async function chargesOf(world: World, person: Person) {
  return world.database.db
    .selectFrom('payment_local_charges')
    .select(['id', 'amount_cents', 'amount_refunded_cents', 'created_at'])
    .where('customer_id', '=', person.customerId!)
    .orderBy('created_at')
    .execute();
}

const live = async (world: World, person: Person) =>
  person.subscriptionId !== undefined &&
  (
    await world.database.db
      .selectFrom('payment_local_subscriptions')
      .select('status')
      .where('id', '=', person.subscriptionId)
      .executeTakeFirstOrThrow()
  ).status !== 'canceled';

/** What happens after `month` months of the year (only at 0, 3 and 8, which both runs stop at). */
async function actions(world: World, month: number) {
  // Members act independently of each other: a few at once, as they would.
  const queue = [...world.people];
  const next = async (): Promise<void> => {
    const person = queue.shift();
    if (!person) return;
    await act(world, person, month);
    return next();
  };
  await Promise.all(Array.from({ length: 6 }, next));
  await world.work();
}

async function act(world: World, person: Person, month: number) {
  const i = person.index;
  if (month === 0) {
    if (person.plan) await subscribe(world, person, person.plan);
    return;
  }
  if (!(await live(world, person))) return;
  const phase = month === 3 ? 0 : 1;
  const charges = await chargesOf(world, person);
  const latest = charges[charges.length - 1]!;
  if (i % 7 === 1 + phase && person.plan === 'PREMIUM') {
    await world.payments.changeSubscriptionPlan({
      subscriptionId: person.subscriptionId!,
      planType: 'PREMIUM_PLUS',
      priceCents: 999,
      productName: 'Charity Arena Premium+',
      idempotencyKey: `upgrade-${person.subscriptionId}`,
    });
    person.plan = 'PREMIUM_PLUS';
  }
  if (i % 11 === 2 + phase) await world.payments.cancelSubscriptionAtPeriodEnd(person.subscriptionId!);
  const refund = async (charge: (typeof charges)[number], cents?: number) => {
    const rest = charge.amount_cents - charge.amount_refunded_cents;
    if (rest < (cents ?? 1)) return;
    await world.payments.refundCharge(charge.id, cents);
    charge.amount_refunded_cents += cents ?? rest;
  };
  if (i % 19 === 5 + phase) await refund(latest, 100); // in part: the reward is what the rest earns (issue 21)
  if (i % 13 === 3 + phase) await refund(latest); // inside its window
  if (i % 9 === 4 + phase) await refund(charges[0]!); // long after its window
  if (i % 17 === 6 + phase) await world.payments.subscriptions.setCard(person.customerId!, true);
  if (i % 17 === 7 && phase === 1) await world.payments.subscriptions.setCard(person.customerId!, false);
}

interface Outcome {
  balances: Record<number, Awaited<ReturnType<typeof referralBalances>>>;
  transfers: Record<string, number>;
  plans: Record<number, { plan: string | null; status: string } | null>;
  /** How many of each case the year went through: rewards by their end state, and invoices by kind. */
  cases: Record<string, number>;
}

/** Runs the year in the given steps of months, then checks it against the model; answers what it found. */
async function runYear(steps: number[]): Promise<Outcome> {
  const world = await startWorld();
  try {
    // Month steps from the 29th to the 31st clamp (Jan 31 + 1 + 1 month = Mar 28, + 2 months = Mar 31):
    // the year starts on a day that every month has, so both runs' clocks stop at the same times.
    const day = (await world.payments.subscriptions.now()).getUTCDate();
    if (day > 28) await world.payments.advanceClock({ days: 33 - day });
    await actions(world, 0);
    let month = 0;
    for (const step of steps) {
      await world.payments.advanceClock({ months: step });
      await world.work();
      month += step;
      if (month === 3 || month === 8) await actions(world, month);
    }
    expect(month).toBe(12);
    const end = await world.payments.subscriptions.now();

    const all = await world.app.get<EventStore>(EVENT_STORE).readAll();
    await projectEvents(world.database.db, referralBalancesProjector, all);
    await projectEvents(world.database.db, subscriptionsProjector, all);
    await projectEvents(world.database.db, postingsProjector, all);

    const model = await modelOf(world, end);
    const invoices = await world.database.db
      .selectFrom('payment_local_invoices')
      .select(['billing_reason', 'status'])
      .execute();
    const cases: Record<string, number> = { ...model.cases };
    for (const invoice of invoices) {
      const kind = `invoice ${invoice.billing_reason} ${invoice.status}`;
      cases[kind] = (cases[kind] ?? 0) + 1;
    }
    const outcome: Outcome = { balances: {}, transfers: {}, plans: {}, cases };
    for (const person of world.people.slice(0, REFERRERS)) {
      const found = await referralBalances(world.database.db as never, person.id);
      expect({ referrer: person.index, ...found }).toEqual({
        referrer: person.index,
        ...model.balances.get(person.id)!,
      });
      outcome.balances[person.index] = found;
    }

    // Each payout once per member and month, of the model's amount: the local driver's transfers.
    const transfers = await world.database.db
      .selectFrom('payment_local_transfers')
      .select(['idempotency_key', 'amount_cents'])
      .execute();
    const byIndex = new Map(world.people.map((person) => [person.id, person.index]));
    const found = new Map(transfers.map((row) => [row.idempotency_key, row.amount_cents]));
    expect(found.size).toBe(transfers.length);
    expect(Object.fromEntries(found)).toEqual(Object.fromEntries(model.transfers));
    for (const [key, cents] of found) {
      const [, memberId, yyyymm] = /^referral-payout-(.+)-(\d{4}-\d{2})$/.exec(key)!;
      outcome.transfers[`${byIndex.get(memberId!)}:${yyyymm}`] = cents;
    }

    // The subscriptions read model ends where the driver's subscriptions ended.
    for (const person of world.people) {
      const row = await memberSubscription(world.database.db as never, person.id);
      if (!person.subscriptionId) {
        expect(row).toBeNull();
        outcome.plans[person.index] = null;
        continue;
      }
      const driver = await world.database.db
        .selectFrom('payment_local_subscriptions')
        .select(['status', 'plan_type'])
        .where('id', '=', person.subscriptionId)
        .executeTakeFirstOrThrow();
      expect({ member: person.index, plan: row?.plan, status: row?.status }).toEqual({
        member: person.index,
        plan: driver.plan_type,
        status: driver.status,
      });
      outcome.plans[person.index] = { plan: row!.plan, status: row!.status };
    }

    // The ledger: balanced, subscription revenue = paid − refunded, expense = what payouts transferred.
    const balances = new Map(
      (await accountBalances(world.database.db)).map((row) => [row.account, row.balanceCents]),
    );
    expect([...balances.values()].reduce((sum, cents) => sum + cents, 0)).toBe(0);
    expect(-(balances.get('platform_revenue') ?? 0)).toBe(model.paidCents - model.refundedCents);
    expect(balances.get('platform_expense') ?? 0).toBe(
      [...model.transfers.values()].reduce((sum, cents) => sum + cents, 0),
    );
    expect(model.paidCents).toBeGreaterThan(0);
    expect(model.refundedCents).toBeGreaterThan(0);
    return outcome;
  } finally {
    await world.close();
  }
}

interface ModelReward {
  referrerId: string;
  amount: number;
  accrued: number;
  oneTime: boolean;
  windowEnd: number;
  status: 'pending' | 'released' | 'paid' | 'voided' | 'clawed';
}

/**
 * The referral rules (docs/referrals.md) applied to what the driver charged and refunded: rewards from
 * paid charges, released at their window's end unless fully refunded first, paid at each 1st of a month to
 * referrers with a payout account, clawed back when fully refunded after their payout; a partial refund
 * lowers the reward to what the kept part earns (owed back once paid; issue 21).
 */
async function modelOf(world: World, end: Date) {
  const db = world.database.db;
  const charges = await db
    .selectFrom('payment_local_charges')
    .select(['id', 'customer_id', 'amount_cents', 'created_at'])
    .orderBy('created_at')
    .execute();
  const refunds = await db
    .selectFrom('payment_local_refunds')
    .select(['charge_id', 'amount_cents', 'created_at'])
    .orderBy('created_at')
    .execute();
  const byCustomer = new Map(world.people.map((person) => [person.customerId, person]));
  const paidCents = charges.reduce((sum, charge) => sum + charge.amount_cents, 0);
  const refundedCents = refunds.reduce((sum, refund) => sum + refund.amount_cents, 0);

  // Each refund of a charge, with what the charge kept after it.
  const refundsOf = new Map<string, { at: number; kept: number }[]>();
  const left = new Map(charges.map((charge) => [charge.id, charge.amount_cents]));
  for (const refund of refunds) {
    const rest = left.get(refund.charge_id)! - refund.amount_cents;
    left.set(refund.charge_id, rest);
    refundsOf.set(refund.charge_id, [
      ...(refundsOf.get(refund.charge_id) ?? []),
      { at: refund.created_at.getTime(), kept: rest },
    ]);
  }

  const rewards = new Map<string, ModelReward>();
  const firstPaid = new Set<string>();
  for (const charge of charges) {
    const person = byCustomer.get(charge.customer_id)!;
    if (person.referrer === null) continue;
    const referrerId = world.people[person.referrer]!.id;
    let amount: number;
    if (person.option === 2) {
      if (firstPaid.has(person.id)) continue;
      amount = charge.amount_cents;
    } else amount = Math.floor(charge.amount_cents / 10);
    firstPaid.add(person.id);
    if (amount <= 0) continue;
    rewards.set(charge.id, {
      referrerId,
      amount,
      accrued: amount,
      oneTime: person.option === 2,
      windowEnd: charge.created_at.getTime() + WINDOW,
      status: 'pending',
    });
  }

  // Time in order: window ends, refunds and the 1st of each month crossed (its payout).
  type Step = { at: number; order: number; run: () => void };
  const steps: Step[] = [];
  for (const [chargeId, reward] of rewards) {
    if (reward.windowEnd <= end.getTime()) {
      steps.push({
        at: reward.windowEnd,
        order: 0,
        run: () => {
          if (reward.status === 'pending') reward.status = 'released';
        },
      });
    }
    for (const { at, kept } of refundsOf.get(chargeId) ?? []) {
      steps.push({
        at,
        order: 1,
        run: () => {
          if (reward.status === 'voided' || reward.status === 'clawed') return;
          const earns = reward.oneTime ? kept : Math.floor(kept / 10);
          const target = kept <= 0 ? 0 : Math.min(reward.accrued, earns);
          if (target >= reward.amount) return;
          if (target > 0) {
            if (reward.status === 'paid') {
              owed.set(reward.referrerId, (owed.get(reward.referrerId) ?? 0) + reward.amount - target);
            }
            reward.amount = target;
          } else if (reward.status === 'paid') {
            reward.status = 'clawed';
            owed.set(reward.referrerId, (owed.get(reward.referrerId) ?? 0) + reward.amount);
          } else reward.status = 'voided';
        },
      });
    }
  }
  const owed = new Map<string, number>();
  const transfers = new Map<string, number>();
  const paid = new Map<string, number>();
  const first = new Date(charges[0]!.created_at);
  for (
    let boundary = Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 1);
    boundary <= end.getTime();
    boundary = Date.UTC(new Date(boundary).getUTCFullYear(), new Date(boundary).getUTCMonth() + 1, 1)
  ) {
    const month = new Date(boundary - 1).toISOString().slice(0, 7);
    steps.push({
      at: boundary,
      order: 2,
      run: () => {
        for (const person of world.people.filter((p) => p.ready)) {
          const due = [...rewards.values()].filter(
            (reward) => reward.referrerId === person.id && reward.status === 'released',
          );
          const gross = due.reduce((sum, reward) => sum + reward.amount, 0);
          if (gross === 0) continue;
          const taken = Math.min(gross, owed.get(person.id) ?? 0);
          owed.set(person.id, (owed.get(person.id) ?? 0) - taken);
          for (const reward of due) reward.status = 'paid';
          paid.set(person.id, (paid.get(person.id) ?? 0) + gross - taken);
          if (gross - taken > 0) transfers.set(`referral-payout-${person.id}-${month}`, gross - taken);
        }
      },
    });
  }
  steps.sort((a, b) => a.at - b.at || a.order - b.order);
  for (const step of steps) step.run();

  const balances = new Map<string, Awaited<ReturnType<typeof referralBalances>>>();
  for (const person of world.people.slice(0, REFERRERS)) {
    const mine = [...rewards.values()].filter((reward) => reward.referrerId === person.id);
    const sum = (status: ModelReward['status']) =>
      mine.filter((reward) => reward.status === status).reduce((total, reward) => total + reward.amount, 0);
    balances.set(person.id, {
      pendingCents: sum('pending'),
      releasedCents: sum('released'),
      paidCents: paid.get(person.id) ?? 0,
      voidedCents: sum('voided'),
      clawbackOwedCents: owed.get(person.id) ?? 0,
    });
  }
  const cases: Record<string, number> = {};
  for (const { status } of rewards.values()) cases[`reward ${status}`] = (cases[`reward ${status}`] ?? 0) + 1;
  return { balances, transfers, paidCents, refundedCents, cases };
}

describe(`a year of billing for ${MEMBERS} members through the local test clock`, () => {
  it('month by month matches the model; in jumps of 3, 5 and 4 months it records the same balances and payouts', async () => {
    // Two worlds, each in its own database: run side by side.
    const [straight, jumped] = await Promise.all([
      runYear(Array.from({ length: 12 }, () => 1)),
      runYear([3, 5, 4]),
    ]);
    expect(jumped).toEqual(straight);
    // The scenario reached every case it was built for.
    expect(straight.cases).toEqual({
      'reward pending': expect.any(Number),
      'reward released': expect.any(Number),
      'reward paid': expect.any(Number),
      'reward voided': expect.any(Number),
      'reward clawed': expect.any(Number),
      'invoice subscription_create paid': 80,
      'invoice subscription_cycle paid': expect.any(Number),
      'invoice subscription_cycle open': expect.any(Number),
      'invoice subscription_update paid': expect.any(Number),
    });
    expect(Object.values(straight.cases).every((count) => count > 0)).toBe(true);
    expect(Object.keys(straight.transfers).length).toBeGreaterThan(REFERRERS);
    expect(Object.values(straight.plans).some((p) => p?.status === 'canceled')).toBe(true);
  }, 180_000);
});
