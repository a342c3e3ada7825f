import { sql, type Transaction } from 'kysely';
import type { Projector, TableNames } from '@arena/projection-runner';
import { REFERRAL_EVENT_TYPES, type ReferralEvent } from '@arena/referrals/events';

type Base =
  | 'referral_balance_events'
  | 'referral_balance_referrers'
  | 'referral_balance_referred'
  | 'referral_balance_rewards'
  | 'referral_balance_payouts';

/** A paid reward whose payment was refunded later: shown as voided, its amount taken from later payouts. */
export const CLAWED_BACK = 'clawed-back';

/**
 * Referral balances (issue 13): per referrer their mode and clawback, the members they referred, each
 * reward with its status, and the monthly payouts. Each event is recorded by id first: one already there
 * is a redelivery and changes nothing. A referrer's events come in order (one stream per referrer), and
 * nothing here is written by two streams.
 */
export const referralBalancesProjector: Projector<Base> = {
  name: 'referral_balances',
  version: 1,
  eventTypes: REFERRAL_EVENT_TYPES,
  tables: [
    'referral_balance_events',
    'referral_balance_referrers',
    'referral_balance_referred',
    'referral_balance_rewards',
    'referral_balance_payouts',
  ],

  async createTables(db, names: TableNames<Base>) {
    await sql`CREATE TABLE ${sql.table(names.referral_balance_events)} (event_id text PRIMARY KEY)`.execute(
      db,
    );
    await sql`
      CREATE TABLE ${sql.table(names.referral_balance_referrers)} (
        referrer_id uuid PRIMARY KEY,
        reward_mode text NOT NULL,
        clawed_back_cents bigint NOT NULL
      )`.execute(db);
    await sql`
      CREATE TABLE ${sql.table(names.referral_balance_referred)} (
        referred_member_id uuid PRIMARY KEY,
        referrer_id uuid NOT NULL,
        username text NOT NULL,
        reward_mode text NOT NULL,
        joined_at timestamptz NOT NULL
      )`.execute(db);
    await sql`
      CREATE TABLE ${sql.table(names.referral_balance_rewards)} (
        reward_id text PRIMARY KEY,
        referrer_id uuid NOT NULL,
        referred_member_id uuid NOT NULL,
        referred_username text NOT NULL,
        reward_mode text NOT NULL,
        payment_cents bigint NOT NULL,
        amount_cents bigint NOT NULL,
        status text NOT NULL,
        accrued_at timestamptz NOT NULL,
        releases_at timestamptz NOT NULL,
        paid_at timestamptz,
        void_reason text,
        payout_id text
      )`.execute(db);
    await sql`
      CREATE TABLE ${sql.table(names.referral_balance_payouts)} (
        payout_id text PRIMARY KEY,
        referrer_id uuid NOT NULL,
        month text NOT NULL,
        gross_cents bigint NOT NULL,
        clawback_cents bigint NOT NULL,
        amount_cents bigint NOT NULL,
        transfer_id text NOT NULL,
        paid_at timestamptz NOT NULL
      )`.execute(db);
  },

  async createIndexes(db, names: TableNames<Base>) {
    const index = (table: string, suffix: string) => sql.id(`${table}_${suffix}`);
    const { referral_balance_referred, referral_balance_rewards, referral_balance_payouts } = names;
    await sql`CREATE INDEX IF NOT EXISTS ${index(referral_balance_referred, 'by_referrer')}
      ON ${sql.table(referral_balance_referred)} (referrer_id, joined_at)`.execute(db);
    await sql`CREATE INDEX IF NOT EXISTS ${index(referral_balance_rewards, 'by_referrer')}
      ON ${sql.table(referral_balance_rewards)} (referrer_id, accrued_at)`.execute(db);
    await sql`CREATE INDEX IF NOT EXISTS ${index(referral_balance_payouts, 'by_referrer')}
      ON ${sql.table(referral_balance_payouts)} (referrer_id, month)`.execute(db);
  },

  async apply(trx, events, names) {
    for (const recorded of events) {
      const fresh = await trx
        .insertInto(names.referral_balance_events)
        .values({ event_id: recorded.id })
        .onConflict((conflict) => conflict.column('event_id').doNothing())
        .returning('event_id')
        .executeTakeFirst();
      if (!fresh) continue;
      await applyEvent(trx, names, { type: recorded.type, data: recorded.data } as ReferralEvent);
    }
  },
};

async function referrer(trx: Transaction<any>, names: TableNames<Base>, referrerId: string) {
  await trx
    .insertInto(names.referral_balance_referrers)
    .values({ referrer_id: referrerId, reward_mode: 'recurring', clawed_back_cents: 0 })
    .onConflict((conflict) => conflict.column('referrer_id').doNothing())
    .execute();
}

