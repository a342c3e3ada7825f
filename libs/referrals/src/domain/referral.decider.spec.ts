import { deciderSpec } from '@arena/testing';
import type { ReferralCommand } from './referral.commands';
import {
  evolve,
  initialState,
  payoutPlan,
  previousMonthOf,
  referralDecider,
  type ReferralState,
} from './referral.decider';
import { ReferralError } from './referral.errors';
import type { ReferralEvent } from './referral.events';

const spec = deciderSpec<ReferralCommand, ReferralEvent, ReferralState>(referralDecider);

const referrerId = 'r1';
const registered = (memberId: string, rewardMode: 'recurring' | 'one-time' = 'recurring'): ReferralEvent => ({
  type: 'ReferralRegistered',
  data: {
    referrerId,
    referredMemberId: memberId,
    referredUsername: `user-${memberId}`,
    rewardMode,
    registeredAt: '2026-01-01T00:00:00.000Z',
  },
});
const accrue = (
  memberId: string,
  invoiceId: string,
  paymentCents: number,
  paidAt = '2026-01-10T00:00:00.000Z',
) =>
  ({
    type: 'AccrueReward',
    data: {
      referrerId,
      referredMemberId: memberId,
      invoiceId,
      chargeId: `ch-${invoiceId}`,
      paymentCents,
      paidAt,
      accruedAt: paidAt,
    },
  }) as const;
const accrued = (
  memberId: string,
  invoiceId: string,
  paymentCents: number,
  amountCents: number,
  rewardMode: 'recurring' | 'one-time' = 'recurring',
  paidAt = '2026-01-10T00:00:00.000Z',
  refundWindowEndsAt = '2026-02-09T00:00:00.000Z',
): ReferralEvent => ({
  type: 'ReferralRewardAccrued',
  data: {
    rewardId: `reward-${invoiceId}`,
    referrerId,
    referredMemberId: memberId,
    rewardMode,
    invoiceId,
    chargeId: `ch-${invoiceId}`,
    paymentCents,
    amountCents,
    paidAt,
    refundWindowEndsAt,
    accruedAt: paidAt,
  },
});
const released = (
  invoiceId: string,
  amountCents: number,
  releasedAt = '2026-02-09T00:00:00.000Z',
): ReferralEvent => ({
  type: 'ReferralRewardReleased',
  data: { rewardId: `reward-${invoiceId}`, referrerId, amountCents, releasedAt },
});
const endWindow = (
  invoiceId: string,
  now = '2026-02-20T00:00:00.000Z',
  referrerActive = true,
  referredActive = true,
) =>
  ({
    type: 'EndRefundWindow',
    data: { referrerId, rewardId: `reward-${invoiceId}`, now, referrerActive, referredActive },
  }) as const;
const refund = (invoiceId: string, amountRefundedCents: number, paymentAmountCents: number) =>
  ({
    type: 'RecordRefund',
    data: {
      referrerId,
      chargeId: `ch-${invoiceId}`,
      amountRefundedCents,
      paymentAmountCents,
      refundedAt: '2026-01-15T00:00:00.000Z',
    },
  }) as const;
const paid = (month: string, rewardIds: string[], grossCents: number, clawbackCents = 0): ReferralEvent => ({
  type: 'ReferralRewardPaid',
  data: {
    payoutId: `payout-${referrerId}-${month}`,
    referrerId,
    month,
    rewardIds,
    grossCents,
    clawbackCents,
    amountCents: grossCents - clawbackCents,
    transferId: 'tr_1',
    destinationAccountId: 'acct_1',
    paidAt: '2026-03-01T06:00:00.000Z',
  },
});
const pay = (month: string, rewardIds: string[], grossCents: number, clawbackCents = 0): ReferralCommand => {
  const { payoutId: _payoutId, ...data } = paid(month, rewardIds, grossCents, clawbackCents).data as Extract<
    ReferralEvent,
    { type: 'ReferralRewardPaid' }
  >['data'];
  return { type: 'PayRewards', data };
};

