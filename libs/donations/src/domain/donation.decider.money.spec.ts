import { deciderSpec } from '@arena/testing';
import type { DonationCommand } from './donation.commands';
import { decide, donationDecider, evolve, initialState } from './donation.decider';
import { DonationError } from './donation.errors';
import type { DonationEvent } from './donation.events';

/**
 * The money rules of one donation, one test per rule: a gift keeps its amount to the cent, a donation is
 * sent once, and a provider report out of order is refused (so it is delivered again) or changes nothing.
 */
const spec = deciderSpec<DonationCommand, DonationEvent, ReturnType<typeof evolve>>(donationDecider);

const donationId = '9e8d7c6b-5a49-4382-9170-6f5e4d3c2b1a';
const at = '2026-11-24T09:00:00.000Z';
const ein = '530196605';

const receiveData = (amountCents = 2500) => ({
  donationId,
  amountCents,
  currency: 'usd' as const,
  donorEmail: 'grace@example.com',
  donorMemberId: null,
  charityEin: null as string | null,
  checkoutSessionId: 'cs_test_9',
  paymentIntentId: 'pi_9',
  providerEventId: 'evt_paid',
  receiptCode: 'R-MONEY123',
  receivedAt: at,
});
const receive = (
  overrides: Partial<ReturnType<typeof receiveData>> & { charityName?: string | null } = {},
): DonationCommand => ({
  type: 'ReceiveGift',
  data: {
    ...receiveData(),
    charityName: null,
    directedBy: { kind: 'donor', memberId: null, displayName: 'Grace' },
    ...overrides,
  },
});
const received = (amountCents = 2500): DonationEvent => ({
  type: 'DonationReceived',
  data: receiveData(amountCents),
});

const directedData = (amountCents = 2500, charityEin = ein) => ({
  donationId,
  amountCents,
  charityEin,
  charityName: 'Red Cross',
  directedBy: { kind: 'platform' as const, reason: 'donation-pool' as const },
  source: { kind: 'gift' as const, checkoutSessionId: 'cs_test_9' },
  receiptCode: 'R-MONEY123',
  directedAt: at,
});
const direct = (amountCents = 2500, charityEin = ein): DonationCommand => ({
  type: 'DirectDonation',
  data: directedData(amountCents, charityEin),
});
const directed = (amountCents = 2500): DonationEvent => ({
  type: 'DonationDirected',
  data: directedData(amountCents),
});

const initiateData = (transferId: string) => ({
  donationId,
  windowId: '2026-11-24',
  transferId,
  charityEin: ein,
  stripeAccountId: 'acct_9',
  amountCents: 2500,
  transferAmountCents: 2500,
  initiatedAt: at,
});
const initiate = (transferId: string): DonationCommand => ({
  type: 'InitiateTransfer',
  data: initiateData(transferId),
});
const initiated = (transferId: string): DonationEvent => ({
  type: 'DonationTransferInitiated',
  data: initiateData(transferId),
});
const clearData = (transferId: string) => ({
  donationId,
  transferId,
  providerEventId: `evt_paid_${transferId}`,
  clearedAt: at,
});
const clear = (transferId: string): DonationCommand => ({ type: 'ClearPayout', data: clearData(transferId) });
const cleared = (transferId: string): DonationEvent => ({
  type: 'PayoutCleared',
  data: clearData(transferId),
});
const failData = (transferId: string) => ({
  donationId,
  transferId,
  reason: 'reversed',
  providerEventId: `evt_failed_${transferId}`,
  failedAt: at,
});
const payoutFailData = (transferId: string, payoutId = 'po_1') => ({
  donationId,
  transferId,
  stripeAccountId: 'acct_1',
  payoutId,
  failureCode: 'account_closed',
  failureMessage: 'The bank account has been closed.',
  providerEventId: `evt_payout_failed_${payoutId}`,
  failedAt: at,
});
const fail = (transferId: string): DonationCommand => ({
  type: 'FailPayout',
  data: payoutFailData(transferId),
});
const reverse = (transferId: string, reversalId: string, amountCents: number): DonationCommand => ({
  type: 'ReverseTransfer',
  data: {
    donationId,
    transferId,
    reversalId,
    amountCents,
    providerEventId: `evt_${reversalId}`,
    reversedAt: at,
  },
});
const reversedBy = (
  transferId: string,
  reversalId: string,
  amountCents: number,
  totalReversedCents: number,
): DonationEvent => ({
  type: 'DonationTransferReversed',
  data: {
    donationId,
    transferId,
    reversalId,
    amountCents,
    totalReversedCents,
    providerEventId: `evt_${reversalId}`,
    reversedAt: at,
  },
});
/** Before issue 20: a failed transfer (old streams still hold them). */
const failed = (transferId: string): DonationEvent => ({
  type: 'DonationTransferFailed',
  data: failData(transferId),
});

