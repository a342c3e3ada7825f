import { Inject, Injectable, Optional } from '@nestjs/common';
import type { Kysely } from 'kysely';
import type { PlanType } from '@arena/contracts';
import { DATABASE } from '@arena/database';
import { PaymentsClock } from '@arena/payments';
import {
  memberSubscription,
  type MemberSubscriptionRow,
  type SubscriptionsTables,
} from '@arena/projections/subscriptions/subscriptions.queries';

/**
 * The plan of a row of the subscriptions read model at `now`: a paid plan counts while the subscription
 * is active (or past due inside its period) and `now` is before the end of the period paid for; a plan
 * canceled at period end lasts until then; ended or lapsed, Free.
 */
export function planOfRow(row: MemberSubscriptionRow | null, now: Date): PlanType {
  if (!row?.plan || row.ended || row.current_period_end === null) return 'FREE';
  if (row.status !== 'active' && row.status !== 'past_due') return 'FREE';
  let end = new Date(row.current_period_end).getTime();
  if (row.cancel_at_period_end && row.ends_at) end = Math.min(end, new Date(row.ends_at).getTime());
  return now.getTime() < end ? row.plan : 'FREE';
}

/**
 * The plan a member holds now (tournaments' MemberPlans): from the subscriptions read model, at the
 * payment world's time (PaymentsClock; the wall clock where no payments module is loaded).
 */
@Injectable()
export class SubscriptionPlans {
  constructor(
    @Inject(DATABASE) private readonly db: Kysely<SubscriptionsTables>,
    @Optional() private readonly clock?: PaymentsClock,
  ) {}

  now(): Promise<Date> {
    return this.clock ? this.clock.now() : Promise.resolve(new Date());
  }

  async planOf(memberId: string): Promise<PlanType> {
    const [row, now] = await Promise.all([memberSubscription(this.db, memberId), this.now()]);
    return planOfRow(row, now);
  }
}
