import type { DonationEvent } from '@arena/donations/events';
import type { BalanceTransaction } from '@arena/payments';
import { reconcile } from './reconciliation';

const AT = '2026-11-23T12:00:00.000Z';
const received = (
  donationId: string,
  amountCents: number,
  paymentIntentId: string | null = `pi_${donationId}`,
): DonationEvent => ({
  type: 'DonationReceived',
  data: {
    donationId,
    amountCents,
    currency: 'usd',
    donorEmail: null,
    donorMemberId: null,
    charityEin: null,
    checkoutSessionId: `cs_${donationId}`,
    paymentIntentId,
    providerEventId: `evt_${donationId}`,
    receiptCode: `R-${donationId}`,
    receivedAt: AT,
  },
});
const initiated = (donationId: string, transferId: string, amountCents: number): DonationEvent => ({
  type: 'DonationTransferInitiated',
  data: {
    donationId,
    windowId: '2026-11-23',
    transferId,
    charityEin: '530196605',
    stripeAccountId: 'acct_1',
    amountCents,
    transferAmountCents: 0,
    initiatedAt: AT,
  },
});
const failed = (donationId: string, transferId: string): DonationEvent => ({
  type: 'DonationTransferFailed',
  data: { donationId, transferId, reason: 'reversed', providerEventId: null, failedAt: AT },
});
const tx = (type: string, sourceId: string | null, amountCents: number): BalanceTransaction => ({
  id: `txn_${type}_${sourceId}`,
  type,
  amountCents,
  sourceId,
  paymentIntentId: null,
  created: new Date(AT),
});

describe('reconcile: the ledger against the provider', () => {
  it('finds nothing to explain when every gift, transfer and reversal matches', () => {
    const result = reconcile(
      [
        received('d1', 2500),
        received('d2', 1000, null),
        initiated('d1', 'tr_1', 2500),
        initiated('d2', 'tr_1', 1000),
        received('d3', 500),
        initiated('d3', 'tr_2', 500),
        failed('d3', 'tr_2'),
      ],
      [
        tx('charge', 'pi_d1', 2500),
        tx('charge', 'cs_d2', 1000),
        tx('charge', 'pi_d3', 500),
        tx('transfer', 'tr_1', -3500),
        tx('transfer', 'tr_2', -500),
        tx('transfer_reversal', 'tr_2', 500),
        tx('payout', 'po_1', -1000),
      ],
    );
    expect(result.differences).toEqual([]);
    expect(result.ledger).toEqual({ receivedCents: 4000, transferredCents: 3500 });
    expect(result.providerTotals).toEqual({ chargesCents: 4000, transfersCents: 3500 });
  });

  it('lists every unexplained difference: missing on either side and amounts that differ', () => {
    const result = reconcile(
      [
        received('d1', 2500),
        received('gone', 700),
        initiated('d1', 'tr_1', 2500),
        initiated('d1', 'tr_lost', 100),
        failed('d1', 'tr_3'),
      ],
      [
        tx('charge', 'pi_d1', 2400),
        tx('charge', 'pi_stranger', 900),
        tx('transfer', 'tr_1', -2600),
        tx('transfer_reversal', 'tr_1', 2600),
        tx('refund', 're_1', -100),
      ],
    );
    expect(result.differences).toEqual([
      expect.objectContaining({
        kind: 'amount-mismatch',
        providerId: 'pi_d1',
        donationId: 'd1',
        ledgerCents: 2500,
        providerCents: 2400,
      }),
      expect.objectContaining({ kind: 'missing-in-ledger', providerId: 'pi_stranger', providerCents: 900 }),
      expect.objectContaining({
        kind: 'amount-mismatch',
        providerId: 'tr_1',
        ledgerCents: 2500,
        providerCents: 2600,
      }),
      // A reversal of a transfer the ledger still counts as sent.
      expect.objectContaining({ kind: 'missing-in-ledger', providerId: 'tr_1', providerCents: 2600 }),
      expect.objectContaining({ kind: 'missing-in-ledger', providerId: 're_1', providerCents: -100 }),
      expect.objectContaining({
        kind: 'missing-at-provider',
        providerId: 'pi_gone',
        donationId: 'gone',
        ledgerCents: 700,
      }),
      expect.objectContaining({ kind: 'missing-at-provider', providerId: 'tr_lost', ledgerCents: 100 }),
    ]);
  });

  it('flags a failed transfer the provider made but never reversed', () => {
    const result = reconcile(
      [received('d1', 500), initiated('d1', 'tr_1', 500), failed('d1', 'tr_1')],
      [tx('charge', 'pi_d1', 500), tx('transfer', 'tr_1', -500)],
    );
    expect(result.differences).toEqual([
      expect.objectContaining({
        kind: 'missing-at-provider',
        providerId: 'tr_1',
        note: expect.stringMatching(/not reversed/),
      }),
    ]);
  });
});
