import { Injectable, Optional } from '@nestjs/common';
import type { PlanType } from '@arena/contracts';
import { PaymentsClock } from '@arena/payments';
import { planAt } from '../../domain/subscription.view';
import { SubscriptionStreams } from '../subscription-streams';

/**
 * The plan a member holds now (tournaments' MemberPlans): from the member's own subscription stream, as
 * GET /api/subscriptions/active answers it, at the payment world's time (PaymentsClock; the wall clock
 * where no payments module is loaded). The stream, not a read model: a join right after a paid checkout
 * sees the plan, and the gate works before the worker has built any read model.
 */
@Injectable()
export class SubscriptionPlans {
  constructor(
    private readonly streams: SubscriptionStreams,
    @Optional() private readonly clock?: PaymentsClock,
  ) {}

  now(): Promise<Date> {
    return this.clock ? this.clock.now() : Promise.resolve(new Date());
  }

  async planOf(memberId: string): Promise<PlanType> {
    const [{ view }, now] = await Promise.all([this.streams.load(memberId), this.now()]);
    return planAt(view, now);
  }
}
