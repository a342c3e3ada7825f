import type { ReconciliationReport } from '@arena/contracts';
import type { PaymentRefunded, SubscriptionPaymentSucceeded } from '@arena/billing/events';
import type { DonationEvent } from '@arena/donations/events';
import type { BalanceTransaction } from '@arena/payments';

type Difference = ReconciliationReport['differences'][number];

export interface Reconciled {
  ledger: ReconciliationReport['ledger'];
  providerTotals: ReconciliationReport['providerTotals'];
  differences: Difference[];
}

/** What the ledger side of reconciliation reads: the money events of donations and of subscriptions. */
export type MoneyEvent =
  DonationEvent | SubscriptionPaymentSucceeded | PaymentRefunded;

/** The provider's kinds, as Stripe names them. */
const CHARGES = new Set(['charge', 'payment']);
const TRANSFERS = new Set(['transfer']);
const REVERSALS = new Set(['transfer_reversal']);
const REFUNDS = new Set(['refund', 'payment_refund']);
/** A dispute's withdrawal and reinstatement. */
const ADJUSTMENTS = new Set(['adjustment']);
/** Payouts to the platform's own bank (`po_`) and the provider's fees are not ledger events. */
const NOT_LEDGER = new Set(['payout', 'stripe_fee', 'application_fee']);

interface LedgerTransfer {
  amountCents: number;
  donationIds: string[];
  failed: boolean;
}

/** The period a ledger fact must have reached the provider in, to be missed there. */
export interface ReconciliationRange {
  from: Date;
  to: Date;
}

const within = (range: ReconciliationRange | undefined, at: string) =>
  !range || (Date.parse(at) >= range.from.getTime() && Date.parse(at) < range.to.getTime());

/**
 * Compares the ledger's money events with the provider's balance transactions (pure), keyed the way Stripe
 * keys them (issue 20):
 * - a gift's charge (`ch_`) by its payment intent (the expanded source's), or by its source id when the
 *   provider gave none (a payment intent or checkout session id, as older local records had);
 * - a subscription's charge by its charge id (SubscriptionPaymentSucceeded.chargeId);
 * - a transfer (`tr_`) by the sum of the donations initiated in it;
 * - a reversal by its reversal id (`trr_`, DonationTransferReversed), or of a failed transfer by `tr_`;
 * - refunds (`re_`) summed per payment intent against GiftRefunded / PaymentRefunded;
 * - a dispute's adjustments (`du_`) summed per dispute against GiftDisputed (withdrawn) and a won
 *   GiftDisputeClosed (reinstated).
 * Every provider transaction is looked up in the whole ledger; a ledger fact is missed at the provider
 * only when it falls in `range` (the provider's transactions were read for that range only).
 * Provider amounts are signed as the provider signs them; they are compared by size.
 */
