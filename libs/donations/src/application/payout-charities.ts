import { Inject, Injectable } from '@nestjs/common';
import { charityStreamId, type CharityEvent } from '@arena/charities/events';
import { EVENT_STORE, type EventStore } from '@arena/event-store';

/** A charity as the money flow needs it: where its transfers go, and whether they may. */
export interface PayoutCharity {
  ein: string;
  name: string;
  stripeAccountId: string | null;
  /**
   * Verified as the charities context says it (isVerified): the provider enabled payouts on its connected
   * account, the charity confirmed its email or an operator approved it, and no operator ended it. Only a verified charity is paid or directed to.
   */
  payoutVerified: boolean;
}

/**
 * Reads an onboarded charity from its own stream (the charities context's events, the source of truth),
 * not from a read model: a transfer's destination must not lag or be masked.
 */
@Injectable()
export class PayoutCharities {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async find(ein: string): Promise<PayoutCharity | null> {
    const events = (await this.store.readStream(charityStreamId(ein))) as unknown as CharityEvent[];
    let charity: PayoutCharity | null = null;
    let payoutsEnabled = false;
    let confirmed = false;
    let closed = false;
    for (const { type, data } of events) {
      if (type === 'CharityOnboardingStarted') {
        // A later onboarding of the EIN (the last one expired or an operator ended it) starts afresh.
        charity = { ein, name: data.organizationName, stripeAccountId: null, payoutVerified: false };
        payoutsEnabled = confirmed = closed = false;
      } else if (charity && type === 'CharityPaymentAccountLinked')
        charity.stripeAccountId = data.stripeAccountId;
      else if (
        charity &&
        type === 'CharityPaymentAccountUpdated' &&
        data.stripeAccountId === charity.stripeAccountId
      )
        payoutsEnabled = data.payoutsEnabled;
      // The organization is confirmed by the code to its website's domain, or by an operator (issue 21).
      else if (type === 'CharityEmailVerified' || type === 'CharityReviewApproved') confirmed = true;
      else if (type === 'CharityOnboardingClosed') closed = true;
    }
    if (charity) charity.payoutVerified = payoutsEnabled && confirmed && !closed;
    return charity;
  }

  /** Verified (payouts enabled, email confirmed), else null. */
  async verified(ein: string): Promise<(PayoutCharity & { stripeAccountId: string }) | null> {
    const charity = await this.find(ein);
    return charity?.payoutVerified && charity.stripeAccountId !== null
      ? { ...charity, stripeAccountId: charity.stripeAccountId }
      : null;
  }
}
