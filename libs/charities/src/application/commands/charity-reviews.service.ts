import { Injectable } from '@nestjs/common';
import type { CharityReviewBody, CharityReviewItem } from '@arena/contracts';
import { PaymentsClock } from '@arena/payments';
import { randomEventIds } from '@arena/event-store';
import {
  closureOf,
  paymentAccountStatus,
  reviewOf,
  type OnboardedCharity,
} from '../../domain/charity.decider';
import { noOnboardingData } from '../../domain/charity.errors';
import { NonprofitDirectory } from '../../domain/nonprofit-directory';
import { emailDomain } from '../../domain/email-domain';
import { CharityOnboardingsRepository } from '../../infrastructure/charity-onboardings.repository';
import { CharityStreamRepository } from '../charity-stream.repository';

/** The operators' queue is short-lived work: the oldest this many at a time. */
export const REVIEW_QUEUE_LIMIT = 100;

/**
 * Operators' decisions on charities (issue 21, docs/charities.md "Operator review"): approve one held
 * for review (its email is not on its website's domain, or its EIN is not in the directory), reject it,
 * or release a contested EIN from its claimant. Through the admin routes (bearer ADMIN_API_KEY) and
 * `npm run charities:review`.
 */
@Injectable()
export class CharityReviewsService {
  constructor(
    private readonly streams: CharityStreamRepository,
    private readonly onboardings: CharityOnboardingsRepository,
    private readonly directory: NonprofitDirectory,
    private readonly clock: PaymentsClock,
  ) {}

  /** GET /api/admin/charities/reviews: oldest first, at most REVIEW_QUEUE_LIMIT (a partial index). */
  async pending(): Promise<CharityReviewItem[]> {
    const rows = await this.onboardings.pendingReviews(REVIEW_QUEUE_LIMIT);
    const states = await Promise.all(rows.map((row) => this.streams.load(row.ein)));
    const now = await this.clock.now();
    return states.flatMap((charity, index) =>
      charity !== null && charity.charityId === rows[index]!.charity_id && closureOf(charity, now) === null
        ? [this.itemOf(charity, now)]
        : [],
    );
  }

  /** POST /api/admin/charities/{ein}/review. A repeat changes nothing; 404 when nobody claimed the EIN. */
  async decide(ein: string, body: CharityReviewBody, operator: string): Promise<CharityReviewItem> {
    const at = await this.clock.now();
    const current = await this.streams.load(ein);
    if (current === null) throw noOnboardingData();
    const { state } = await this.streams.execute(
      {
        type: 'ReviewCharity',
        data: { ein, decision: body.decision, operator, note: body.note, at: at.toISOString() },
      },
      randomEventIds,
    );
    const charity = state!;
    await this.onboardings.recordReview(charity.charityId, reviewOf(charity), charity.closed !== null);
    return this.itemOf(charity, at);
  }

  private itemOf(charity: OnboardedCharity, now: Date): CharityReviewItem {
    return {
      charityId: charity.charityId,
      ein: charity.ein,
      organizationName: charity.organizationName,
      directoryName: this.directory.findByEin(charity.ein)?.name ?? null,
      website: charity.website,
      emailDomain: emailDomain(charity.email),
      managerId: charity.managerId,
      paymentAccountStatus: paymentAccountStatus(charity),
      review: reviewOf(charity),
      closed: closureOf(charity, now),
      createdAt: charity.createdAt,
    };
  }
}
