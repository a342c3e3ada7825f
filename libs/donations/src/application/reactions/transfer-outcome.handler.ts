import { Injectable } from '@nestjs/common';
import type Stripe from 'stripe';
import { Payments, type PaymentEvent, type PaymentEventHandler } from '@arena/payments';
import type { Donation } from '../../domain/donation.decider';
import { DonationTransfersRepository } from '../../infrastructure/donation-transfers.repository';
import { derivedEventIds, donationIdFrom, receiptCodeOf } from '../donation-ids';
import { DonationStreams } from '../donation-streams';

/** One donation's share of one reversal. */
export interface ReversalShare {
  donationId: string;
  reversalId: string;
  amountCents: number;
}

/**
 * Which donations a transfer's reversals took money from, deterministically: the transfer's donations are laid
 * end to end in a fixed order (by donation id) and its reversals, oldest first, take consecutive cents of
 * that line. `reversals` are as Stripe lists them in `transfer.reversals.data` (newest first, at most a page):
 * the oldest listed starts where the unlisted, earlier ones ended (`amount_reversed` minus the listed amounts).
 * So every delivery of any `transfer.reversed` of the transfer allocates each reversal the same way, and a
 * reversal is booked by its id once.
 */
export function allocateReversals(
  donations: readonly { donationId: string; amountCents: number }[],
  reversals: readonly { id: string; amount: number }[],
  amountReversed: number,
): ReversalShare[] {
  const line = [...donations].sort((a, b) => (a.donationId < b.donationId ? -1 : 1));
  const oldestFirst = [...reversals].reverse();
  let offset = Math.max(0, amountReversed - oldestFirst.reduce((sum, reversal) => sum + reversal.amount, 0));
  const shares: ReversalShare[] = [];
  for (const reversal of oldestFirst) {
    const from = offset;
    const to = offset + reversal.amount;
    let start = 0;
    for (const donation of line) {
      const end = start + donation.amountCents;
      const overlap = Math.min(to, end) - Math.max(from, start);
      if (overlap > 0)
        shares.push({ donationId: donation.donationId, reversalId: reversal.id, amountCents: overlap });
      start = end;
    }
    offset = to;
  }
  return shares;
}

/**
 * The provider's word on the money a transfer window sent (issue 20; docs/ledger.md, money states). A transfer
 * is final when created (DonationTransferInitiated: pending); then, on the Connect endpoint, a charity's
 * `payout.paid` clears exactly the donations whose transfers that payout carried (transfersCarriedByPayout),
 * `payout.failed` flags them (the money stays on the charity's Stripe balance, never sent again); on the
 * platform endpoint, `transfer.reversed` books each new reversal once (by its `trr_` id) against the
 * transfer's donations, and holds what came back again as a new donation to the same charity.
 * Events come in any order: a payout carrying a transfer whose donations are not recorded (or not yet
 * initiated) throws, so the provider delivers it again later. Stripe sends no `transfer.paid`/`transfer.failed`.
 */
@Injectable()
export class TransferOutcomeHandler implements PaymentEventHandler {
  readonly eventTypes = ['payout.paid', 'payout.failed', 'transfer.reversed'];

  constructor(
    private readonly streams: DonationStreams,
    private readonly transfers: DonationTransfersRepository,
    private readonly payments: Payments,
  ) {}

  async handle(event: PaymentEvent): Promise<void> {
    if (event.type === 'transfer.reversed') return this.onReversed(event, event.data.object);
    if (event.type === 'payout.paid' || event.type === 'payout.failed') {
      return this.onPayout(event, event.data.object);
    }
  }

  private async onPayout(event: PaymentEvent, payout: Stripe.Payout): Promise<void> {
    const accountId = event.account;
    if (!accountId) return;
    // A member's referral payout account is the referrals context's: only charities' accounts are ours.
    const account = await this.payments.retrieveConnectedAccount(accountId);
    if (account.charityId === null) return;
    const transferIds = await this.payments.transfersCarriedByPayout({ accountId, payoutId: payout.id });
    const at = new Date(event.created * 1000).toISOString();
    for (const transferId of [...transferIds].sort()) {
      const donationIds = await this.transfers.donationsOf(transferId);
      if (donationIds.length === 0) {
        throw new Error(
          `Payout ${payout.id} carried transfer ${transferId}, whose donations are not recorded yet`,
        );
      }
      for (const donationId of [...donationIds].sort()) {
        const ids = derivedEventIds(`provider-event:${event.id}:${donationId}`);
        if (event.type === 'payout.paid') {
          await this.streams.donation(
            {
              type: 'ClearPayout',
              data: { donationId, transferId, providerEventId: event.id, clearedAt: at, payoutId: payout.id },
            },
            ids,
          );
        } else {
          await this.streams.donation(
            {
              type: 'FailPayout',
              data: {
                donationId,
                transferId,
                stripeAccountId: accountId,
                payoutId: payout.id,
                failureCode: payout.failure_code ?? null,
                failureMessage: payout.failure_message ?? null,
                providerEventId: event.id,
                failedAt: at,
              },
            },
            ids,
          );
        }
      }
    }
  }

  private async onReversed(event: PaymentEvent, transfer: Stripe.Transfer): Promise<void> {
    const donationIds = await this.transfers.donationsOf(transfer.id);
    if (donationIds.length === 0) {
      if (transfer.metadata?.windowId === undefined) return; // not a transfer window's (a referral payout's)
      throw new Error(`Transfer ${transfer.id}: its donations are not recorded yet`);
    }
    const donations: Donation[] = [];
    for (const donationId of donationIds) {
      const donation = await this.streams.loadDonation(donationId);
      if (!donation) throw new Error(`Transfer ${transfer.id}: donation ${donationId} is not recorded yet`);
      donations.push(donation);
    }
    const shares = allocateReversals(donations, transfer.reversals?.data ?? [], transfer.amount_reversed);
    const at = new Date(event.created * 1000).toISOString();
    for (const share of shares) {
      const donation = donations.find((one) => one.donationId === share.donationId)!;
      await this.streams.donation(
        {
          type: 'ReverseTransfer',
          data: {
            donationId: share.donationId,
            transferId: transfer.id,
            reversalId: share.reversalId,
            amountCents: share.amountCents,
            providerEventId: event.id,
            reversedAt: at,
          },
        },
        derivedEventIds(`reversal:${share.reversalId}:${share.donationId}`),
      );
      // Only what this donation really gave back is held again (not a share of a transfer it had left).
      const after = await this.streams.loadDonation(share.donationId);
      if (after?.reversalIds.includes(share.reversalId))
        await this.holdAgain(donation, transfer.id, share, at);
    }
  }

  /** What came back is a new donation to the same charity, held for a later window (its id from the reversal). */
  private async holdAgain(donation: Donation, transferId: string, share: ReversalShare, at: string) {
    const directed = donation.directed;
    if (!directed) return;
    const donationId = donationIdFrom(`reversal:${share.reversalId}:${share.donationId}`);
    await this.streams.donation(
      {
        type: 'DirectDonation',
        data: {
          donationId,
          amountCents: share.amountCents,
          charityEin: directed.charityEin,
          charityName: directed.charityName,
          directedBy: directed.directedBy,
          source: {
            kind: 'reversal',
            donationId: share.donationId,
            transferId,
            reversalId: share.reversalId,
          },
          receiptCode: receiptCodeOf(donationId),
          directedAt: at,
        },
      },
      derivedEventIds(`reversal-held:${share.reversalId}:${share.donationId}`),
    );
  }
}
