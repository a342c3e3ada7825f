import { sql, type Kysely } from 'kysely';
import type { ReferralBalances, ReferralReward, RewardMode, RewardStatus } from '@arena/contracts';
import { CLAWED_BACK } from './referral-balances.projection';

export interface ReferralBalancesTables {
  referral_balance_referrers: {
    referrer_id: string;
    reward_mode: RewardMode;
    clawed_back_cents: string | number;
  };
  referral_balance_referred: {
    referred_member_id: string;
    referrer_id: string;
    username: string;
    reward_mode: RewardMode;
    joined_at: Date;
  };
  referral_balance_rewards: {
    reward_id: string;
    referrer_id: string;
    referred_member_id: string;
    referred_username: string;
    reward_mode: RewardMode;
    payment_cents: string | number;
    amount_cents: string | number;
    status: RewardStatus;
    accrued_at: Date;
    releases_at: Date;
    paid_at: Date | null;
    void_reason: string | null;
    payout_id: string | null;
  };
  referral_balance_payouts: {
    payout_id: string;
    referrer_id: string;
    month: string;
    gross_cents: string | number;
    clawback_cents: string | number;
    amount_cents: string | number;
    transfer_id: string;
    paid_at: Date;
  };
}

type Db = Kysely<ReferralBalancesTables>;

/** The referrer's chosen mode (recurring until they choose), as the read model knows it. */
export async function referrerMode(db: Db, referrerId: string): Promise<RewardMode> {
  const row = await db
    .selectFrom('referral_balance_referrers')
    .select('reward_mode')
    .where('referrer_id', '=', referrerId)
    .executeTakeFirst();
  return row?.reward_mode ?? 'recurring';
}

/**
 * Pending (inside the refund window), released (waiting for the payout, or a payout account), paid (what
 * the payouts sent), voided (never to be paid; clawed-back rewards count in clawback instead) and the
 * clawback still owed.
 */
export async function referralBalances(db: Db, referrerId: string): Promise<ReferralBalances> {
  const sums = await db
    .selectFrom('referral_balance_rewards')
    .select([
      sql<string>`coalesce(sum(amount_cents) FILTER (WHERE status = 'pending'), 0)`.as('pending'),
      sql<string>`coalesce(sum(amount_cents) FILTER (WHERE status = 'released'), 0)`.as('released'),
      sql<string>`coalesce(sum(amount_cents) FILTER (WHERE status = 'voided' AND void_reason <> ${CLAWED_BACK}), 0)`.as(
        'voided',
      ),
    ])
    .where('referrer_id', '=', referrerId)
    .executeTakeFirstOrThrow();
  const payouts = await db
    .selectFrom('referral_balance_payouts')
    .select([
      sql<string>`coalesce(sum(amount_cents), 0)`.as('paid'),
      sql<string>`coalesce(sum(clawback_cents), 0)`.as('taken'),
    ])
    .where('referrer_id', '=', referrerId)
    .executeTakeFirstOrThrow();
  const referrer = await db
    .selectFrom('referral_balance_referrers')
    .select('clawed_back_cents')
    .where('referrer_id', '=', referrerId)
    .executeTakeFirst();
  return {
    pendingCents: Number(sums.pending),
    releasedCents: Number(sums.released),
    paidCents: Number(payouts.paid),
    voidedCents: Number(sums.voided),
    clawbackOwedCents: Math.max(0, Number(referrer?.clawed_back_cents ?? 0) - Number(payouts.taken)),
  };
}

export async function referralRewards(db: Db, referrerId: string): Promise<ReferralReward[]> {
  const rows = await db
    .selectFrom('referral_balance_rewards')
    .selectAll()
    .where('referrer_id', '=', referrerId)
    .orderBy('accrued_at', 'desc')
    .orderBy('reward_id', 'desc')
    .limit(500)
    .execute();
  return rows.map((row) => ({
    id: row.reward_id,
    referredUsername: row.referred_username,
    rewardMode: row.reward_mode,
    paymentCents: Number(row.payment_cents),
    amountCents: Number(row.amount_cents),
    status: row.status,
    accruedAt: new Date(row.accrued_at).toISOString(),
    releasesAt: new Date(row.releases_at).toISOString(),
    paidAt: row.paid_at ? new Date(row.paid_at).toISOString() : null,
    voidReason: row.void_reason,
  }));
}

export async function referredMembers(db: Db, referrerId: string) {
  return db
    .selectFrom('referral_balance_referred')
    .select([
      'referred_member_id as memberId',
      'username',
      'joined_at as joinedAt',
      'reward_mode as rewardMode',
    ])
    .where('referrer_id', '=', referrerId)
    .orderBy('joined_at', 'desc')
    .limit(500)
    .execute();
}

export async function referralPayouts(db: Db, referrerId: string) {
  const rows = await db
    .selectFrom('referral_balance_payouts')
    .selectAll()
    .where('referrer_id', '=', referrerId)
    .orderBy('month', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.payout_id,
    month: row.month,
    amountCents: Number(row.amount_cents),
    paidAt: new Date(row.paid_at).toISOString(),
    transferId: row.transfer_id,
  }));
}
