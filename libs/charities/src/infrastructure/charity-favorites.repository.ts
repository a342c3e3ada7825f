import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { sql, type Kysely } from 'kysely';
import { DATABASE } from '@arena/database';
import type { FavoriteCharity } from '@arena/contracts';
import { MAX_FAVORITES_PER_MEMBER, tooManyFavorites } from '../domain/charity-community.errors';
import type { CharitiesTables } from './charities.tables';
import type { CharityCommunityTables } from './charity-community.tables';

export interface NewFavorite {
  ein: string;
  name: string;
  logoUrl: string | null;
  category: string | null;
}

/** A member's favorite charities: one row per member and EIN. */
@Injectable()
export class CharityFavoritesRepository {
  constructor(
    @Inject(DATABASE)
    private readonly db: Kysely<CharityCommunityTables & Pick<CharitiesTables, 'charity_onboardings'>>,
  ) {}

  /**
   * The member's favorites, newest first. The only read of favorites: `charity.id` is our charity's id
   * once the nonprofit has started onboarding (its row in charity_onboardings, by EIN), else null.
   */
  async list(accountId: string): Promise<FavoriteCharity[]> {
    const rows = await this.db
      .selectFrom('charity_favorites as favorite')
      .leftJoin('charity_onboardings as onboarding', 'onboarding.ein', 'favorite.ein')
      .select([
        'favorite.id',
        'favorite.ein',
        'favorite.name',
        'favorite.logo_url',
        'favorite.category',
        'favorite.created_at',
        'onboarding.charity_id',
      ])
      .where('favorite.account_id', '=', accountId)
      .orderBy('favorite.created_at', 'desc')
      .orderBy('favorite.id', 'desc')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      charity: {
        id: row.charity_id,
        name: row.name,
        logoUrl: row.logo_url,
        category: row.category,
        ein: row.ein,
      },
      createdAt: row.created_at.toISOString(),
    }));
  }

  /**
   * Adds the favorite unless the member has it already (then nothing changes). The member's rows are
   * locked while counting, so concurrent adds cannot pass the cap together.
   */
  async add(accountId: string, favorite: NewFavorite, at: Date): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(hashtext('charity_favorites'), hashtext(${accountId}))`.execute(
        trx,
      );
      const existing = await trx
        .selectFrom('charity_favorites')
        .select((eb) => [
          eb.fn.countAll<string>().as('count'),
          eb.fn.countAll<string>().filterWhere('ein', '=', favorite.ein).as('same'),
        ])
        .where('account_id', '=', accountId)
        .executeTakeFirstOrThrow();
      if (Number(existing.same) > 0) return;
      if (Number(existing.count) >= MAX_FAVORITES_PER_MEMBER) throw tooManyFavorites();
      await trx
        .insertInto('charity_favorites')
        .values({
          id: randomUUID(),
          account_id: accountId,
          ein: favorite.ein,
          name: favorite.name,
          logo_url: favorite.logoUrl,
          category: favorite.category,
          created_at: at,
        })
        .onConflict((conflict) => conflict.columns(['account_id', 'ein']).doNothing())
        .execute();
    });
  }

  /** Removes the member's favorite of that EIN; nothing happens when there is none. */
  async remove(accountId: string, ein: string): Promise<void> {
    await this.db
      .deleteFrom('charity_favorites')
      .where('account_id', '=', accountId)
      .where('ein', '=', ein)
      .execute();
  }
}
