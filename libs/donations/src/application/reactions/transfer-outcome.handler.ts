import { Injectable } from '@nestjs/common';
import type Stripe from 'stripe';
import type { PaymentEvent, PaymentEventHandler } from '@arena/payments';
import { DonationTransfersRepository } from '../../infrastructure/donation-transfers.repository';
import { derivedEventIds } from '../donation-ids';
import { DonationStreams } from '../donation-streams';

const PAID = ['transfer.paid', 'payout.paid'];

/**
 * The provider's word on a transfer window's transfers: `transfer.paid` clears every donation of the
 * transfer, `transfer.reversed`/`transfer.failed` return them to held; a connected account's
 * `payout.paid`/`payout.failed` settles that account's pending transfers created before the payout.
 * Events come in any order: a transfer event whose donations are not recorded or not yet initiated
 * throws, so the provider delivers it again later (the decider refuses the step until it is in order).
 */
@Injectable()
export class TransferOutcomeHandler implements PaymentEventHandler {
  readonly eventTypes = [
    'transfer.paid',
    'transfer.reversed',
    'transfer.failed',
    'payout.paid',
    'payout.failed',
  ];

  constructor(
    private readonly streams: DonationStreams,
    private readonly transfers: DonationTransfersRepository,
  ) {}

  async handle(event: PaymentEvent): Promise<void> {
    const paid = PAID.includes(event.type);
    if (event.type.startsWith('transfer.')) {
      const transfer = event.data.object as Stripe.Transfer;
      const donationIds = await this.transfers.donationsOf(transfer.id);
      if (donationIds.length === 0) {
        if (transfer.metadata?.windowId === undefined) return; // not a transfer window's
        throw new Error(`Transfer ${transfer.id}: its donations are not recorded yet`);
      }
      for (const donationId of donationIds) await this.settle(event, donationId, transfer.id, paid);
      return;
    }
    if (!event.account) return;
    const payout = event.data.object as Stripe.Payout;
    const rows = await this.transfers.transfersOfAccountBefore(
      event.account,
      new Date(payout.created * 1000),
    );
    for (const row of rows) {
      const donation = await this.streams.loadDonation(row.donation_id);
      // A payout settles only what is still pending in that transfer.
      if (donation?.status !== 'pending' || donation.transferId !== row.transfer_id) continue;
      await this.settle(event, row.donation_id, row.transfer_id, paid);
    }
  }

  private async settle(event: PaymentEvent, donationId: string, transferId: string, paid: boolean) {
    const at = new Date(event.created * 1000).toISOString();
    const ids = derivedEventIds(`provider-event:${event.id}:${donationId}`);
    if (paid) {
      await this.streams.donation(
        { type: 'ClearPayout', data: { donationId, transferId, providerEventId: event.id, clearedAt: at } },
        ids,
      );
      return;
    }
    await this.streams.donation(
      {
        type: 'FailTransfer',
        data: { donationId, transferId, reason: event.type, providerEventId: event.id, failedAt: at },
      },
      ids,
    );
  }
}
