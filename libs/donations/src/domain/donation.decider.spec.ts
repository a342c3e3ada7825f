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

    it('fails back to held, once, and may be sent in another transfer later', () => {
      spec.given([directed, initiated]).when({ type: 'FailTransfer', data: failData }).then([failed]);
      spec.given([directed, initiated, failed]).when({ type: 'FailTransfer', data: failData }).then([]);
      const state = [directed, initiated, failed].reduce(evolve, initialState);
      expect(state).toMatchObject({ status: 'held', transferId: null, failedTransferIds: ['tr_1'] });
      spec
        .given([directed, initiated, failed])
        .when({ type: 'InitiateTransfer', data: { ...initiateData, transferId: 'tr_2' } })
        .then([{ type: 'DonationTransferInitiated', data: { ...initiateData, transferId: 'tr_2' } }]);
    });

    it('never rejoins the transfer that failed, and a late success of it changes nothing', () => {
      spec
        .given([directed, initiated, failed])
        .when({ type: 'InitiateTransfer', data: initiateData })
        .thenThrows(DonationError, /failed transfer/);
      spec.given([directed, initiated, failed]).when({ type: 'ClearPayout', data: clearData }).then([]);
    });

    it('a cleared donation stays cleared; a failure of another transfer is refused', () => {
      spec.given([directed, initiated, cleared]).when({ type: 'FailTransfer', data: failData }).then([]);
      spec
        .given([directed, initiated])
        .when({ type: 'FailTransfer', data: { ...failData, transferId: 'tr_9' } })
        .thenThrows(DonationError, /not in transfer/);
    });
  });
});
