import { Inject, Injectable } from '@nestjs/common';
import { sql, type Kysely } from 'kysely';
import { DATABASE } from '@arena/database';
import type { CharitiesTables } from './charities.tables';

export interface LikedStoryRow {
  id: string;
  charity_id: string;
  title: string;
  caption: string;
  video_url: string | null;
  published_at: Date;
  likes: string | number;
  liked_by_me: boolean;
}

/** Members' likes of impact stories: one per member and story, so liking twice counts once. */
@Injectable()
export class ImpactStoryLikesRepository {
  constructor(@Inject(DATABASE) private readonly db: Kysely<CharitiesTables>) {}

  storyExists(storyId: string): Promise<boolean> {
    return this.db
      .selectFrom('charity_impact_stories')
      .select('id')
      .where('id', '=', storyId)
      .executeTakeFirst()
      .then(Boolean);
  }

  async like(storyId: string, memberId: string, at: Date): Promise<void> {
    await this.db
      .insertInto('impact_story_likes')
      .values({ story_id: storyId, member_id: memberId, liked_at: at })
      .onConflict((conflict) => conflict.columns(['story_id', 'member_id']).doNothing())
      .execute();
  }

  async unlike(storyId: string, memberId: string): Promise<void> {
    await this.db
      .deleteFrom('impact_story_likes')
      .where('story_id', '=', storyId)
      .where('member_id', '=', memberId)
      .execute();
  }

  async likesOf(storyId: string, memberId: string): Promise<{ likes: number; likedByMe: boolean }> {
    const row = await this.db
      .selectFrom('impact_story_likes')
      .select([
        sql<string>`count(*)`.as('likes'),
        sql<boolean>`coalesce(bool_or(member_id = ${memberId}), false)`.as('mine'),
      ])
      .where('story_id', '=', storyId)
      .executeTakeFirstOrThrow();
    return { likes: Number(row.likes), likedByMe: row.mine };
  }

  /** The stories of these charities, most liked first, then newest. */
  mostLiked(charityIds: readonly string[], memberId: string | null, limit: number): Promise<LikedStoryRow[]> {
    if (charityIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('charity_impact_stories as story')
      .leftJoin('impact_story_likes as like', 'like.story_id', 'story.id')
      .select([
        'story.id',
        'story.charity_id',
        'story.title',
        'story.caption',
        'story.video_url',
        'story.published_at',
        sql<string>`count(${sql.ref('like.member_id')})`.as('likes'),
        sql<boolean>`coalesce(bool_or(${sql.ref('like.member_id')} = ${memberId}), false)`.as('liked_by_me'),
      ])
      .where('story.charity_id', 'in', [...charityIds])
      .groupBy('story.id')
      .orderBy('likes', 'desc')
      .orderBy('story.published_at', 'desc')
      .orderBy('story.id')
      .limit(limit)
      .execute();
  }
}
