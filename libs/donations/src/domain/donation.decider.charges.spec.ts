import { deciderSpec } from '@arena/testing';
import type { DonationCommand } from './donation.commands';
import { decide, donationDecider, evolve, initialState, isDisputed } from './donation.decider';
import { DonationError } from './donation.errors';
import type { DonationEvent } from './donation.events';

/**
 * A gift's charge after it was paid (issue 20): refunds (whole, partial, in steps, reported again or out of
 * order) and disputes, before and after the donation's transfer.
 */
const spec = deciderSpec<DonationCommand, DonationEvent, ReturnType<typeof evolve>>(donationDecider);

const donationId = '0b7e0f6a-2c1d-4e3f-9a8b-7c6d5e4f3a2b';
const at = '2026-11-24T09:00:00.000Z';
const ein = '530196605';

const received: DonationEvent = {
  type: 'DonationReceived',
  data: {
    donationId,
    amountCents: 2500,
    currency: 'usd',
    donorEmail: null,
    donorMemberId: null,
    charityEin: null,
    checkoutSessionId: 'cs_test_1',
    paymentIntentId: 'pi_1',
    providerEventId: 'evt_paid',
    receiptCode: 'R-CHARGES12',
    receivedAt: at,
  },
};
const directedData = (amountCents = 2500) => ({
  donationId,
  amountCents,
  charityEin: ein,
  charityName: 'Red Cross',
  directedBy: { kind: 'platform' as const, reason: 'donation-pool' as const },
  source: { kind: 'gift' as const, checkoutSessionId: 'cs_test_1' },
  receiptCode: 'R-CHARGES12',
  directedAt: at,
});
const directed: DonationEvent = { type: 'DonationDirected', data: directedData() };
const initiateData = (amountCents = 2500) => ({
  donationId,
  windowId: '2026-11-25',
  transferId: 'tr_1',
  charityEin: ein,
  stripeAccountId: 'acct_1',
  amountCents,
  transferAmountCents: amountCents,
  initiatedAt: at,
});
const initiated: DonationEvent = { type: 'DonationTransferInitiated', data: initiateData() };

const refund = (providerEventId: string, totalRefundedCents: number): DonationCommand => ({
  type: 'RefundGift',
  data: {
    donationId,
    chargeId: 'ch_1',
    paymentIntentId: 'pi_1',
    totalRefundedCents,
    providerEventId,
    refundedAt: at,
  },
});
const refunded = (
  providerEventId: string,
  amountCents: number,
  totalRefundedCents: number,
  afterTransfer = false,
): DonationEvent => ({
  type: 'GiftRefunded',
  data: {
    donationId,
    chargeId: 'ch_1',
    paymentIntentId: 'pi_1',
    amountCents,
    totalRefundedCents,
    afterTransfer,
    donationAmountCents: afterTransfer ? 2500 : 2500 - totalRefundedCents,
    providerEventId,
    refundedAt: at,
  },
});
const dispute = (amountCents = 2500): DonationCommand => ({
  type: 'DisputeGift',
  data: {
    donationId,
    chargeId: 'ch_1',
    disputeId: 'du_1',
    amountCents,
    providerEventId: 'evt_du',
    disputedAt: at,
  },
});
const disputed = (amountCents = 2500, afterTransfer = false): DonationEvent => ({
  type: 'GiftDisputed',
  data: {
    donationId,
    chargeId: 'ch_1',
    disputeId: 'du_1',
    amountCents,
    afterTransfer,
    providerEventId: 'evt_du',
    disputedAt: at,
  },
});
const close = (outcome: 'won' | 'lost', disputeId = 'du_1'): DonationCommand => ({
  type: 'CloseGiftDispute',
  data: { donationId, chargeId: 'ch_1', disputeId, outcome, providerEventId: `evt_${outcome}`, closedAt: at },
});
const closed = (outcome: 'won' | 'lost', afterTransfer = false): DonationEvent => ({
  type: 'GiftDisputeClosed',
  data: {
    donationId,
    chargeId: 'ch_1',
    disputeId: 'du_1',
    outcome,
    amountCents: 2500,
    afterTransfer,
    donationAmountCents: outcome === 'lost' && !afterTransfer ? 0 : 2500,
    providerEventId: `evt_${outcome}`,
    closedAt: at,
  },
});

const stateOf = (events: readonly DonationEvent[]) => events.reduce(evolve, initialState);
function refusalOf(events: readonly DonationEvent[], command: DonationCommand): DonationError {
  try {
    decide(command, stateOf(events));
  } catch (error) {
    return error as DonationError;
  }
  throw new Error(`${command.type} was not refused`);
}

