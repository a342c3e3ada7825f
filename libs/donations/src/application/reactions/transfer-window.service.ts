import { Injectable, Logger } from '@nestjs/common';
import type { TransferWindowRun } from '@arena/contracts';
import { Payments } from '@arena/payments';
import { DonationError } from '../../domain/donation.errors';
import { isDisputed, type Donation } from '../../domain/donation.decider';
import { DonationTransfersRepository } from '../../infrastructure/donation-transfers.repository';
import {
  TransferWindowPlansRepository,
  type WindowPlan,
} from '../../infrastructure/transfer-window-plans.repository';
import { derivedEventIds } from '../donation-ids';
import { DonationLog } from '../donation-log';
import { DonationStreams } from '../donation-streams';
import { PayoutCharities } from '../payout-charities';
import { PlatformChoice } from '../platform-choice';

export const windowIdOf = (now: Date) => now.toISOString().slice(0, 10);

/**
 * The transfer window (RunTransferWindow, POST /api/finance/transfer-window): pool gifts are directed
 * first; then the held donations of each payout-verified charity go in one transfer. Safe to re-run at
 * any step: the per-charity plan is fixed by the first run (transfer_window_plans), the transfer's
 * idempotency key `transfer-window:{windowId}:{ein}:{attempt}` answers the same transfer, and each
 * donation's DonationTransferInitiated has an id derived from the transfer and the donation.
 */
@Injectable()
export class TransferWindowService {
  private readonly logger = new Logger('TransferWindow');

  constructor(
    private readonly payments: Payments,
    private readonly streams: DonationStreams,
    private readonly log: DonationLog,
    private readonly charities: PayoutCharities,
    private readonly choice: PlatformChoice,
    private readonly plans: TransferWindowPlansRepository,
    private readonly transfers: DonationTransfersRepository,
  ) {}

  async run(windowId: string, now = new Date()): Promise<TransferWindowRun> {
    const donations = await this.openDonations();
    await this.directPool(
      donations.filter((donation) => donation.status === 'received'),
      now,
    );
    // A disputed gift waits for its dispute's outcome (issue 20).
    const held = (await this.openDonations()).filter(
      (donation) => donation.status === 'held' && !isDisputed(donation),
    );
    const byCharity = new Map<string, Donation[]>();
    for (const donation of held) {
      const ein = donation.directed!.charityEin;
      byCharity.set(ein, [...(byCharity.get(ein) ?? []), donation]);
    }
    const run: TransferWindowRun = { windowId, transfers: [], skippedCharities: [] };
    const planned = new Map((await this.plans.ofWindow(windowId)).map((plan) => [plan.ein, plan]));
    for (const ein of new Set([...byCharity.keys(), ...planned.keys()].sort())) {
      const charity = await this.charities.verified(ein);
      if (!charity) {
        run.skippedCharities.push({ charityEin: ein, reason: 'Payout account not verified' });
        continue;
      }
      const group = byCharity.get(ein) ?? [];
      const plan =
        planned.get(ein) ??
        (await this.plans.fix({
          windowId,
          ein,
          attempt: Math.max(...group.map((donation) => donation.failedTransferIds.length)),
          donationIds: group.map((donation) => donation.donationId).sort(),
          amountCents: group.reduce((sum, donation) => sum + donation.amountCents, 0),
        }));
      run.transfers.push(await this.send(plan, charity.stripeAccountId, now));
    }
    return run;
  }

  private async send(plan: WindowPlan, stripeAccountId: string, now: Date) {
    const transfer = await this.payments.createTransfer({
      amountCents: plan.amountCents,
      destinationAccountId: stripeAccountId,
      transferGroup: `window-${plan.windowId}`,
      metadata: { windowId: plan.windowId, charityEin: plan.ein },
      idempotencyKey: `transfer-window:${plan.windowId}:${plan.ein}:${plan.attempt}`,
    });
    await this.transfers.record(transfer.id, stripeAccountId, plan.donationIds);
    for (const donationId of plan.donationIds) {
      const donation = await this.streams.loadDonation(donationId);
      // Failed in this very transfer already: it waits for a later window.
      if (!donation || donation.failedTransferIds.includes(transfer.id)) continue;
      await this.streams.donation(
        {
          type: 'InitiateTransfer',
          data: {
            donationId,
            windowId: plan.windowId,
            transferId: transfer.id,
            charityEin: plan.ein,
            stripeAccountId,
            amountCents: donation.amountCents,
            transferAmountCents: plan.amountCents,
            initiatedAt: now.toISOString(),
          },
        },
        derivedEventIds(`transfer:${transfer.id}:${donationId}`),
      );
    }
    return {
      charityEin: plan.ein,
      transferId: transfer.id,
      amountCents: plan.amountCents,
      donationCount: plan.donationIds.length,
    };
  }

  /** Pool gifts go where the platform directs unclaimed money; none verified yet: they keep waiting. */
  private async directPool(gifts: Donation[], now: Date): Promise<void> {
    if (gifts.length === 0) return;
    const charity = await this.choice.choose(now);
    if (!charity) return;
    for (const gift of gifts) {
      try {
        await this.streams.donation(
          {
            type: 'DirectDonation',
            data: {
              donationId: gift.donationId,
              amountCents: gift.amountCents,
              charityEin: charity.ein,
              charityName: charity.name,
              directedBy: { kind: 'platform', reason: 'donation-pool' },
              source: { kind: 'gift', checkoutSessionId: gift.received!.checkoutSessionId },
              receiptCode: gift.received!.receiptCode,
              directedAt: now.toISOString(),
            },
          },
          derivedEventIds(`pool:${gift.donationId}`),
        );
      } catch (error) {
        // Directed elsewhere by a concurrent run: that direction stands.
        if (!(error instanceof DonationError)) throw error;
        this.logger.warn(`pool gift ${gift.donationId}: ${error.message}`);
      }
    }
  }

  private async openDonations(): Promise<Donation[]> {
    const donations: Donation[] = [];
    for (const donationId of await this.log.openDonationIds()) {
      const donation = await this.streams.loadDonation(donationId);
      if (donation) donations.push(donation);
    }
    return donations;
  }
}
