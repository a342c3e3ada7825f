import type { DonationEvent } from '@arena/donations/events';
import type { BalanceTransaction } from '@arena/payments';
import { reconcile, type MoneyEvent } from './reconciliation';

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

  it('issue 20: matches a reversal by its trr_ id against what the ledger booked of it over the donations', () => {
    const reversed = (donationId: string, reversalId: string, amountCents: number): DonationEvent => ({
      type: 'DonationTransferReversed',
      data: {
        donationId,
        transferId: 'tr_9',
        reversalId,
        amountCents,
        totalReversedCents: amountCents,
        providerEventId: 'evt_r',
        reversedAt: AT,
      },
    });
    const ledger = [
      received('d1', 600),
      received('d2', 400),
      initiated('d1', 'tr_9', 600),
      initiated('d2', 'tr_9', 400),
      reversed('d1', 'trr_1', 600),
      reversed('d2', 'trr_1', 100),
    ];
    const matching = reconcile(ledger, [
      tx('charge', 'pi_d1', 600),
      tx('charge', 'pi_d2', 400),
      tx('transfer', 'tr_9', -1000),
      tx('transfer_reversal', 'trr_1', 700),
    ]);
    expect(matching.differences).toEqual([]);
    expect(matching.ledger.transferredCents).toBe(300);
    expect(matching.providerTotals.transfersCents).toBe(300);
    const off = reconcile(ledger, [
      tx('charge', 'pi_d1', 600),
      tx('charge', 'pi_d2', 400),
      tx('transfer', 'tr_9', -1000),
      tx('transfer_reversal', 'trr_2', 50),
    ]);
    expect(off.differences.map((d) => [d.kind, d.providerId])).toEqual([
      ['missing-in-ledger', 'trr_2'],
      ['missing-at-provider', 'trr_1'],
    ]);
  });
});

