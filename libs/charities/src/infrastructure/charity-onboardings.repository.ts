import { Inject, Injectable } from '@nestjs/common';
import type { Kysely } from 'kysely';
import { DATABASE } from '@arena/database';
import type { CharitiesTables } from './charities.tables';

export type CharityOnboardingRow = CharitiesTables['charity_onboardings'];

/**
 * Which EIN a charity id names, who manages it and which connected account it has. The stream decides
 * all three; this only finds a stream at once by id or account. Every write is an idempotent upsert, and
 * each link call writes it again, so a crash between the stream's append and this row heals on resume.
 */
@Injectable()
export class CharityOnboardingsRepository {
  constructor(@Inject(DATABASE) private readonly db: Kysely<CharitiesTables>) {}

  async remember(row: { charityId: string; ein: string; managerId: string; createdAt: Date }): Promise<void> {
    await this.db
      .insertInto('charity_onboardings')
      .values({
        charity_id: row.charityId,
        ein: row.ein,
        manager_id: row.managerId,
        stripe_account_id: null,
        created_at: row.createdAt,
      })
      .onConflict((conflict) => conflict.column('charity_id').doNothing())
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

  byEin(ein: string): Promise<CharityOnboardingRow | undefined> {
    return this.db.selectFrom('charity_onboardings').selectAll().where('ein', '=', ein).executeTakeFirst();
  }

  byAccount(stripeAccountId: string): Promise<CharityOnboardingRow | undefined> {
    return this.db
      .selectFrom('charity_onboardings')
      .selectAll()
      .where('stripe_account_id', '=', stripeAccountId)
      .executeTakeFirst();
  }

  /** The member's charities, newest first. */
  managedBy(managerId: string): Promise<CharityOnboardingRow[]> {
    return this.db
      .selectFrom('charity_onboardings')
      .selectAll()
      .where('manager_id', '=', managerId)
      .orderBy('created_at', 'desc')
      .orderBy('charity_id')
      .limit(100)
      .execute();
  }
}
