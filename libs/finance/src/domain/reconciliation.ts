import type { ReconciliationReport } from '@arena/contracts';
import type { DonationEvent } from '@arena/donations/events';
import type { BalanceTransaction } from '@arena/payments';

type Difference = ReconciliationReport['differences'][number];

export interface Reconciled {
  ledger: ReconciliationReport['ledger'];
  providerTotals: ReconciliationReport['providerTotals'];
  differences: Difference[];
}

/** The provider's kinds that move the platform balance for a gift, a transfer and a transfer's reversal. */
const CHARGES = new Set(['charge', 'payment']);
const TRANSFERS = new Set(['transfer']);
const REVERSALS = new Set(['transfer_reversal']);
/** Payouts to the platform's own bank and the provider's fees are not ledger events. */
const NOT_LEDGER = new Set(['payout', 'stripe_fee', 'application_fee', 'adjustment']);

interface LedgerTransfer {
  amountCents: number;
  donationIds: string[];
  failed: boolean;
}

/**
 * Compares the ledger's money events with the provider's balance transactions (pure). A gift matches a
 * charge by its payment intent (or checkout session) id and amount; a transfer matches the sum of the
 * donations initiated in it; a reversal matches a failed transfer. Provider amounts are signed as the
 * provider signs them (a transfer is negative); they are compared by size.
 */
export function reconcile(
  events: readonly DonationEvent[],
  provider: readonly BalanceTransaction[],
): Reconciled {
  const gifts = new Map<string, { donationId: string; amountCents: number }>();
  const giftKeys = new Map<string, string>();
  const transfers = new Map<string, LedgerTransfer>();
  // Issue 20: reversals by their `trr_` id (the provider's transfer_reversal names it), summed over donations.
  const reversals = new Map<string, { amountCents: number; transferId: string }>();
  for (const event of events) {
    if (event.type === 'DonationReceived') {
      const { donationId, amountCents, paymentIntentId, checkoutSessionId } = event.data;
      const key = paymentIntentId ?? checkoutSessionId;
      gifts.set(key, { donationId, amountCents });
      giftKeys.set(checkoutSessionId, key);
      if (paymentIntentId) giftKeys.set(paymentIntentId, key);
    } else if (event.type === 'DonationTransferInitiated') {
      const transfer = transfers.get(event.data.transferId) ?? {
        amountCents: 0,
        donationIds: [],
        failed: false,
      };
      transfer.amountCents += event.data.amountCents;
      transfer.donationIds.push(event.data.donationId);
      transfers.set(event.data.transferId, transfer);
    } else if (event.type === 'DonationTransferFailed') {
      const transfer = transfers.get(event.data.transferId);
      if (transfer) transfer.failed = true;
    } else if (event.type === 'DonationTransferReversed') {
      const { reversalId, transferId, amountCents } = event.data;
      const reversal = reversals.get(reversalId) ?? { amountCents: 0, transferId };
      reversal.amountCents += amountCents;
      reversals.set(reversalId, reversal);
    }
  }

  const differences: Difference[] = [];
  const seenGifts = new Set<string>();
  const seenTransfers = new Set<string>();
  const seenReversals = new Set<string>();
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
      const key = tx.sourceId ? giftKeys.get(tx.sourceId) : undefined;
      const gift = key ? gifts.get(key) : undefined;
      if (!key || !gift) unknown(tx, `A ${tx.type} the ledger has no gift for.`);
      else {
        seenGifts.add(key);
        if (gift.amountCents !== size)
          mismatch(tx.sourceId!, gift.donationId, gift.amountCents, size, 'The gift and the charge differ.');
      }
    } else if (REVERSALS.has(tx.type) && tx.sourceId?.startsWith('trr_')) {
      // A reversal named by its own id (Stripe's, and the local driver's since issue 20).
      transfersCents -= size;
      const reversal = reversals.get(tx.sourceId);
      if (!reversal) {
        unknown(tx, 'A reversal the ledger has not booked.');
        continue;
      }
      seenReversals.add(tx.sourceId);
      if (reversal.amountCents !== size) {
        mismatch(
          tx.sourceId,
          null,
          reversal.amountCents,
          size,
          'The reversal and what the ledger booked of it differ.',
        );
      }
    } else if (TRANSFERS.has(tx.type) || REVERSALS.has(tx.type)) {
      const reversal = REVERSALS.has(tx.type);
      transfersCents += reversal ? -size : size;
      const transfer = tx.sourceId ? transfers.get(tx.sourceId) : undefined;
      if (!transfer || (reversal && !transfer.failed)) {
        unknown(
          tx,
          reversal
            ? 'A reversal of a transfer the ledger has not failed.'
            : 'A transfer the ledger did not initiate.',
        );
        continue;
      }
      (reversal ? seenReversals : seenTransfers).add(tx.sourceId!);
      if (transfer.amountCents !== size) {
        mismatch(
          tx.sourceId!,
          null,
          transfer.amountCents,
          size,
          `The ${reversal ? 'reversal' : 'transfer'} and the sum of its ${transfer.donationIds.length} donations differ.`,
        );
      }
    } else if (!NOT_LEDGER.has(tx.type)) {
      unknown(tx, `A ${tx.type} (${tx.id}) that no ledger event explains.`);
    }
  }

  for (const [key, gift] of gifts) {
    if (!seenGifts.has(key)) {
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
  for (const [transferId, transfer] of transfers) {
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

  for (const [reversalId, reversal] of reversals) {
    if (!seenReversals.has(reversalId)) {
      differences.push({
        kind: 'missing-at-provider',
        providerId: reversalId,
        donationId: null,
        ledgerCents: reversal.amountCents,
        providerCents: null,
        note: 'A reversal the provider has no record of.',
      });
    }
  }

  const ledgerTransferred =
    [...transfers.values()].reduce((sum, t) => sum + (t.failed ? 0 : t.amountCents), 0) -
    [...reversals.values()].reduce((sum, r) => sum + r.amountCents, 0);
  const received = [...gifts.values()].reduce((sum, g) => sum + g.amountCents, 0);
  return {
    ledger: { receivedCents: received, transferredCents: ledgerTransferred },
    providerTotals: { chargesCents, transfersCents },
    differences,
  };
}