describe('donation decider: a gift refunded or disputed (issue 20)', () => {
  describe('refunds', () => {
    it('a whole refund before the transfer: refunded, nothing left to send', () => {
      spec
        .given([received, directed])
        .when(refund('evt_r1', 2500))
        .then([refunded('evt_r1', 2500, 2500)]);
      const state = stateOf([received, directed, refunded('evt_r1', 2500, 2500)])!;
      expect(state).toMatchObject({ status: 'refunded', amountCents: 0 });
      expect(
        refusalOf([received, directed, refunded('evt_r1', 2500, 2500)], {
          type: 'InitiateTransfer',
          data: initiateData(),
        }).kind,
      ).toBe('conflict');
    });

    it('a partial refund before the transfer reduces what is sent; a second one adds only what is new', () => {
      const history = [received, directed, refunded('evt_r1', 1000, 1000)];
      expect(stateOf(history)).toMatchObject({ status: 'held', amountCents: 1500 });
      spec
        .given(history)
        .when(refund('evt_r2', 1500))
        .then([refunded('evt_r2', 500, 1500)]);
      // The whole transfer of what is left is the donation's amount now.
      spec
        .given(history)
        .when({ type: 'InitiateTransfer', data: initiateData(1500) })
        .then([{ type: 'DonationTransferInitiated', data: initiateData(1500) }]);
      expect(refusalOf(history, { type: 'InitiateTransfer', data: initiateData(2500) }).kind).toBe(
        'conflict',
      );
    });

    it('a refund of a gift still in the pool (not directed) reduces it too', () => {
      spec
        .given([received])
        .when(refund('evt_r1', 2500))
        .then([refunded('evt_r1', 2500, 2500)]);
      expect(stateOf([received, refunded('evt_r1', 2500, 2500)])).toMatchObject({ status: 'refunded' });
    });

    it('stays quiet on the same refund again, and on an older report after a newer one', () => {
      const history = [received, directed, refunded('evt_r2', 1500, 1500)];
      spec.given(history).when(refund('evt_r2', 1500)).then([]);
      spec.given(history).when(refund('evt_r1', 1000)).then([]);
    });

    it('after the transfer: a platform loss, the donation keeps its amount and status', () => {
      const history = [received, directed, initiated];
      spec
        .given(history)
        .when(refund('evt_r1', 2500))
        .then([refunded('evt_r1', 2500, 2500, true)]);
      expect(stateOf([...history, refunded('evt_r1', 2500, 2500, true)])).toMatchObject({
        status: 'pending',
        amountCents: 2500,
      });
    });

    it('refuses refunds summing over the gift, and a refund of no gift yet (so it is delivered again)', () => {
      expect(refusalOf([received, directed], refund('evt_r1', 2501)).kind).toBe('invalid');
      expect(refusalOf([], refund('evt_r1', 100)).kind).toBe('not_found');
      expect(refusalOf([directed], refund('evt_r1', 100)).kind).toBe('conflict');
    });
  });

  describe('disputes', () => {
    it('a disputed gift is kept out of transfers until the dispute closes', () => {
      const history = [received, directed, disputed()];
      spec.given([received, directed]).when(dispute()).then([disputed()]);
      expect(isDisputed(stateOf(history)!)).toBe(true);
      expect(refusalOf(history, { type: 'InitiateTransfer', data: initiateData() }).kind).toBe('conflict');
    });

    it('won: the gift goes on, whole', () => {
      const history = [received, directed, disputed()];
      spec
        .given(history)
        .when(close('won'))
        .then([closed('won')]);
      const state = stateOf([...history, closed('won')])!;
      expect(isDisputed(state)).toBe(false);
      expect(state).toMatchObject({ status: 'held', amountCents: 2500 });
    });

    it('lost before the transfer: like a whole refund', () => {
      const history = [received, directed, disputed()];
      spec
        .given(history)
        .when(close('lost'))
        .then([closed('lost')]);
      expect(stateOf([...history, closed('lost')])).toMatchObject({ status: 'refunded', amountCents: 0 });
    });

    it('lost after the transfer: a platform loss, the donation as it was', () => {
      const history = [received, directed, initiated, disputed(2500, true)];
      spec
        .given([received, directed, initiated])
        .when(dispute())
        .then([disputed(2500, true)]);
      spec
        .given(history)
        .when(close('lost'))
        .then([closed('lost', true)]);
      expect(stateOf([...history, closed('lost', true)])).toMatchObject({
        status: 'pending',
        amountCents: 2500,
      });
    });

    it('stays quiet on the same dispute again and a closed dispute closed again', () => {
      spec.given([received, directed, disputed()]).when(dispute()).then([]);
      spec
        .given([received, directed, disputed(), closed('won')])
        .when(close('lost'))
        .then([]);
    });

    it('refuses a close before its dispute (delivered again later), and a dispute over what is left', () => {
      expect(refusalOf([received, directed], close('won')).kind).toBe('not_found');
      expect(refusalOf([received, directed, refunded('evt_r1', 1000, 1000)], dispute(2500)).kind).toBe(
        'invalid',
      );
      expect(refusalOf([received, directed], dispute(-5)).kind).toBe('invalid');
      // A charged-back amount cannot be refunded too (open or lost); once won, it can.
      expect(refusalOf([received, directed, disputed()], refund('evt_r1', 1)).kind).toBe('invalid');
      expect(refusalOf([received, directed, disputed(), closed('lost')], refund('evt_r1', 1)).kind).toBe(
        'invalid',
      );
      spec
        .given([received, directed, disputed(), closed('won')])
        .when(refund('evt_r1', 2500))
        .then([refunded('evt_r1', 2500, 2500)]);
    });
  });
});