const stateOf = (events: readonly DonationEvent[]) => events.reduce(evolve, initialState);

/** The refusal of `command` after `events`, to check its class, kind and exact message. */
function refusalOf(events: readonly DonationEvent[], command: DonationCommand): unknown {
  try {
    decide(command, stateOf(events));
  } catch (error) {
    return error;
  }
  throw new Error(`${command.type} was not refused`);
}
const expectRefusal = (error: unknown, kind: DonationError['kind'], message: string) => {
  expect(error).toBeInstanceOf(DonationError);
  expect(error).toMatchObject({ kind, message });
};

describe('donation decider: money', () => {
  describe('receiving a gift', () => {
    it('keeps the amount paid to the cent, from one cent to the largest gift checkout takes', () => {
      spec
        .given([])
        .when(receive({ amountCents: 1 }))
        .then([received(1)]);
      spec
        .given([])
        .when(receive({ amountCents: 100_000_000 }))
        .then([received(100_000_000)]);
      expect(stateOf([received(100_000_000)])).toMatchObject({
        amountCents: 100_000_000,
        status: 'received',
      });
    });

    it('waits in the pool when the charity has an EIN but no name', () => {
      spec
        .given([])
        .when(receive({ charityEin: ein, charityName: null }))
        .then([{ type: 'DonationReceived', data: { ...receiveData(), charityEin: ein } }]);
    });

    it('stays quiet when the same checkout is reported again after the gift was sent and cleared', () => {
      spec
        .given([received(), directed(), initiated('tr_1'), cleared('tr_1')])
        .when(receive())
        .then([]);
    });

    it('refuses a gift under the id of a prize donation, as a conflict', () => {
      const prize: DonationEvent = {
        type: 'DonationDirected',
        data: {
          ...directedData(),
          directedBy: { kind: 'winner', memberId: 'm1', username: 'ada' },
          source: { kind: 'prize', tournamentId: 't1', tournamentTitle: 'Cup', rank: 1, memberId: 'm1' },
        },
      };
      expectRefusal(
        refusalOf([prize], receive()),
        'conflict',
        `Donation ${donationId} exists already, with other facts`,
      );
    });
  });

  describe('directing', () => {
    it('refuses to direct a pool gift for one cent more than was paid', () => {
      expectRefusal(
        refusalOf([received(2500)], direct(2501)),
        'conflict',
        `Donation ${donationId} exists already, with other facts`,
      );
    });

    it('refuses to direct a directed donation again for another amount, to the same charity', () => {
      expectRefusal(
        refusalOf([directed(2500)], direct(5000)),
        'conflict',
        `Donation ${donationId} exists already, with other facts`,
      );
    });

    it('stays quiet when the same direction comes again after the donation was cleared', () => {
      spec
        .given([received(), directed(), initiated('tr_1'), cleared('tr_1')])
        .when(direct())
        .then([]);
      expect(stateOf([received(), directed(), initiated('tr_1'), cleared('tr_1')])?.status).toBe('cleared');
    });
  });

  describe('the transfer', () => {
    it('refuses every step of a donation that does not exist, as not found', () => {
      const message = `Donation ${donationId} does not exist`;
      expectRefusal(refusalOf([], initiate('tr_1')), 'not_found', message);
      expectRefusal(refusalOf([], clear('tr_1')), 'not_found', message);
      expectRefusal(refusalOf([], fail('tr_1')), 'not_found', message);
    });

    it('starts only from held: a gift still in the pool is refused', () => {
      expectRefusal(
        refusalOf([received()], initiate('tr_1')),
        'conflict',
        `Donation ${donationId}: cannot start a transfer while received`,
      );
    });

    it('refuses a second transfer while the first is pending, so the money is not sent twice', () => {
      expectRefusal(
        refusalOf([directed(), initiated('tr_1')], initiate('tr_2')),
        'conflict',
        `Donation ${donationId}: cannot start a transfer while pending`,
      );
    });

    it('refuses another transfer of a cleared donation, and stays quiet on the one that cleared it', () => {
      const history = [directed(), initiated('tr_1'), cleared('tr_1')];
      expectRefusal(
        refusalOf(history, initiate('tr_2')),
        'conflict',
        `Donation ${donationId}: cannot start a transfer while cleared`,
      );
      spec.given(history).when(initiate('tr_1')).then([]);
    });

    it('never joins any transfer that failed for it, even after later ones failed too', () => {
      const history = [directed(), initiated('tr_1'), failed('tr_1'), initiated('tr_2'), failed('tr_2')];
      expectRefusal(
        refusalOf(history, initiate('tr_1')),
        'conflict',
        `Donation ${donationId}: cannot join a failed transfer again while held`,
      );
      spec
        .given(history)
        .when(initiate('tr_3'))
        .then([initiated('tr_3')]);
      expect(stateOf(history)).toMatchObject({
        status: 'held',
        amountCents: 2500,
        transferId: null,
        failedTransferIds: ['tr_1', 'tr_2'],
      });
    });

    it('refuses a payout cleared for another transfer than the pending one', () => {
      expectRefusal(
        refusalOf([directed(), initiated('tr_1')], clear('tr_2')),
        'conflict',
        `Donation ${donationId} is not in transfer tr_2`,
      );
    });

    it('stays quiet on a late success of a failed transfer while a later one is pending', () => {
      const history = [directed(), initiated('tr_1'), failed('tr_1'), initiated('tr_2')];
      spec.given(history).when(clear('tr_1')).then([]);
      spec
        .given(history)
        .when(clear('tr_2'))
        .then([cleared('tr_2')]);
    });

    it('refuses a failure reported before its transfer started, so the provider delivers it again', () => {
      expectRefusal(
        refusalOf([directed()], fail('tr_1')),
        'conflict',
        `Donation ${donationId} is not in transfer tr_1`,
      );
    });

    it('stays quiet on a failure of another payout after the payout cleared it', () => {
      const history = [directed(), initiated('tr_1'), cleared('tr_1')];
      spec.given(history).when(fail('tr_1')).then([]);
      spec.given(history).when(clear('tr_1')).then([]);
    });

    it('reverses to the cent: every cent once, never more than was sent, whatever the order of partial reversals', () => {
      const history = [directed(), initiated('tr_1')];
      spec
        .given(history)
        .when(reverse('tr_1', 'trr_a', 1))
        .then([reversedBy('tr_1', 'trr_a', 1, 1)]);
      const after = [...history, reversedBy('tr_1', 'trr_a', 1, 1), reversedBy('tr_1', 'trr_b', 2498, 2499)];
      expect(stateOf(after)).toMatchObject({ status: 'pending', reversedCents: 2499 });
      expectRefusal(
        refusalOf(after, reverse('tr_1', 'trr_c', 2)),
        'invalid',
        `Donation ${donationId}: reversal trr_c of 2 cents is more than the 1 cents not yet reversed`,
      );
      spec
        .given(after)
        .when(reverse('tr_1', 'trr_b', 2498))
        .then([]);
      const whole = [...after, reversedBy('tr_1', 'trr_c', 1, 2500)];
      expect(stateOf(whole)).toMatchObject({ status: 'reversed', reversedCents: 2500 });
    });
  });
});
