import { Injectable } from '@nestjs/common';
import {
  maskProviderId,
  type PayoutRequestAnswer,
  type PayoutRequestBody,
  type PublicDonation,
} from '@arena/contracts';
import { invalidCharity } from '../../domain/donation.errors';
import type { DonationDirected } from '../../domain/donation.events';
import { balanceCents } from '../../domain/prize-balance.decider';
import { derivedEventIds, donationIdFrom } from '../donation-ids';
import { DonationStreams } from '../donation-streams';
import { PayoutCharities } from '../payout-charities';
import { PrizeFlow } from '../reactions/prize-flow';

/**
 * 'Request Charity Payout' (spec §5): the member directs part of their prize balance to a payout-verified
 * charity. Ids derive from the request id, so a retried (or 50 concurrent) request directs once and
 * answers the same donation. The donation is opened here with the ids the event processor would use.
 */
@Injectable()
export class PayoutRequestService {
  constructor(
    private readonly streams: DonationStreams,
    private readonly charities: PayoutCharities,
    private readonly flow: PrizeFlow,
  ) {}

  async request(memberId: string, body: PayoutRequestBody): Promise<PayoutRequestAnswer> {
    const charity = await this.charities.verified(body.charityEin);
    if (!charity) throw invalidCharity();
    const cause = `payout-request:${memberId}:${body.requestId}`;
    const donationId = donationIdFrom(cause);
    const balanceEvents = derivedEventIds(cause);
    const { state } = await this.streams.balance(
      {
        type: 'DirectBalance',
        data: {
          memberId,
          donationId,
          amountCents: body.amountCents,
          charityEin: charity.ein,
          charityName: charity.name,
          directedAt: new Date().toISOString(),
        },
      },
      balanceEvents,
    );
    const directed = await this.streams.balanceDirection(memberId, donationId);
    if (!directed) throw invalidCharity();
    await this.flow.balanceDirected(balanceEvents(0), directed);
    const donation = await this.streams.loadDonation(donationId);
    return { donation: publicDonation(donation!.directed!), directableCents: balanceCents(state) };
  }
}

function publicDonation(directed: DonationDirected['data']): PublicDonation {
  const by = directed.directedBy;
  return {
    id: directed.donationId,
    datetime: directed.directedAt,
    receiptCode: directed.receiptCode,
    receiptUrl: `/donate/receipt/${directed.receiptCode}`,
    directedBy:
      by.kind === 'winner' ? by.username : by.kind === 'platform' ? 'Charity Arena' : 'Anonymous donor',
    nonprofit: directed.charityName,
    nonprofitEin: directed.charityEin,
    amountCents: directed.amountCents,
    status: 'held',
    stripeId: maskProviderId(null),
    source: 'Prize balance',
  };
}
