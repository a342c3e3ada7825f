import { deciderSpec } from '@arena/testing';
import type { DonationCommand } from './donation.commands';
import { donationDecider, evolve, initialState } from './donation.decider';
import { DonationError } from './donation.errors';
import type { DonationEvent } from './donation.events';

const spec = deciderSpec<DonationCommand, DonationEvent, ReturnType<typeof evolve>>(donationDecider);

const donationId = '3b0c4a52-5d7e-4f0e-9b1a-2c3d4e5f6a7b';
const at = '2026-11-23T10:00:00.000Z';
const ein = '530196605';

const receiveData = {
  donationId,
  amountCents: 2500,
  currency: 'usd' as const,
  donorEmail: 'ada@example.com',
  donorMemberId: null,
  charityEin: null as string | null,
  checkoutSessionId: 'cs_test_1',
  paymentIntentId: 'pi_1',
  providerEventId: 'evt_1',
  receiptCode: 'R-ABCD1234',
  receivedAt: at,
};
const receive = (overrides: Partial<typeof receiveData> & { charityName?: string | null } = {}) =>
  ({
    type: 'ReceiveGift',
    data: {
      ...receiveData,
      charityName: null,
      directedBy: { kind: 'donor', memberId: null, displayName: null },
      ...overrides,
    },
  }) satisfies DonationCommand;

const received: DonationEvent = { type: 'DonationReceived', data: receiveData };
const directedData = {
  donationId,
  amountCents: 2500,
  charityEin: ein,
  charityName: 'Red Cross',
  directedBy: { kind: 'winner' as const, memberId: 'm1', username: 'ada' },
  source: { kind: 'prize' as const, tournamentId: 't1', tournamentTitle: 'Cup', rank: 1, memberId: 'm1' },
  receiptCode: 'R-ABCD1234',
  directedAt: at,
};
const directed: DonationEvent = { type: 'DonationDirected', data: directedData };
const initiateData = {
  donationId,
  windowId: '2026-11-23',
  transferId: 'tr_1',
  charityEin: ein,
  stripeAccountId: 'acct_1',
  amountCents: 2500,
  transferAmountCents: 4000,
  initiatedAt: at,
};
const initiated: DonationEvent = { type: 'DonationTransferInitiated', data: initiateData };
const clearData = { donationId, transferId: 'tr_1', providerEventId: 'evt_2', clearedAt: at };
const cleared: DonationEvent = { type: 'PayoutCleared', data: clearData };
const failData = {
  donationId,
  transferId: 'tr_1',
  reason: 'reversed',
  providerEventId: 'evt_3',
  failedAt: at,
};
const failed: DonationEvent = { type: 'DonationTransferFailed', data: failData };
const clearByPayout = { ...clearData, payoutId: 'po_1' };
const payoutFailData = {
  donationId,
  transferId: 'tr_1',
  stripeAccountId: 'acct_1',
  payoutId: 'po_1',
  failureCode: 'no_account',
  failureMessage: 'No bank account could be located with those details.',
  providerEventId: 'evt_4',
  failedAt: at,
};
const payoutFailed: DonationEvent = { type: 'DonationPayoutFailed', data: payoutFailData };
const reverseData = {
  donationId,
  transferId: 'tr_1',
  reversalId: 'trr_1',
  amountCents: 1000,
  providerEventId: 'evt_5',
  reversedAt: at,
};
const reversed: DonationEvent = {
  type: 'DonationTransferReversed',
  data: { ...reverseData, totalReversedCents: 1000 },
};