describe('reconcile, keyed as Stripe keys balance transactions (issue 20)', () => {
  const charge = (
    chargeId: string,
    paymentIntentId: string | null,
    amountCents: number,
  ): BalanceTransaction => ({
    id: `txn_${chargeId}`,
    type: 'charge',
    amountCents,
    sourceId: chargeId,
    paymentIntentId,
    created: new Date(AT),
  });
  const withIntent = (type: string, sourceId: string, amountCents: number, paymentIntentId: string) => ({
    ...tx(type, sourceId, amountCents),
    id: `txn_${type}_${sourceId}_${amountCents}`,
    paymentIntentId,
  });
  const refunded = (donationId: string, amountCents: number, afterTransfer = false): MoneyEvent => ({
    type: 'GiftRefunded',
    data: {
      donationId,
      chargeId: `ch_${donationId}`,
      paymentIntentId: `pi_${donationId}`,
      amountCents,
      totalRefundedCents: amountCents,
      afterTransfer,
      donationAmountCents: 0,
      providerEventId: 'evt_r',
      refundedAt: AT,
    },
  });
  const disputed = (donationId: string, amountCents: number): MoneyEvent => ({
    type: 'GiftDisputed',
    data: {
      donationId,
      chargeId: `ch_${donationId}`,
      disputeId: `du_${donationId}`,
      amountCents,
      afterTransfer: false,
      providerEventId: 'evt_d',
      disputedAt: AT,
    },
  });
  const closed = (donationId: string, outcome: 'won' | 'lost', amountCents: number): MoneyEvent => ({
    type: 'GiftDisputeClosed',
    data: {
      donationId,
      chargeId: `ch_${donationId}`,
      disputeId: `du_${donationId}`,
      outcome,
      amountCents,
      afterTransfer: false,
      donationAmountCents: 0,
      providerEventId: 'evt_c',
      closedAt: AT,
    },
  });
  const subscriptionPaid = (chargeId: string, amountPaidCents: number): MoneyEvent =>
    ({
      type: 'SubscriptionPaymentSucceeded',
      data: { chargeId, amountPaidCents, occurredAt: AT, invoiceId: 'in_1', memberId: 'm1' },
    }) as MoneyEvent;
  const subscriptionRefunded = (chargeId: string, cents: number, disputeId?: string): MoneyEvent =>
    ({
      type: 'PaymentRefunded',
      data: {
        chargeId,
        paymentIntentId: `pi_${chargeId}`,
        amountRefundedCents: cents,
        occurredAt: AT,
        ...(disputeId ? { disputeId } : {}),
      },
    }) as MoneyEvent;
  const reversed = (donationId: string, reversalId: string, amountCents: number): MoneyEvent => ({
    type: 'DonationTransferReversed',
    data: {
      donationId,
      transferId: 'tr_1',
      reversalId,
      amountCents,
      totalReversedCents: amountCents,
      providerEventId: 'evt_v',
      reversedAt: AT,
    },
  });

  it('matches a gift by its charge’s payment intent, a subscription charge by its id, refunds per payment intent and disputes per dispute', () => {
    const result = reconcile(
      [
        received('g1', 2500),
        received('g2', 1000),
        received('g3', 700),
        refunded('g1', 400),
        disputed('g2', 1000),
        closed('g2', 'won', 1000),
        disputed('g3', 700),
        closed('g3', 'lost', 700),
        subscriptionPaid('ch_sub1', 499),
        subscriptionRefunded('ch_sub1', 499),
        subscriptionPaid('ch_sub2', 999),
        subscriptionRefunded('ch_sub2', 999, 'du_sub2'),
        initiated('g1', 'tr_1', 2100),
        reversed('g1', 'trr_1', 600),
      ],
      [
        charge('ch_g1', 'pi_g1', 2500),
        charge('ch_g2', 'pi_g2', 1000),
        charge('ch_g3', 'pi_g3', 700),
        withIntent('refund', 're_1', -150, 'pi_g1'),
        withIntent('refund', 're_2', -250, 'pi_g1'),
        withIntent('adjustment', 'du_g2', -1000, 'pi_g2'),
        { ...withIntent('adjustment', 'du_g2', 1000, 'pi_g2'), id: 'txn_reinstated' },
        withIntent('adjustment', 'du_g3', -700, 'pi_g3'),
        charge('ch_sub1', 'pi_ch_sub1', 499),
        withIntent('refund', 're_3', -499, 'pi_ch_sub1'),
        charge('ch_sub2', 'pi_ch_sub2', 999),
        withIntent('adjustment', 'du_sub2', -999, 'pi_ch_sub2'),
        // A subscription dispute won: withdrawn and reinstated, billing books nothing.
        withIntent('adjustment', 'du_sub3', -499, 'pi_ch_sub1'),
        { ...withIntent('adjustment', 'du_sub3', 499, 'pi_ch_sub1'), id: 'txn_sub3_back' },
        tx('transfer', 'tr_1', -2100),
        tx('transfer_reversal', 'trr_1', 600),
        tx('payout', 'po_1', -300),
      ],
    );
    expect(result.differences).toEqual([]);
  });

  it('lists refunds and disputes that differ or are missing on either side', () => {
    const result = reconcile(
      [
        received('g1', 2500),
        refunded('g1', 400),
        received('g2', 1000),
        disputed('g2', 1000),
        reversed('g1', 'trr_9', 50),
      ],
      [
        charge('ch_g1', 'pi_g1', 2500),
        charge('ch_g2', 'pi_g2', 1000),
        withIntent('refund', 're_1', -300, 'pi_g1'),
        withIntent('adjustment', 'du_g2', -1000, 'pi_g2'),
        { ...withIntent('adjustment', 'du_g2', 1000, 'pi_g2'), id: 'txn_back' },
        withIntent('refund', 're_x', -100, 'pi_stranger'),
        tx('transfer_reversal', 'trr_unknown', 80),
      ],
    );
    expect(result.differences).toEqual([
      expect.objectContaining({ kind: 'missing-in-ledger', providerId: 'trr_unknown' }),
      expect.objectContaining({
        kind: 'amount-mismatch',
        providerId: 'pi_g1',
        ledgerCents: 400,
        providerCents: 300,
      }),
      expect.objectContaining({ kind: 'missing-in-ledger', providerId: 'pi_stranger', providerCents: -100 }),
      // Won at the provider, still open in the ledger.
      expect.objectContaining({
        kind: 'amount-mismatch',
        providerId: 'du_g2',
        ledgerCents: -1000,
        providerCents: 0,
      }),
      expect.objectContaining({ kind: 'missing-at-provider', providerId: 'trr_9', ledgerCents: 50 }),
    ]);
  });

  it('misses at the provider only ledger facts of the period read, and explains older ones it meets', () => {
    const range = { from: new Date('2026-12-01T00:00:00Z'), to: new Date('2026-12-31T00:00:00Z') };
    // The gift is of November: its charge is not in December's transactions, its refund is.
    const result = reconcile(
      [
        received('g1', 2500),
        {
          ...refunded('g1', 2500),
          data: { ...(refunded('g1', 2500).data as object), refundedAt: '2026-12-05T00:00:00Z' },
        } as MoneyEvent,
      ],
      [withIntent('refund', 're_1', -2500, 'pi_g1')],
      range,
    );
    expect(result.differences).toEqual([]);
    expect(result.ledger.receivedCents).toBe(0);
    const missing = reconcile([received('g1', 2500)], [], {
      from: new Date('2026-11-01T00:00:00Z'),
      to: range.from,
    });
    expect(missing.differences).toEqual([
      expect.objectContaining({ kind: 'missing-at-provider', providerId: 'pi_g1' }),
    ]);
  });
});