async function applyEvent(
  trx: Transaction<any>,
  names: TableNames<Base>,
  event: ReferralEvent,
): Promise<void> {
  const rewards = names.referral_balance_rewards;
  await referrer(trx, names, event.data.referrerId);
  switch (event.type) {
    case 'ReferralRegistered': {
      const { referredMemberId, referrerId, referredUsername, rewardMode, registeredAt } = event.data;
      await trx
        .insertInto(names.referral_balance_referred)
        .values({
          referred_member_id: referredMemberId,
          referrer_id: referrerId,
          username: referredUsername,
          reward_mode: rewardMode,
          joined_at: registeredAt,
        })
        .onConflict((conflict) => conflict.column('referred_member_id').doNothing())
        .execute();
      return;
    }
    case 'ReferralRewardModeChosen':
      await trx
        .updateTable(names.referral_balance_referrers)
        .set({ reward_mode: event.data.rewardMode })
        .where('referrer_id', '=', event.data.referrerId)
        .execute();
      return;
    case 'ReferralRewardAccrued': {
      const data = event.data;
      const referred = await trx
        .selectFrom(names.referral_balance_referred)
        .select('username')
        .where('referred_member_id', '=', data.referredMemberId)
        .executeTakeFirst();
      await trx
        .insertInto(rewards)
        .values({
          reward_id: data.rewardId,
          referrer_id: data.referrerId,
          referred_member_id: data.referredMemberId,
          referred_username: (referred?.username as string | undefined) ?? '',
          reward_mode: data.rewardMode,
          payment_cents: data.paymentCents,
          amount_cents: data.amountCents,
          status: 'pending',
          accrued_at: data.accruedAt,
          releases_at: data.refundWindowEndsAt,
        })
        .onConflict((conflict) => conflict.column('reward_id').doNothing())
        .execute();
      return;
    }
    case 'ReferralRewardReleased':
      await trx
        .updateTable(rewards)
        .set({ status: 'released' })
        .where('reward_id', '=', event.data.rewardId)
        .execute();
      return;
    case 'ReferralRewardVoided':
      await trx
        .updateTable(rewards)
        .set({ status: 'voided', void_reason: event.data.reason })
        .where('reward_id', '=', event.data.rewardId)
        .execute();
      return;
    case 'ReferralRewardClawedBack':
      await trx
        .updateTable(rewards)
        .set({ status: 'voided', void_reason: CLAWED_BACK })
        .where('reward_id', '=', event.data.rewardId)
        .execute();
      await addClawback(trx, names, event.data.referrerId, event.data.amountCents);
      return;
    case 'ReferralRewardReduced': {
      // Issue 21: a partial refund; once paid, the difference is owed and taken from later payouts.
      const { rewardId, amountCents, reducedCents, clawedBack, referrerId } = event.data;
      await trx
        .updateTable(rewards)
        .set({ amount_cents: amountCents })
        .where('reward_id', '=', rewardId)
        .execute();
      if (clawedBack) await addClawback(trx, names, referrerId, reducedCents);
      return;
    }
    case 'ReferralRewardPaid': {
      const data = event.data;
      await trx
        .insertInto(names.referral_balance_payouts)
        .values({
          payout_id: data.payoutId,
          referrer_id: data.referrerId,
          month: data.month,
          gross_cents: data.grossCents,
          clawback_cents: data.clawbackCents,
          amount_cents: data.amountCents,
          transfer_id: data.transferId,
          paid_at: data.paidAt,
        })
        .onConflict((conflict) => conflict.column('payout_id').doNothing())
        .execute();
      if (data.rewardIds.length === 0) return;
      // A reward refunded (in whole or in part) after the payout was fixed went out anyway: what the gross paid
      // over the rewards as they are now is owed back (as the decider says).
      const earned = await trx
        .selectFrom(rewards)
        .select(sql<string>`coalesce(sum(amount_cents), 0)`.as('cents'))
        .where('reward_id', 'in', data.rewardIds)
        .where('status', '=', 'released')
        .executeTakeFirst();
      await addClawback(trx, names, data.referrerId, data.grossCents - Number(earned?.cents ?? 0));
      await trx
        .updateTable(rewards)
        .set({ status: 'paid', paid_at: data.paidAt, payout_id: data.payoutId })
        .where('reward_id', 'in', data.rewardIds)
        .where('status', '=', 'released')
        .execute();
      await trx
        .updateTable(rewards)
        .set({ void_reason: CLAWED_BACK, paid_at: data.paidAt, payout_id: data.payoutId })
        .where('reward_id', 'in', data.rewardIds)
        .where('status', '=', 'voided')
        .execute();
      return;
    }
  }
}

async function addClawback(
  trx: Transaction<any>,
  names: TableNames<Base>,
  referrerId: string,
  cents: number,
) {
  if (cents === 0) return;
  await trx
    .updateTable(names.referral_balance_referrers)
    .set({ clawed_back_cents: sql`clawed_back_cents + ${cents}` })
    .where('referrer_id', '=', referrerId)
    .execute();
}
