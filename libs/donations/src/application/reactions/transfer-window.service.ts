import { Injectable, Logger } from '@nestjs/common';
import type { GlobalPosition } from '@arena/event-store';
import type { TransferWindowRun } from '@arena/contracts';
import { Payments, PaymentsError } from '@arena/payments';
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

const report = (run: TransferWindowRun, transfer: TransferWindowRun['transfers'][number] | null) => {
  if (transfer) run.transfers.push(transfer);
};

/** Stripe keeps an idempotency key's answer for 24 hours. */
const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * The payment intent whose charge paid a gift directed as itself (a prize, a balance direction or a reversal's
 * re-held money has none): a transfer of that one gift names the charge as its `source_transaction`, so it
 * draws on that charge's funds rather than on whatever the platform's balance holds.
 */
export function fundingPaymentIntentOf(donation: Donation): string | null {
  if (donation.directed?.source.kind !== 'gift') return null;
  return donation.received?.paymentIntentId ?? null;
}

/**
 * The transfer window (RunTransferWindow, POST /api/finance/transfer-window): pool gifts are directed
 * first; then the held donations of each payout-verified charity go in one transfer. Safe to re-run at
 * any step: the per-charity plan is fixed by the first run (transfer_window_plans), the transfer's
 * idempotency key `transfer-window:{windowId}:{ein}:{attempt}` answers the same transfer, and each
 * donation's DonationTransferInitiated has an id derived from the transfer and the donation. Issue 20:
 * each charity on its own (a refusal skips it with its reason, never holding back the others); earlier
 * windows' unfinished plans are finished first; a plan older than 24 h looks its transfer up (findTransfer)
 * before making it; a transfer is final when made (pending until the charity's payout is paid).
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
    // Issue 22: every candidate question is asked of the donations read model as of the store's head now
    // (DonationLog's lag guard); what this run writes itself is read back from the donations' streams.
    const asOf = await this.log.head();
    const donations = await this.openDonations(asOf);
    await this.directPool(
      donations.filter((donation) => donation.status === 'received'),
      now,
      asOf,
    );
    const run: TransferWindowRun = { windowId, transfers: [], skippedCharities: [] };
    const failures: unknown[] = [];
    // Earlier windows' plans whose transfer was never recorded go first, under their own key: the provider
    // answers the transfer it may have made (or findTransfer finds it past 24 h). Their donations are never
    // planned again while such a plan is unfinished, so no donation is ever sent twice.
    const reserved = new Set<string>();
    for (const old of await this.plans.unfinishedOutside(windowId)) {
      const done = await this.attempt(run, failures, old.ein, () => this.finishOld(old, now, run));
      if (!done) for (const donationId of old.donationIds) reserved.add(donationId);
    }
    const held = (await this.openDonations(asOf)).filter(
      // A disputed gift waits for its dispute's outcome (issue 20).
      (donation) => donation.status === 'held' && !reserved.has(donation.donationId) && !isDisputed(donation),
    );
    const byCharity = new Map<string, Donation[]>();
    for (const donation of held) {
      const ein = donation.directed!.charityEin;
      byCharity.set(ein, [...(byCharity.get(ein) ?? []), donation]);
    }
    const planned = new Map((await this.plans.ofWindow(windowId)).map((plan) => [plan.ein, plan]));
    for (const ein of new Set([...byCharity.keys(), ...planned.keys()].sort())) {
      // Each charity on its own: one that cannot be paid now never holds back the others.
      let plan: WindowPlan | undefined;
      await this.attempt(
        run,
        failures,
        ein,
        async () => {
          const charity = await this.charities.verified(ein);
          if (!charity) {
            run.skippedCharities.push({ charityEin: ein, reason: 'Payout account not verified' });
            return;
          }
          const group = byCharity.get(ein) ?? [];
          plan =
            planned.get(ein) ??
            (await this.plans.fix({
              windowId,
              ein,
              attempt: Math.max(...group.map((donation) => donation.failedTransferIds.length)),
              donationIds: group.map((donation) => donation.donationId).sort(),
              amountCents: group.reduce((sum, donation) => sum + donation.amountCents, 0),
            }));
          report(run, await this.send(plan, charity.stripeAccountId, now, group));
        },
        () => plan,
      );
    }
    // Anything else (the event store busy, say) is retried: every step above is safe to run again.
    if (failures.length > 0) throw failures[0];
    return run;
  }

  /**
   * One charity's step, on its own: true when it went through. The provider's refusal (`invalid`, `not_found`:
   * an account without the transfers capability, say) made nothing: the charity is skipped with the reason and
   * its plan dropped, so its donations stay held for the next window. A provider failure of unknown outcome
   * (`provider_failed`, `unavailable`) is skipped too, but its plan stays: the next run finishes it first.
   * Anything else is kept to throw once the other charities had their turn.
   */
  private async attempt(
    run: TransferWindowRun,
    failures: unknown[],
    ein: string,
    step: () => Promise<void>,
    planOf: () => WindowPlan | undefined = () => undefined,
  ): Promise<boolean> {
    try {
      await step();
      return true;
    } catch (error) {
      if (error instanceof PaymentsError) {
        this.logger.warn(`transfer window ${run.windowId}: charity ${ein} skipped: ${error.message}`);
        run.skippedCharities.push({ charityEin: ein, reason: error.message });
        const plan = planOf();
        if (plan && (error.kind === 'invalid' || error.kind === 'not_found')) {
          await this.plans.remove(plan.windowId, plan.ein);
        }
        return false;
      }
      this.logger.error(`transfer window ${run.windowId}: charity ${ein} failed: ${String(error)}`);
      failures.push(error);
      return false;
    }
  }

  /** An earlier window's unfinished plan, sent under its own key while all its donations are still held. */
  private async finishOld(old: WindowPlan, now: Date, run: TransferWindowRun): Promise<void> {
    const group: Donation[] = [];
    for (const donationId of old.donationIds) {
      const donation = await this.streams.loadDonation(donationId);
      if (donation) group.push(donation);
    }
    if (group.length !== old.donationIds.length || group.some((donation) => donation.status !== 'held')) {
      // Its donations went on without it (an old plan from before plans were finished first): nothing to send.
      this.logger.warn(
        `transfer window ${old.windowId}: plan for ${old.ein} abandoned, its donations moved on`,
      );
      await this.plans.remove(old.windowId, old.ein);
      return;
    }
    const charity = await this.charities.verified(old.ein);
    if (!charity) throw new PaymentsError('unavailable', 'Payout account not verified');
    try {
      report(run, await this.send(old, charity.stripeAccountId, now, group));
    } catch (error) {
      if (error instanceof PaymentsError && (error.kind === 'invalid' || error.kind === 'not_found')) {
        await this.plans.remove(old.windowId, old.ein);
      }
      throw error;
    }
  }

  /**
   * The plan's transfer, once: its idempotency key answers the first transfer for 24 hours; past that (a plan
   * fixed more than a day ago whose run died), the provider would make a second one, so the transfer is looked
   * up first by its group and key (findTransfer). `sourceTransaction` is the gift's charge when the transfer pays
   * exactly one gift whose charge is known: the transfer then waits for that charge's funds instead of drawing
   * on the platform's available balance. A transfer of several donations, or of a prize (funded from the
   * platform's balance, no one charge), has none: Stripe's source_transaction names one charge, and a
   * transfer may not exceed it.
   */
  private async transferOf(plan: WindowPlan, stripeAccountId: string, group: readonly Donation[]) {
    const transferGroup = `window-${plan.windowId}`;
    const idempotencyKey = `transfer-window:${plan.windowId}:${plan.ein}:${plan.attempt}`;
    if (plan.createdAt && Date.now() - plan.createdAt.getTime() > IDEMPOTENCY_WINDOW_MS) {
      const found = await this.payments.findTransfer({ transferGroup, idempotencyKey });
      if (found) return found;
    }
    const only =
      plan.donationIds.length === 1 ? group.find((one) => one.donationId === plan.donationIds[0]) : undefined;
    // One gift: its charge funds it. Several donations (or a prize): the platform's balance, since Stripe
    // takes one source_transaction per transfer.
    const paymentIntentId = only ? fundingPaymentIntentOf(only) : null;
    const sourceTransaction = paymentIntentId ? await this.payments.latestChargeOf(paymentIntentId) : null;
    return this.payments.createTransfer({
      amountCents: plan.amountCents,
      destinationAccountId: stripeAccountId,
      transferGroup,
      metadata: { windowId: plan.windowId, charityEin: plan.ein },
      idempotencyKey,
      sourceTransaction,
    });
  }

  /**
   * Sends the plan's transfer (once, by its key) and initiates its donations. Answers the transfer for the
   * run's report only when this run recorded it first: two runs at once (or a re-run) send the same transfer
   * and append the same events, but only one of them reports it (issue 21).
   */
  private async send(
    plan: WindowPlan,
    stripeAccountId: string,
    now: Date,
    group: readonly Donation[],
  ): Promise<TransferWindowRun['transfers'][number] | null> {
    const transfer = await this.transferOf(plan, stripeAccountId, group);
    const recordedHere = await this.transfers.record(transfer.id, stripeAccountId, plan.donationIds);
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
    if (!recordedHere) return null;
    return {
      charityEin: plan.ein,
      transferId: transfer.id,
      amountCents: plan.amountCents,
      donationCount: plan.donationIds.length,
    };
  }

  /** Pool gifts go where the platform directs unclaimed money; none verified yet: they keep waiting. */
  private async directPool(gifts: Donation[], now: Date, asOf: GlobalPosition): Promise<void> {
    if (gifts.length === 0) return;
    const charity = await this.choice.choose(now, asOf);
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

  private async openDonations(asOf: GlobalPosition): Promise<Donation[]> {
    const donations: Donation[] = [];
    for (const donationId of await this.log.openDonationIds(asOf)) {
      const donation = await this.streams.loadDonation(donationId);
      if (donation) donations.push(donation);
    }
    return donations;
  }
}
