import { Injectable } from '@nestjs/common';
import type { RecordedEvent } from '@arena/event-store';
import type { Reactor } from '@arena/projection-runner';
import { ReferralAccrual } from './referral-accrual';

/** When a referred member pays (or is refunded), the referrer's reward accrues (or is voided). */
@Injectable()
export class ReferralAccrualReactor implements Reactor {
  /** The follower's checkpoint name, kept so a deployed worker resumes where it was. */
  readonly name = 'referrals_accrual';
  readonly eventTypes = ReferralAccrual.eventTypes;

  constructor(private readonly accrual: ReferralAccrual) {}

  react(event: RecordedEvent): Promise<void> {
    return this.accrual.apply(event);
  }
}