describe('referral decider', () => {
  describe('registration', () => {
    it('registers a referred member once, in the link mode, else the referrer mode', () => {
      const command = (linkMode: 'recurring' | 'one-time' | null): ReferralCommand => ({
        type: 'RegisterReferral',
        data: {
          referrerId,
          referredMemberId: 'm1',
          referredUsername: 'user-m1',
          linkMode,
          registeredAt: '2026-01-01T00:00:00.000Z',
        },
      });
      spec
        .given([])
        .when(command('one-time'))
        .then([registered('m1', 'one-time')]);
      spec
        .given([])
        .when(command(null))
        .then([registered('m1', 'recurring')]);
      spec
        .given([
          { type: 'ReferralRewardModeChosen', data: { referrerId, rewardMode: 'one-time', chosenAt: 'x' } },
        ])
        .when(command(null))
        .then([registered('m1', 'one-time')]);
      spec
        .given([registered('m1')])
        .when(command('one-time'))
        .then([]);
    });

    it('ignores a self-referral', () => {
      spec
        .given([])
        .when({
          type: 'RegisterReferral',
          data: {
            referrerId,
            referredMemberId: referrerId,
            referredUsername: 'me',
            linkMode: null,
            registeredAt: 'x',
          },
        })
        .then([]);
    });

    it('records a mode choice only when it changes', () => {
      const choose: ReferralCommand = {
        type: 'ChooseRewardMode',
        data: { referrerId, rewardMode: 'one-time', chosenAt: 't' },
      };
      spec
        .given([])
        .when(choose)
        .then([{ type: 'ReferralRewardModeChosen', data: choose.data }]);
      spec
        .given([{ type: 'ReferralRewardModeChosen', data: choose.data }])
        .when(choose)
        .then([]);
    });
  });

  describe('accrual', () => {
    it('recurring: 10% of each payment, rounded down, once per invoice', () => {
      spec
        .given([registered('m1')])
        .when(accrue('m1', 'in1', 499))
        .then([accrued('m1', 'in1', 499, 49)]);
      spec
        .given([registered('m1'), accrued('m1', 'in1', 499, 49)])
        .when(accrue('m1', 'in1', 499))
        .then([]);
      spec
        .given([registered('m1'), accrued('m1', 'in1', 499, 49)])
        .when(accrue('m1', 'in2', 999, '2026-02-10T00:00:00.000Z'))
        .then([
          accrued('m1', 'in2', 999, 99, 'recurring', '2026-02-10T00:00:00.000Z', '2026-03-12T00:00:00.000Z'),
        ]);
    });

    it('one-time: the first paid payment in full, once per referred member', () => {
      spec
        .given([registered('m1', 'one-time')])
        .when(accrue('m1', 'in1', 499))
        .then([accrued('m1', 'in1', 499, 499, 'one-time')]);
      spec
        .given([registered('m1', 'one-time'), accrued('m1', 'in1', 499, 499, 'one-time')])
        .when(accrue('m1', 'in2', 999))
        .then([]);
    });

    it('nothing for a 0-cent payment, a reward under a cent, or a member not referred', () => {
      spec
        .given([registered('m1')])
        .when(accrue('m1', 'in1', 0))
        .then([]);
      spec
        .given([registered('m1')])
        .when(accrue('m1', 'in1', 9))
        .then([]);
      spec
        .given([registered('m1', 'one-time')])
        .when(accrue('m1', 'in1', 0))
        .then([]);
      spec
        .given([])
        .when(accrue('m9', 'in1', 499))
        .then([]);
    });
  });

  describe('end of the refund window', () => {
    const given = [registered('m1'), accrued('m1', 'in1', 499, 49)];

    it('releases at the window end (the logical time), once', () => {
      spec
        .given(given)
        .when(endWindow('in1'))
        .then([released('in1', 49)]);
      spec
        .given([...given, released('in1', 49)])
        .when(endWindow('in1'))
        .then([]);
    });

    it('refuses before the window ends', () => {
      spec
        .given(given)
        .when(endWindow('in1', '2026-02-08T23:59:59.000Z'))
        .thenThrows(ReferralError, /refund window ends/);
    });

    it('voids with the reason when an account closed', () => {
      const voided = (reason: 'referrer-closed' | 'referred-closed'): ReferralEvent => ({
        type: 'ReferralRewardVoided',
        data: {
          rewardId: 'reward-in1',
          referrerId,
          amountCents: 49,
          reason,
          voidedAt: '2026-02-09T00:00:00.000Z',
        },
      });
      spec
        .given(given)
        .when(endWindow('in1', undefined, false, true))
        .then([voided('referrer-closed')]);
      spec
        .given(given)
        .when(endWindow('in1', undefined, true, false))
        .then([voided('referred-closed')]);
    });

    it('does nothing for a reward voided by a refund', () => {
      const voided: ReferralEvent = {
        type: 'ReferralRewardVoided',
        data: {
          rewardId: 'reward-in1',
          referrerId,
          amountCents: 49,
          reason: 'payment-refunded',
          voidedAt: 'x',
        },
      };
      spec
        .given([...given, voided])
        .when(endWindow('in1'))
        .then([]);
    });
  });

  describe('refunds', () => {
    const voidedByRefund: ReferralEvent = {
      type: 'ReferralRewardVoided',
      data: {
        rewardId: 'reward-in1',
        referrerId,
        amountCents: 49,
        reason: 'payment-refunded',
        voidedAt: '2026-01-15T00:00:00.000Z',
      },
    };

    it('a full refund voids a pending or released, unpaid reward', () => {
      spec
        .given([registered('m1'), accrued('m1', 'in1', 499, 49)])
        .when(refund('in1', 499, 499))
        .then([voidedByRefund]);
      spec
        .given([registered('m1'), accrued('m1', 'in1', 499, 49), released('in1', 49)])
        .when(refund('in1', 499, 499))
        .then([voidedByRefund]);
      spec
        .given([registered('m1'), accrued('m1', 'in1', 499, 49), voidedByRefund])
        .when(refund('in1', 499, 499))
        .then([]);
    });

    it('a partial refund lowers the reward to what the kept part earns (issue 21)', () => {
      spec
        .given([registered('m1'), accrued('m1', 'in1', 499, 49)])
        .when(refund('in1', 100, 499))
        .then([
          {
            type: 'ReferralRewardReduced',
            data: {
              rewardId: 'reward-in1',
              referrerId,
              chargeId: 'ch-in1',
              paymentCents: 499,
              totalRefundedCents: 100,
              previousAmountCents: 49,
              amountCents: 39,
              reducedCents: 10,
              clawedBack: false,
              recordedAt: '2026-01-15T00:00:00.000Z',
            },
          },
        ]);
    });

    it('a refund after payout is clawed back, once, and taken from the next payout', () => {
      const history = [
        registered('m1'),
        accrued('m1', 'in1', 499, 49),
        released('in1', 49),
        paid('2026-02', ['reward-in1'], 49),
      ];
      const clawed: ReferralEvent = {
        type: 'ReferralRewardClawedBack',
        data: {
          rewardId: 'reward-in1',
          referrerId,
          amountCents: 49,
          chargeId: 'ch-in1',
          recordedAt: '2026-01-15T00:00:00.000Z',
        },
      };
      spec
        .given(history)
        .when(refund('in1', 499, 499))
        .then([clawed]);
      spec
        .given([...history, clawed])
        .when(refund('in1', 499, 499))
        .then([]);

      const later = [
        ...history,
        clawed,
        accrued('m1', 'in2', 299, 29, 'recurring', '2026-02-10T00:00:00.000Z', '2026-03-12T00:00:00.000Z'),
        released('in2', 29, '2026-03-12T00:00:00.000Z'),
      ];
      const state = later.reduce(evolve, initialState);
      // 29 released, 49 owed: nothing goes out, 20 stay owed.
      expect(payoutPlan(state, referrerId, '2026-03')).toEqual({
        rewardIds: ['reward-in2'],
        grossCents: 29,
        clawbackCents: 29,
        amountCents: 0,
      });
      const after = [...later, paid('2026-03', ['reward-in2'], 29, 29)].reduce(evolve, initialState);
      expect(after.clawbackOwedCents).toBe(20);
    });
  });

  describe('payout', () => {
    const history = [
      registered('m1'),
      accrued('m1', 'in1', 499, 49),
      released('in1', 49),
      accrued('m1', 'in2', 999, 99, 'recurring', '2026-02-20T00:00:00.000Z', '2026-03-22T00:00:00.000Z'),
      released('in2', 99, '2026-03-22T00:00:00.000Z'),
    ];

    it("plans the released rewards whose window ended before the month's end", () => {
      const state = history.reduce(evolve, initialState);
      expect(payoutPlan(state, referrerId, '2026-02')).toEqual({
        rewardIds: ['reward-in1'],
        grossCents: 49,
        clawbackCents: 0,
        amountCents: 49,
      });
      expect(payoutPlan(state, referrerId, '2026-03')?.grossCents).toBe(148);
      expect(payoutPlan(state, referrerId, '2026-01')).toBeNull();
    });

    it('pays once per member and month', () => {
      spec
        .given(history)
        .when(pay('2026-02', ['reward-in1'], 49))
        .then([paid('2026-02', ['reward-in1'], 49)]);
      spec
        .given([...history, paid('2026-02', ['reward-in1'], 49)])
        .when(pay('2026-02', ['reward-in1'], 49))
        .then([]);
      const state = [...history, paid('2026-02', ['reward-in1'], 49)].reduce(evolve, initialState);
      expect(payoutPlan(state, referrerId, '2026-02')).toBeNull();
      expect(payoutPlan(state, referrerId, '2026-03')?.rewardIds).toEqual(['reward-in2']);
    });

    it('refuses rewards not released, or sums that do not add up', () => {
      spec
        .given([registered('m1'), accrued('m1', 'in1', 499, 49)])
        .when(pay('2026-02', ['reward-in1'], 49))
        .thenThrows(ReferralError, /not released/);
      spec
        .given(history)
        .when(pay('2026-02', ['reward-in1'], 50))
        .thenThrows(ReferralError, /do not add up/);
    });

    it('the payout month is the clock month before now (UTC)', () => {
      expect(previousMonthOf(new Date('2026-03-01T06:00:00.000Z'))).toBe('2026-02');
      expect(previousMonthOf(new Date('2026-01-01T00:00:00.000Z'))).toBe('2025-12');
    });
  });

  describe('a reversal of a payout transfer (issue 20)', () => {
    const reverse = (reversalId: string, amountCents: number, transferId = 'tr_1'): ReferralCommand => ({
      type: 'ReversePayout',
      data: {
        referrerId,
        payoutId: `payout-${referrerId}-2026-02`,
        transferId,
        reversalId,
        amountCents,
        providerEventId: `evt_${reversalId}`,
        reversedAt: '2026-03-05T00:00:00.000Z',
      },
    });
    const payout = paid('2026-02', [], 0);
    const withAmount = {
      ...payout,
      data: { ...payout.data, grossCents: 900, amountCents: 900 },
    } as ReferralEvent;
    const reversed = (
      reversalId: string,
      amountCents: number,
      totalReversedCents: number,
    ): ReferralEvent => ({
      type: 'ReferralPayoutReversed',
      data: {
        ...(reverse(reversalId, amountCents).data as Omit<
          Extract<ReferralEvent, { type: 'ReferralPayoutReversed' }>['data'],
          'totalReversedCents'
        >),
        totalReversedCents,
      },
    });

    it('is booked once per reversal, never more than was paid', () => {
      spec
        .given([withAmount])
        .when(reverse('trr_1', 400))
        .then([reversed('trr_1', 400, 400)]);
      spec
        .given([withAmount, reversed('trr_1', 400, 400)])
        .when(reverse('trr_1', 400))
        .then([]);
      spec
        .given([withAmount, reversed('trr_1', 400, 400)])
        .when(reverse('trr_2', 500))
        .then([reversed('trr_2', 500, 900)]);
      for (const amount of [501, 0, -1, 1.5]) {
        spec
          .given([withAmount, reversed('trr_1', 400, 400)])
          .when(reverse('trr_2', amount))
          .thenThrows(ReferralError, /not yet reversed/);
      }
    });

    it('of a payout not recorded yet, or of another transfer, is refused so the provider retries', () => {
      spec
        .given([])
        .when(reverse('trr_1', 1))
        .thenThrows(ReferralError, /not recorded/);
      spec
        .given([withAmount])
        .when(reverse('trr_1', 1, 'tr_other'))
        .thenThrows(ReferralError, /not recorded/);
    });
  });
});