describe('donation decider', () => {
  describe('a gift', () => {
    it('without a charity is received into the pool', () => {
      spec.given([]).when(receive()).then([received]);
      expect([received].reduce(evolve, initialState)?.status).toBe('received');
    });

    it('with a charity is received and directed by the donor at once', () => {
      spec
        .given([])
        .when(receive({ charityEin: ein, charityName: 'Red Cross' }))
        .then([
          { type: 'DonationReceived', data: { ...receiveData, charityEin: ein } },
          {
            type: 'DonationDirected',
            data: {
              donationId,
              amountCents: 2500,
              charityEin: ein,
              charityName: 'Red Cross',
              directedBy: { kind: 'donor', memberId: null, displayName: null },
              source: { kind: 'gift', checkoutSessionId: 'cs_test_1' },
              receiptCode: 'R-ABCD1234',
              directedAt: at,
            },
          },
        ]);
    });

    it('received again from the same checkout decides nothing', () => {
      spec.given([received]).when(receive()).then([]);
    });

    it('received again under the same id from another checkout is refused', () => {
      spec
        .given([received])
        .when(receive({ checkoutSessionId: 'cs_other' }))
        .thenThrows(DonationError, /exists already/);
    });

    it('in the pool is directed by the platform, then held', () => {
      const pool = {
        ...directedData,
        directedBy: { kind: 'platform' as const, reason: 'donation-pool' as const },
      };
      spec
        .given([received])
        .when({ type: 'DirectDonation', data: pool })
        .then([{ type: 'DonationDirected', data: pool }]);
      expect(
        [received, { type: 'DonationDirected', data: pool } as DonationEvent].reduce(evolve, initialState)
          ?.status,
      ).toBe('held');
    });

    it('directed with another amount than received is refused', () => {
      spec
        .given([received])
        .when({ type: 'DirectDonation', data: { ...directedData, amountCents: 1 } })
        .thenThrows(DonationError);
    });
  });

  describe('directing', () => {
    it('opens a prize donation, held', () => {
      spec.given([]).when({ type: 'DirectDonation', data: directedData }).then([directed]);
    });

    it('the same direction again decides nothing; another charity is refused', () => {
      spec.given([directed]).when({ type: 'DirectDonation', data: directedData }).then([]);
      spec
        .given([directed])
        .when({ type: 'DirectDonation', data: { ...directedData, charityEin: '111111111' } })
        .thenThrows(DonationError, /exists already/);
    });
  });

  describe('the transfer', () => {
    it('starts from held only', () => {
      spec.given([directed]).when({ type: 'InitiateTransfer', data: initiateData }).then([initiated]);
      spec
        .given([received])
        .when({ type: 'InitiateTransfer', data: initiateData })
        .thenThrows(DonationError, /received/);
      spec
        .given([])
        .when({ type: 'InitiateTransfer', data: initiateData })
        .thenThrows(DonationError, /does not exist/);
    });

    it('in the same transfer again decides nothing; in another while pending is refused', () => {
      spec.given([directed, initiated]).when({ type: 'InitiateTransfer', data: initiateData }).then([]);
      spec
        .given([directed, initiated])
        .when({ type: 'InitiateTransfer', data: { ...initiateData, transferId: 'tr_2' } })
        .thenThrows(DonationError, /pending/);
    });

    it('clears once', () => {
      spec.given([directed, initiated]).when({ type: 'ClearPayout', data: clearData }).then([cleared]);
      spec.given([directed, initiated, cleared]).when({ type: 'ClearPayout', data: clearData }).then([]);
    });

    it('paid before it was initiated is refused, so the provider delivers it again', () => {
      spec
        .given([directed])
        .when({ type: 'ClearPayout', data: clearData })
        .thenThrows(DonationError, /not in transfer/);
    });

    it('an old failed transfer (the transfer.paid days) still evolves back to held, and may be sent again later', () => {
      const state = [directed, initiated, failed].reduce(evolve, initialState);
      expect(state).toMatchObject({ status: 'held', transferId: null, failedTransferIds: ['tr_1'] });
      spec
        .given([directed, initiated, failed])
        .when({ type: 'InitiateTransfer', data: { ...initiateData, transferId: 'tr_2' } })
        .then([{ type: 'DonationTransferInitiated', data: { ...initiateData, transferId: 'tr_2' } }]);
    });

    it('never rejoins the transfer that failed, and later word of it (paid, failed, reversed) changes nothing', () => {
      spec
        .given([directed, initiated, failed])
        .when({ type: 'InitiateTransfer', data: initiateData })
        .thenThrows(DonationError, /failed transfer/);
      spec.given([directed, initiated, failed]).when({ type: 'ClearPayout', data: clearData }).then([]);
      spec.given([directed, initiated, failed]).when({ type: 'FailPayout', data: payoutFailData }).then([]);
      spec.given([directed, initiated, failed]).when({ type: 'ReverseTransfer', data: reverseData }).then([]);
    });
  });

  describe('payouts (issue 20)', () => {
    it('a paid payout that carried the transfer clears it, once; a cleared donation stays cleared', () => {
      spec
        .given([directed, initiated])
        .when({ type: 'ClearPayout', data: clearByPayout })
        .then([{ type: 'PayoutCleared', data: clearByPayout }]);
      spec
        .given([directed, initiated, { type: 'PayoutCleared', data: clearByPayout }])
        .when({ type: 'ClearPayout', data: clearByPayout })
        .then([]);
    });

    it('a failed payout flags it, still pending, once; a later paid payout carrying the funds clears it', () => {
      spec
        .given([directed, initiated])
        .when({ type: 'FailPayout', data: payoutFailData })
        .then([payoutFailed]);
      spec
        .given([directed, initiated, payoutFailed])
        .when({ type: 'FailPayout', data: payoutFailData })
        .then([]);
      expect([directed, initiated, payoutFailed].reduce(evolve, initialState)).toMatchObject({
        status: 'pending',
        transferId: 'tr_1',
        payoutFailure: { payoutId: 'po_1', failureCode: 'no_account' },
      });
      const later = { ...clearByPayout, payoutId: 'po_2', providerEventId: 'evt_7' };
      spec
        .given([directed, initiated, payoutFailed])
        .when({ type: 'ClearPayout', data: later })
        .then([{ type: 'PayoutCleared', data: later }]);
      expect(
        [directed, initiated, payoutFailed, { type: 'PayoutCleared', data: later } as DonationEvent].reduce(
          evolve,
          initialState,
        ),
      ).toMatchObject({ status: 'cleared', payoutFailure: null, clearedByPayoutId: 'po_2' });
    });

    it('never re-sends: a donation whose payout failed is not held, so no window takes it again', () => {
      spec
        .given([directed, initiated, payoutFailed])
        .when({ type: 'InitiateTransfer', data: { ...initiateData, transferId: 'tr_2' } })
        .thenThrows(DonationError, /pending/);
    });

    it("out of order: a failed payout's late report after another payout cleared it changes nothing", () => {
      const later = { ...clearByPayout, payoutId: 'po_2' };
      spec
        .given([directed, initiated, { type: 'PayoutCleared', data: later }])
        .when({ type: 'FailPayout', data: payoutFailData })
        .then([]);
    });

    it('a paid payout that the bank returned (payout.failed after payout.paid) flags it again, pending', () => {
      spec
        .given([directed, initiated, { type: 'PayoutCleared', data: clearByPayout }])
        .when({ type: 'FailPayout', data: payoutFailData })
        .then([payoutFailed]);
      expect(
        [
          directed,
          initiated,
          { type: 'PayoutCleared', data: clearByPayout } as DonationEvent,
          payoutFailed,
        ].reduce(evolve, initialState)?.status,
      ).toBe('pending');
      // That payout's paid report again (a redelivery) clears nothing: it failed.
      spec
        .given([directed, initiated, { type: 'PayoutCleared', data: clearByPayout }, payoutFailed])
        .when({ type: 'ClearPayout', data: clearByPayout })
        .then([]);
    });

    it('paid or failed before the transfer was initiated is refused, so the provider delivers it again', () => {
      spec
        .given([directed])
        .when({ type: 'FailPayout', data: payoutFailData })
        .thenThrows(DonationError, /not in transfer/);
      spec
        .given([directed, initiated])
        .when({ type: 'FailPayout', data: { ...payoutFailData, transferId: 'tr_9' } })
        .thenThrows(DonationError, /not in transfer/);
    });
  });

  describe('reversals (issue 20)', () => {
    it('in part: booked once by reversal id, the donation keeps its status', () => {
      spec.given([directed, initiated]).when({ type: 'ReverseTransfer', data: reverseData }).then([reversed]);
      spec
        .given([directed, initiated, reversed])
        .when({ type: 'ReverseTransfer', data: reverseData })
        .then([]);
      expect([directed, initiated, reversed].reduce(evolve, initialState)).toMatchObject({
        status: 'pending',
        reversedCents: 1000,
        reversalIds: ['trr_1'],
      });
    });

    it('the whole amount, in two reversals: reversed; then payouts change nothing', () => {
      const rest = { ...reverseData, reversalId: 'trr_2', amountCents: 1500 };
      spec
        .given([directed, initiated, reversed])
        .when({ type: 'ReverseTransfer', data: rest })
        .then([{ type: 'DonationTransferReversed', data: { ...rest, totalReversedCents: 2500 } }]);
      const all = [
        directed,
        initiated,
        reversed,
        { type: 'DonationTransferReversed', data: { ...rest, totalReversedCents: 2500 } } as DonationEvent,
      ];
      expect(all.reduce(evolve, initialState)).toMatchObject({ status: 'reversed', reversedCents: 2500 });
      spec.given(all).when({ type: 'ClearPayout', data: clearByPayout }).then([]);
      spec.given(all).when({ type: 'FailPayout', data: payoutFailData }).then([]);
    });

    it('after it was cleared (the charity had it): reversed', () => {
      const whole = { ...reverseData, amountCents: 2500 };
      const events = [
        directed,
        initiated,
        { type: 'PayoutCleared', data: clearByPayout } as DonationEvent,
        { type: 'DonationTransferReversed', data: { ...whole, totalReversedCents: 2500 } } as DonationEvent,
      ];
      expect(events.reduce(evolve, initialState)?.status).toBe('reversed');
    });

    it('more than is left, nothing, a fraction or a negative amount is refused', () => {
      for (const amountCents of [2501, 0, -1, 10.5, Number.MAX_SAFE_INTEGER + 2]) {
        spec
          .given([directed, initiated])
          .when({ type: 'ReverseTransfer', data: { ...reverseData, amountCents } })
          .thenThrows(DonationError, /more than/);
      }
      spec
        .given([directed, initiated, reversed])
        .when({ type: 'ReverseTransfer', data: { ...reverseData, reversalId: 'trr_2', amountCents: 1501 } })
        .thenThrows(DonationError, /1500 cents not yet reversed/);
    });

    it('of a transfer it is not in (yet) is refused, so the provider delivers it again', () => {
      spec
        .given([directed])
        .when({ type: 'ReverseTransfer', data: reverseData })
        .thenThrows(DonationError, /not in transfer/);
    });
  });
});
