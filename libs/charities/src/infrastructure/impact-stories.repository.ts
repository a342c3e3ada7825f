import { Inject, Injectable } from '@nestjs/common';
import type { Kysely } from 'kysely';
import { DATABASE } from '@arena/database';
import type { CharitiesTables } from './charities.tables';

export type ImpactStoryRow = CharitiesTables['charity_impact_stories'];

/** The stories a charity's manager published (state: a story is content, not money or a result). */
@Injectable()
export class ImpactStoriesRepository {
  constructor(@Inject(DATABASE) private readonly db: Kysely<CharitiesTables>) {}

  /** Stores the story unless the same one is there already; answers the stored one either way. */
  async publish(story: ImpactStoryRow): Promise<ImpactStoryRow> {
    await this.db
      .insertInto('charity_impact_stories')
      .values(story)
      .onConflict((conflict) => conflict.columns(['charity_id', 'content_hash']).doNothing())
      .execute();
    return this.db
      .selectFrom('charity_impact_stories')
      .selectAll()
      .where('charity_id', '=', story.charity_id)
      .where('content_hash', '=', story.content_hash)
      .executeTakeFirstOrThrow();
  }

  find(charityId: string, contentHash: string): Promise<ImpactStoryRow | undefined> {
    return this.db
      .selectFrom('charity_impact_stories')
      .selectAll()
      .where('charity_id', '=', charityId)
      .where('content_hash', '=', contentHash)
      .executeTakeFirst();
  }

  async countSince(charityId: string, since: Date): Promise<number> {
    const row = await this.db
      .selectFrom('charity_impact_stories')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('charity_id', '=', charityId)
      .where('published_at', '>=', since)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  newest(charityId: string, limit: number): Promise<ImpactStoryRow[]> {
    return this.db
      .selectFrom('charity_impact_stories')
      .selectAll()
      .where('charity_id', '=', charityId)
      .orderBy('published_at', 'desc')
      .orderBy('id')
      .limit(limit)
      .execute();
  }
}
