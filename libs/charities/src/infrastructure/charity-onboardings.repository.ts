import { Inject, Injectable } from '@nestjs/common';
import { sql, type Kysely, type Selectable } from 'kysely';
import { DATABASE } from '@arena/database';
import type { CharitiesTables } from './charities.tables';

export type CharityOnboardingRow = Selectable<CharitiesTables['charity_onboardings']>;

/** A return from the provider's onboarding asks about the account at most once in this many seconds. */
export const ACCOUNT_CHECK_CLAIM_SECONDS = 10;

/**
 * Which EIN a charity id names, who manages it and which connected account it has. The stream decides
 * all three; this only finds a stream at once by id or account. Every write is an idempotent upsert, and
 * each link call writes it again, so a crash between the stream's append and this row heals on resume.
 */
@Injectable()
export class CharityOnboardingsRepository {
  constructor(@Inject(DATABASE) private readonly db: Kysely<CharitiesTables>) {}

  /**
   * Written as the stream's (new) onboarding lands, and again by every link call. A newer onboarding of
   * the EIN (the last one expired or was ended) closes the row of the one before: the EIN is unique among
   * live rows only.
   */
  async remember(row: {
    charityId: string;
    ein: string;
    managerId: string;
    createdAt: Date;
    review: string;
  }): Promise<void> {
    await this.db
      .updateTable('charity_onboardings')
      .set({ closed_at: sql<Date>`now()` })
      .where('ein', '=', row.ein)
      .where('charity_id', '<>', row.charityId)
      .where('closed_at', 'is', null)
      .execute();
    await this.db
      .insertInto('charity_onboardings')
      .values({
        charity_id: row.charityId,
        ein: row.ein,
        manager_id: row.managerId,
        stripe_account_id: null,
        created_at: row.createdAt,
        review: row.review,
      })
      // No conflict target: with one (charity_id), PostgreSQL still raises the other unique index's (ein)
      // violation when 50 requests of one member insert the same row at once; the stream has already decided
      // who holds the EIN, so any existing row is this one.
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  }

  /** What the stream decided about the review and the end of an onboarding (issue 21). */
  async recordReview(charityId: string, review: string, closed: boolean): Promise<void> {
    await this.db
      .updateTable('charity_onboardings')
      .set((eb) => ({
        review,
        closed_at: closed ? eb.fn.coalesce('closed_at', sql<Date>`now()`) : eb.ref('closed_at'),
      }))
      .where('charity_id', '=', charityId)
      .execute();
  }

  /**
   * How many onboardings the member holds open at `now`: live (not superseded or ended), started less than
   * `ttlDays` ago, and no payout account enabled yet. An index range on (manager_id, created_at): at most
   * the member's onboardings of the last week.
   */
  async countOpen(managerId: string, now: Date, ttlDays: number): Promise<number> {
    const row = await this.db
      .selectFrom('charity_onboardings')
      .select((eb) => eb.fn.countAll<string>().as('open'))
      .where('manager_id', '=', managerId)
      .where('closed_at', 'is', null)
      .where('payouts_enabled', '=', false)
      .where('created_at', '>', new Date(now.getTime() - ttlDays * 24 * 60 * 60 * 1000))
      .executeTakeFirst();
    return Number(row?.open ?? 0);
  }

  /** The operators' queue: live onboardings waiting for a review, oldest first (a partial index). */
  pendingReviews(limit: number): Promise<CharityOnboardingRow[]> {
    return this.db
      .selectFrom('charity_onboardings')
      .selectAll()
      .where('review', '=', 'PENDING')
      .where('closed_at', 'is', null)
      .orderBy('created_at')
      .limit(limit)
      .execute();
  }

  async rememberAccount(charityId: string, stripeAccountId: string): Promise<void> {
    await this.db
      .updateTable('charity_onboardings')
      .set({ stripe_account_id: stripeAccountId })
      .where('charity_id', '=', charityId)
      .execute();
  }

  byId(charityId: string): Promise<CharityOnboardingRow | undefined> {
    return this.db
      .selectFrom('charity_onboardings')
      .selectAll()
      .where('charity_id', '=', charityId)
      .executeTakeFirst();
  }

  /** The EIN's live onboarding (its last, unless an operator ended it). */
  byEin(ein: string): Promise<CharityOnboardingRow | undefined> {
    return this.db
      .selectFrom('charity_onboardings')
      .selectAll()
      .where('ein', '=', ein)
      .where('closed_at', 'is', null)
      .executeTakeFirst();
  }

  byAccount(stripeAccountId: string): Promise<CharityOnboardingRow | undefined> {
    return this.db
      .selectFrom('charity_onboardings')
      .selectAll()
      .where('stripe_account_id', '=', stripeAccountId)
      .executeTakeFirst();
  }

  /** The member's charities, newest first (an onboarding an operator ended or a newer one replaced is gone). */
  managedBy(managerId: string): Promise<CharityOnboardingRow[]> {
    return this.db
      .selectFrom('charity_onboardings')
      .selectAll()
      .where('manager_id', '=', managerId)
      .where('closed_at', 'is', null)
      .orderBy('created_at', 'desc')
      .orderBy('charity_id')
      .limit(100)
      .execute();
  }

  /** Written with the stream's state after each record of the account: what the re-check job reads. */
  async setPayoutsEnabled(charityId: string, payoutsEnabled: boolean): Promise<void> {
    await this.db
      .updateTable('charity_onboardings')
      .set({ payouts_enabled: payoutsEnabled })
      .where('charity_id', '=', charityId)
      .where('payouts_enabled', '<>', payoutsEnabled)
      .execute();
  }

  /**
   * Claims the right to ask the provider about the charity's pending account now: true for one caller in
   * ACCOUNT_CHECK_CLAIM_SECONDS however many ask at once, across processes (a conditional update), so a
   * burst of returns from the onboarding, or a job run beside them, makes one provider call. False for
   * an account already able to take payouts, or none.
   */
  async claimAccountCheck(charityId: string): Promise<CharityOnboardingRow | undefined> {
    return this.db
      .updateTable('charity_onboardings')
      .set({ account_checked_at: sql<Date>`now()` })
      .where('charity_id', '=', charityId)
      .where('stripe_account_id', 'is not', null)
      .where('payouts_enabled', '=', false)
      .where((eb) =>
        eb.or([
          eb('account_checked_at', 'is', null),
          eb(
            'account_checked_at',
            '<',
            sql<Date>`now() - make_interval(secs => ${ACCOUNT_CHECK_CLAIM_SECONDS})`,
          ),
        ]),
      )
      .returningAll()
      .executeTakeFirst();
  }

  /**
   * Charities whose account is not yet able to take payouts, the longest unasked first (never asked,
   * then by when last asked, then oldest): an index scan of the pending rows only
   * (charity_onboardings_pending_accounts), `limit` rows at most.
   */
  pendingAccounts(limit: number): Promise<CharityOnboardingRow[]> {
    return this.db
      .selectFrom('charity_onboardings')
      .selectAll()
      .where('stripe_account_id', 'is not', null)
      .where('payouts_enabled', '=', false)
      .where('closed_at', 'is', null)
      .orderBy(sql`account_checked_at NULLS FIRST`)
      .orderBy('created_at')
      .limit(limit)
      .execute();
  }
}
