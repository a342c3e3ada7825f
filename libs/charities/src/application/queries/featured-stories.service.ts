import { Inject, Injectable } from '@nestjs/common';
import type { Kysely } from 'kysely';
import { DATABASE } from '@arena/database';
import { isUuid } from '@arena/text';
import type { FeaturedStories, StoryLike } from '@arena/contracts';
import { publishedCharityNames, type CharitiesTables } from '@arena/projections/charities/charities.queries';
import { storyNotFound } from '../../domain/charity.errors';
import { storyExcerpt } from '../../domain/story-excerpt';
import { ImpactStoryLikesRepository } from '../../infrastructure/impact-story-likes.repository';

const STORIES_FEATURED = 20;

/** The home carousel: published charities' impact stories, most liked first, and members' likes. */
@Injectable()
export class FeaturedStoriesService {
  constructor(
    @Inject(DATABASE) private readonly db: Kysely<CharitiesTables>,
    private readonly likes: ImpactStoryLikesRepository,
  ) {}

  async featured(memberId: string | null): Promise<FeaturedStories> {
    const charities = new Map((await publishedCharityNames(this.db)).map((row) => [row.charity_id, row]));
    const rows = await this.likes.mostLiked([...charities.keys()], memberId, STORIES_FEATURED);
    return {
      stories: rows.map((row) => {
        const charity = charities.get(row.charity_id)!;
        return {
          id: row.id,
          title: row.title,
          excerpt: storyExcerpt(row.caption),
          videoUrl: row.video_url,
          nonprofit: charity.name,
          nonprofitEin: charity.ein,
          likes: Number(row.likes),
          likedByMe: row.liked_by_me,
          publishedAt: row.published_at.toISOString(),
        };
      }),
    };
  }

  /** Liking again, or unliking what was never liked, changes nothing and answers the same. */
  async setLike(storyId: string, memberId: string, liked: boolean): Promise<StoryLike> {
    if (!isUuid(storyId) || !(await this.likes.storyExists(storyId))) throw storyNotFound();
    if (liked) await this.likes.like(storyId, memberId, new Date());
    else await this.likes.unlike(storyId, memberId);
    return { storyId, ...(await this.likes.likesOf(storyId, memberId)) };
  }
}
