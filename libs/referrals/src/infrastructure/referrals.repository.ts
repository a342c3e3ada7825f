import { Inject, Injectable } from '@nestjs/common';
import { sql, type ColumnType, type Kysely } from 'kysely';
import { DATABASE } from '@arena/database';

export interface ReferralTables {
  referral_referrers: { member_id: string; first_referral_at: Date };
  referral_payouts: {
    member_id: string;
    month: string;
    reward_ids: string[];
    gross_cents: string | number;
    clawback_cents: string | number;
    amount_cents: string | number;
    destination_account_id: string;
    transfer_id: string | null;
    created_at: Date;
    paid_at: Date | null;
  };
  member_payout_accounts: {
    member_id: string;
    account_id: string;
    status: 'onboarding' | 'ready';
    created_at: Date;
    updated_at: Date;
    /** When the provider was last asked about it by the re-check job (20261127182000-PaymentAccountRechecks). */
    checked_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  };
}

/** A member's payout for one month, fixed before any money moves. */
export interface PayoutGuard {
  referrerId: string;
  month: string;
  rewardIds: string[];
  grossCents: number;
  clawbackCents: number;
  amountCents: number;
  destinationAccountId: string;
  transferId: string | null;
  paidAt: Date | null;
}

/** State beside the referral events: referrers, payout guards, payout accounts. */
@Injectable()
export class ReferralsRepository {
  constructor(@Inject(DATABASE) private readonly db: Kysely<ReferralTables>) {}

  async addReferrer(memberId: string, at: Date): Promise<void> {
    await this.db
      .insertInto('referral_referrers')
      .values({ member_id: memberId, first_referral_at: at })
      .onConflict((oc) => oc.column('member_id').doNothing())
      .execute();
  }

  async referrers(): Promise<string[]> {
    const rows = await this.db
      .selectFrom('referral_referrers')
      .select('member_id')
      .orderBy('member_id')
      .execute();
    return rows.map(({ member_id }) => member_id);
  }

  /** The first run's plan wins: a re-run reads it back, so the same amount goes under the same key. */
  async fixPayout(plan: Omit<PayoutGuard, 'transferId' | 'paidAt'>): Promise<PayoutGuard> {
    await this.db
      .insertInto('referral_payouts')
      .values({
        member_id: plan.referrerId,
        month: plan.month,
        reward_ids: plan.rewardIds,
        gross_cents: plan.grossCents,
        clawback_cents: plan.clawbackCents,
        amount_cents: plan.amountCents,
        destination_account_id: plan.destinationAccountId,
        created_at: new Date(),
      })
      .onConflict((oc) => oc.columns(['member_id', 'month']).doNothing())
      .execute();
    return (await this.payout(plan.referrerId, plan.month))!;
  }

  async payout(referrerId: string, month: string): Promise<PayoutGuard | undefined> {
    const row = await this.db
      .selectFrom('referral_payouts')
      .selectAll()
      .where('member_id', '=', referrerId)
      .where('month', '=', month)
      .executeTakeFirst();
    return row && guardOf(row);
  }

  /** Payouts fixed but not finished (a run died midway), oldest month first. */
  async unfinishedPayouts(referrerId: string): Promise<PayoutGuard[]> {
    const rows = await this.db
      .selectFrom('referral_payouts')
      .selectAll()
      .where('member_id', '=', referrerId)
      .where('paid_at', 'is', null)
      .orderBy('month')
      .execute();
    return rows.map(guardOf);
  }

  async recordTransfer(referrerId: string, month: string, transferId: string): Promise<void> {
    await this.db
      .updateTable('referral_payouts')
      .set({ transfer_id: transferId })
      .where('member_id', '=', referrerId)
      .where('month', '=', month)
      .execute();
  }

  /** Closes the plan: true for the one caller that closed it (a concurrent run gets false). */
  async markPaid(referrerId: string, month: string, at: Date): Promise<boolean> {
    const result = await this.db
      .updateTable('referral_payouts')
      .set({ paid_at: at })
      .where('member_id', '=', referrerId)
      .where('month', '=', month)
      .where('paid_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async payoutAccount(memberId: string) {
    return this.db
      .selectFrom('member_payout_accounts')
      .selectAll()
      .where('member_id', '=', memberId)
      .executeTakeFirst();
  }

  /**
   * The first account recorded for a member stays theirs (the provider answers the same one anyway).
   * Concurrent first calls insert the same (member, account) pair: without a conflict target, DO NOTHING
   * covers both unique indexes (a target on member_id alone let a racing insert fail on account_id).
   */
  async savePayoutAccount(memberId: string, accountId: string, status: 'onboarding' | 'ready') {
    await this.db
      .insertInto('member_payout_accounts')
      .values({
        member_id: memberId,
        account_id: accountId,
        status,
        created_at: new Date(),
        updated_at: new Date(),
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
    return this.payoutAccount(memberId);
  }

  /**
   * Members' payout accounts still onboarding, the longest unasked first (never asked, then by when last
   * asked, then oldest): a scan of the partial index member_payout_accounts_onboarding, `limit` at most.
   */
  async onboardingPayoutAccounts(limit: number): Promise<Array<{ member_id: string; account_id: string }>> {
    return this.db
      .selectFrom('member_payout_accounts')
      .select(['member_id', 'account_id'])
      .where('status', '=', 'onboarding')
      .orderBy(sql`checked_at NULLS FIRST`)
      .orderBy('created_at')
      .limit(limit)
      .execute();
  }

  /** Marks the account asked about now (it goes to the back of the re-check job's queue). */
  async markPayoutAccountChecked(accountId: string): Promise<void> {
    await this.db
      .updateTable('member_payout_accounts')
      .set({ checked_at: sql<Date>`now()` })
      .where('account_id', '=', accountId)
      .execute();
  }

  /** True when the account is a member's (a charity's account.updated is not ours). */
  async setPayoutAccountStatus(accountId: string, status: 'onboarding' | 'ready'): Promise<boolean> {
    const result = await this.db
      .updateTable('member_payout_accounts')
      .set({ status, updated_at: sql<Date>`now()` })
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}

function guardOf(row: ReferralTables['referral_payouts']): PayoutGuard {
  return {
    referrerId: row.member_id,
    month: row.month,
    rewardIds: row.reward_ids,
    grossCents: Number(row.gross_cents),
    clawbackCents: Number(row.clawback_cents),
    amountCents: Number(row.amount_cents),
    destinationAccountId: row.destination_account_id,
    transferId: row.transfer_id,
    paidAt: row.paid_at,
  };
}
