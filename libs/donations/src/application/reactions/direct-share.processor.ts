import { Injectable, Logger } from '@nestjs/common';
import { JobName, JobsService, type JobHandler, type JobPayloads } from '@arena/jobs';
import { derivedEventIds, donationIdFrom } from '../donation-ids';
import { DonationStreams } from '../donation-streams';
import { PlatformChoice } from '../platform-choice';
import { directShareJobId, PrizeFlow } from './prize-flow';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * DirectUndirectedShare: a share's days are over, Charity Arena directs what is left of it (the platform's
 * choice). No verified charity yet: it queues itself for the next day. Ids derive from the share, so a
 * redelivered job directs once.
 */
@Injectable()
export class DirectUndirectedShareProcessor implements JobHandler<JobName.DirectUndirectedShare> {
  readonly jobName = JobName.DirectUndirectedShare;
  private readonly logger = new Logger('DirectUndirectedShare');

  constructor(
    private readonly streams: DonationStreams,
    private readonly choice: PlatformChoice,
    private readonly flow: PrizeFlow,
    private readonly jobs: JobsService,
  ) {}

  async handle({ memberId, shareId }: JobPayloads[JobName.DirectUndirectedShare]): Promise<string> {
    const balance = await this.streams.loadBalance(memberId);
    const entry = balance.shares.find(({ share }) => share.shareId === shareId);
    if (!entry || entry.remainingCents === 0) return `share ${shareId}: nothing left to direct`;
    const now = new Date();
    const charity = await this.choice.choose(now);
    if (!charity) {
      // Tomorrow's try has its own id (one per day), so a redelivery of today's queues it once.
      await this.jobs.enqueue(
        JobName.DirectUndirectedShare,
        { memberId, shareId },
        { jobId: `${directShareJobId(shareId)}-${now.toISOString().slice(0, 10)}`, delay: DAY_MS },
      );
      this.logger.warn(`share ${shareId}: no verified charity yet, retrying tomorrow`);
      return `share ${shareId}: no verified charity yet, retrying tomorrow`;
    }
    const cause = `share-remainder:${shareId}`;
    const donationId = donationIdFrom(cause);
    const eventIds = derivedEventIds(cause);
    await this.streams.balance(
      {
        type: 'DirectShareRemainder',
        data: {
          memberId,
          shareId,
          donationId,
          charityEin: charity.ein,
          charityName: charity.name,
          directedAt: now.toISOString(),
        },
      },
      eventIds,
    );
    const directed = await this.streams.balanceDirection(memberId, donationId);
    if (directed) await this.flow.balanceDirected(eventIds(0), directed);
    return `share ${shareId}: ${entry.remainingCents} cents directed to ${charity.ein}`;
  }
}