export function reconcile(
  events: readonly MoneyEvent[],
  provider: readonly BalanceTransaction[],
  range?: ReconciliationRange,
): Reconciled {
  const gifts = new Map<string, { donationId: string; amountCents: number; at: string }>();
  const giftKeys = new Map<string, string>();
  const transfers = new Map<string, LedgerTransfer & { at: string }>();
  const reversals = new Map<string, { donationIds: string[]; amountCents: number; at: string }>();
  const subscriptionCharges = new Map<string, { amountCents: number; at: string }>();
  /** Refunds booked, per payment intent (or charge, when the ledger has no payment intent). */
  const refunds = new Map<string, { cents: number; donationId: string | null; at: string }>();
  const disputes = new Map<string, { cents: number; donationId: string; at: string }>();
  const addTo = <T extends { cents: number }>(map: Map<string, T>, key: string, cents: number, fresh: T) => {
    const found = map.get(key) ?? fresh;
    found.cents += cents;
    map.set(key, found);
  };
  for (const event of events) {
    switch (event.type) {
      case 'DonationReceived': {
        const { donationId, amountCents, paymentIntentId, checkoutSessionId, receivedAt } = event.data;
        const key = paymentIntentId ?? checkoutSessionId;
        gifts.set(key, { donationId, amountCents, at: receivedAt });
        giftKeys.set(checkoutSessionId, key);
        if (paymentIntentId) giftKeys.set(paymentIntentId, key);
        break;
      }
      case 'DonationTransferInitiated': {
        const transfer = transfers.get(event.data.transferId) ?? {
          amountCents: 0,
          donationIds: [],
          failed: false,
          at: event.data.initiatedAt,
        };
        transfer.amountCents += event.data.amountCents;
        transfer.donationIds.push(event.data.donationId);
        transfers.set(event.data.transferId, transfer);
        break;
      }
      case 'DonationTransferFailed': {
        const transfer = transfers.get(event.data.transferId);
        if (transfer) transfer.failed = true;
        break;
      }
      case 'DonationTransferReversed': {
        const reversal = reversals.get(event.data.reversalId) ?? {
          donationIds: [],
          amountCents: 0,
          at: event.data.reversedAt,
        };
        reversal.amountCents += event.data.amountCents;
        reversal.donationIds.push(event.data.donationId);
        reversals.set(event.data.reversalId, reversal);
        break;
      }
      case 'GiftRefunded':
        addTo(refunds, event.data.paymentIntentId, event.data.amountCents, {
          cents: 0,
          donationId: event.data.donationId,
          at: event.data.refundedAt,
        });
        break;
      case 'GiftDisputed':
        addTo(disputes, event.data.disputeId, -event.data.amountCents, {
          cents: 0,
          donationId: event.data.donationId,
          at: event.data.disputedAt,
        });
        break;
      case 'GiftDisputeClosed':
        if (event.data.outcome === 'won') {
          addTo(disputes, event.data.disputeId, event.data.amountCents, {
            cents: 0,
            donationId: event.data.donationId,
            at: event.data.closedAt,
          });
        }
        break;
      case 'SubscriptionPaymentSucceeded':
        subscriptionCharges.set(event.data.chargeId, {
          amountCents: event.data.amountPaidCents,
          at: event.data.occurredAt,
        });
        break;
      case 'PaymentRefunded':
        // A subscription charge's lost dispute is booked as a refund naming the dispute: at the provider it
        // is the dispute's withdrawal (never reinstated).
        if (event.data.disputeId) {
          addTo(disputes, event.data.disputeId, -event.data.amountRefundedCents, {
            cents: 0,
            donationId: '',
            at: event.data.occurredAt,
          });
          break;
        }
        addTo(refunds, event.data.paymentIntentId ?? event.data.chargeId, event.data.amountRefundedCents, {
          cents: 0,
          donationId: null,
          at: event.data.occurredAt,
        });
        break;
      default:
        break;
    }
  }

  const differences: Difference[] = [];
  const seenGifts = new Set<string>();
  const seenTransfers = new Set<string>();
  const seenReversals = new Set<string>();
  const seenSubscriptionCharges = new Set<string>();
  const providerRefunds = new Map<string, { cents: number }>();
  const providerDisputes = new Map<string, { cents: number }>();
  let chargesCents = 0;
  let transfersCents = 0;
  const mismatch = (
    providerId: string,
    donationId: string | null,
    ledgerCents: number,
    providerCents: number,
    note: string,
  ) =>
    differences.push({ kind: 'amount-mismatch', providerId, donationId, ledgerCents, providerCents, note });
  const unknown = (tx: BalanceTransaction, note: string) =>
    differences.push({
      kind: 'missing-in-ledger',
      providerId: tx.sourceId ?? tx.id,
      donationId: null,
      ledgerCents: null,
      providerCents: tx.amountCents,
      note,
    });

  for (const tx of provider) {
    const size = Math.abs(tx.amountCents);
    if (CHARGES.has(tx.type)) {
      chargesCents += size;
      const key =
        (tx.paymentIntentId ? giftKeys.get(tx.paymentIntentId) : undefined) ??
        (tx.sourceId ? giftKeys.get(tx.sourceId) : undefined);
      const gift = key ? gifts.get(key) : undefined;
      if (key && gift) {
        seenGifts.add(key);
        if (gift.amountCents !== size)
          mismatch(
            tx.sourceId ?? tx.id,
            gift.donationId,
            gift.amountCents,
            size,
            'The gift and the charge differ.',
          );
        continue;
      }
      const subscription = tx.sourceId ? subscriptionCharges.get(tx.sourceId) : undefined;
      if (subscription) {
        seenSubscriptionCharges.add(tx.sourceId!);
        if (subscription.amountCents !== size)
          mismatch(
            tx.sourceId!,
            null,
            subscription.amountCents,
            size,
            'The subscription payment and the charge differ.',
          );
        continue;
      }
      unknown(tx, `A ${tx.type} the ledger has no gift or subscription payment for.`);
    } else if (TRANSFERS.has(tx.type)) {
      transfersCents += size;
      const transfer = tx.sourceId ? transfers.get(tx.sourceId) : undefined;
      if (!transfer) {
        unknown(tx, 'A transfer the ledger did not initiate.');
        continue;
      }
      seenTransfers.add(tx.sourceId!);
      if (transfer.amountCents !== size) {
        mismatch(
          tx.sourceId!,
          null,
          transfer.amountCents,
          size,
          `The transfer and the sum of its ${transfer.donationIds.length} donations differ.`,
        );
      }
    } else if (REVERSALS.has(tx.type)) {
      transfersCents -= size;
      const reversal = tx.sourceId ? reversals.get(tx.sourceId) : undefined;
      if (reversal) {
        seenReversals.add(tx.sourceId!);
        if (reversal.amountCents !== size)
          mismatch(
            tx.sourceId!,
            null,
            reversal.amountCents,
            size,
            'The reversal and the donations it reversed differ.',
          );
        continue;
      }
      // Before reversals were booked by their own id: a failed transfer's whole reversal, under `tr_`.
      const transfer = tx.sourceId ? transfers.get(tx.sourceId) : undefined;
      if (!transfer || !transfer.failed) {
        unknown(tx, 'A reversal the ledger has not booked.');
        continue;
      }
      seenReversals.add(tx.sourceId!);
      if (transfer.amountCents !== size) {
        mismatch(
          tx.sourceId!,
          null,
          transfer.amountCents,
          size,
          `The reversal and the sum of its ${transfer.donationIds.length} donations differ.`,
        );
      }
    } else if (REFUNDS.has(tx.type)) {
      const key = tx.paymentIntentId ?? tx.sourceId ?? tx.id;
      addTo(providerRefunds, key, size, { cents: 0 });
    } else if (ADJUSTMENTS.has(tx.type)) {
      addTo(providerDisputes, tx.sourceId ?? tx.id, tx.amountCents, { cents: 0 });
    } else if (!NOT_LEDGER.has(tx.type)) {
      unknown(tx, `A ${tx.type} (${tx.id}) that no ledger event explains.`);
    }
  }

  // Refunds and disputes are compared per payment intent and per dispute, in sum.
  /** Refunds per payment intent, or disputes per dispute: the provider's sums against the ledger's. */
  const compareSums = (
    what: 'refund' | 'dispute',
    provider: Map<string, { cents: number }>,
    booked: Map<string, { cents: number; donationId: string | null; at: string }>,
    providerSign: 1 | -1,
  ) => {
    for (const [key, found] of provider) {
      const ledger = booked.get(key);
      // A dispute won and reinstated moved no money in the end (billing books only lost ones).
      if (!ledger && what === 'dispute' && found.cents === 0) continue;
      if (!ledger) {
        differences.push({
          kind: 'missing-in-ledger',
          providerId: key,
          donationId: null,
          ledgerCents: null,
          providerCents: providerSign * found.cents,
          note: `A ${what} the ledger has not booked.`,
        });
      } else if (ledger.cents !== found.cents) {
        mismatch(
          key,
          ledger.donationId || null,
          ledger.cents,
          found.cents,
          what === 'refund'
            ? 'The refunds booked and the provider’s differ.'
            : 'The dispute booked and the provider’s differ.',
        );
      }
    }
    for (const [key, ledger] of booked) {
      if (!provider.has(key) && within(range, ledger.at)) {
        differences.push({
          kind: 'missing-at-provider',
          providerId: key,
          donationId: ledger.donationId || null,
          ledgerCents: ledger.cents,
          providerCents: null,
          note: `A ${what} the provider has no record of.`,
        });
      }
    }
  };
  compareSums('refund', providerRefunds, refunds, -1);
  compareSums('dispute', providerDisputes, disputes, 1);

  for (const [key, gift] of gifts) {
    if (!seenGifts.has(key) && within(range, gift.at)) {
      differences.push({
        kind: 'missing-at-provider',
        providerId: key,
        donationId: gift.donationId,
        ledgerCents: gift.amountCents,
        providerCents: null,
        note: 'A gift the provider has no charge for.',
      });
    }
  }
  for (const [chargeId, payment] of subscriptionCharges) {
    if (!seenSubscriptionCharges.has(chargeId) && within(range, payment.at) && payment.amountCents > 0) {
      differences.push({
        kind: 'missing-at-provider',
        providerId: chargeId,
        donationId: null,
        ledgerCents: payment.amountCents,
        providerCents: null,
        note: 'A subscription payment the provider has no charge for.',
      });
    }
  }
  for (const [reversalId, reversal] of reversals) {
    if (!seenReversals.has(reversalId) && within(range, reversal.at)) {
      differences.push({
        kind: 'missing-at-provider',
        providerId: reversalId,
        donationId: reversal.donationIds.length === 1 ? (reversal.donationIds[0] ?? null) : null,
        ledgerCents: reversal.amountCents,
        providerCents: null,
        note: 'A reversal the provider has no record of.',
      });
    }
  }
  for (const [transferId, transfer] of transfers) {
    if (!within(range, transfer.at)) continue;
    // A failed transfer the provider never made is consistent; one it made must have been reversed.
    const seen = seenTransfers.has(transferId);
    const missing = [
      !seen && !transfer.failed && 'A transfer the provider has no record of.',
      seen &&
        transfer.failed &&
        !seenReversals.has(transferId) &&
        'A failed transfer the provider has not reversed.',
    ];
    for (const note of missing) {
      if (note) {
        differences.push({
          kind: 'missing-at-provider',
          providerId: transferId,
          donationId: transfer.donationIds.length === 1 ? (transfer.donationIds[0] ?? null) : null,
          ledgerCents: transfer.amountCents,
          providerCents: null,
          note,
        });
      }
    }
  }

  const inRange = <T extends { at: string }>(values: Iterable<T>) =>
    [...values].filter((v) => within(range, v.at));
  // Net of what reversals brought back, as the provider's transfer total is.
  const ledgerTransferred =
    inRange(transfers.values()).reduce((sum, t) => sum + (t.failed ? 0 : t.amountCents), 0) -
    inRange(reversals.values()).reduce((sum, r) => sum + r.amountCents, 0);
  const received = inRange(gifts.values()).reduce((sum, g) => sum + g.amountCents, 0);
  return {
    ledger: { receivedCents: received, transferredCents: ledgerTransferred },
    providerTotals: { chargesCents, transfersCents },
    differences,
  };
}
