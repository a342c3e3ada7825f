import { createHash, randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { ImpactStory, PublishStoryBody } from '@arena/contracts';
import { charityNotFound, notCharityManager, tooManyRequests } from '../../domain/charity.errors';
import { NonprofitDirectory } from '../../domain/nonprofit-directory';
import { CharityOnboardingsRepository } from '../../infrastructure/charity-onboardings.repository';
import { ImpactStoriesRepository, type ImpactStoryRow } from '../../infrastructure/impact-stories.repository';

/** A charity tells its story a few times a day at most; more is a script or a stuck button. */
export const STORIES_PER_DAY = 10;
const STORIES_SHOWN = 50;

/**
 * Impact stories: published by the charity's manager only, kept as plain text (the web renders them as
 * text, never as HTML), with an https video link at most. The same story sent twice is stored once.
 */
@Injectable()
export class ImpactStoriesService {
  constructor(
    private readonly onboardings: CharityOnboardingsRepository,
    private readonly stories: ImpactStoriesRepository,
    private readonly directory: NonprofitDirectory,
  ) {}

  async publish(memberId: string, ein: string, body: PublishStoryBody): Promise<ImpactStory> {
    const charity = await this.onboardings.byEin(ein);
    if (!charity) throw charityNotFound();
    if (charity.manager_id !== memberId) throw notCharityManager();
    const videoUrl = body.videoUrl ?? null;
    const contentHash = createHash('sha256')
      .update(JSON.stringify([body.title, body.caption, videoUrl]))
      .digest('hex');
    const repeated = await this.stories.find(charity.charity_id, contentHash);
    if (repeated) return toStory(repeated);
    const now = new Date();
    const recent = await this.stories.countSince(charity.charity_id, new Date(now.getTime() - 86_400_000));
    if (recent >= STORIES_PER_DAY) throw tooManyRequests();
    return toStory(
      await this.stories.publish({
        id: randomUUID(),
        charity_id: charity.charity_id,
        title: body.title,
        caption: body.caption,
        video_url: videoUrl,
        content_hash: contentHash,
        published_by: memberId,
        published_at: now,
      }),
    );
  }

  /** Newest first; a nonprofit of the data set that has not onboarded has none yet. */
  async list(ein: string): Promise<ImpactStory[]> {
    const charity = await this.onboardings.byEin(ein);
    if (!charity) {
      if (this.directory.findByEin(ein)) return [];
      throw charityNotFound();
    }
    return (await this.stories.newest(charity.charity_id, STORIES_SHOWN)).map(toStory);
  }
}

function toStory(row: ImpactStoryRow): ImpactStory {
  return {
    id: row.id,
    title: row.title,
    caption: row.caption,
    videoUrl: row.video_url,
    publishedAt: row.published_at.toISOString(),
  };
}
