import { deciderSpec } from '@arena/testing';
import type { ReferralCommand } from './referral.commands';
import {
  decide,
  evolve,
  initialState,
  monthOf,
  payoutPlan,
  previousMonthOf,
  referralDecider,
  refundWindowEnd,
  startOfNextMonth,
  type ReferralState,
} from './referral.decider';
import { ReferralError } from './referral.errors';
import type { ReferralEvent, VoidReason } from './referral.events';

/**
 * The money rules of a referrer's rewards, one test per rule: what a payment earns to the cent, when a
 * refund takes it back, and a payout that must add up and pay each reward once.
 */
const spec = deciderSpec<ReferralCommand, ReferralEvent, ReferralState>(referralDecider);

const referrerId = 'ref-7';
const paidAt = '2026-01-10T00:00:00.000Z';
const windowEnd = '2026-02-09T00:00:00.000Z';

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
const register = (memberId: string, linkMode: 'recurring' | 'one-time' | null): ReferralCommand => ({
  type: 'RegisterReferral',
  data: {
    referrerId,
    referredMemberId: memberId,
    referredUsername: `user-${memberId}`,
    linkMode,
    registeredAt: '2026-01-01T00:00:00.000Z',
  },
});
const modeChosen = (rewardMode: 'recurring' | 'one-time'): ReferralEvent => ({
  type: 'ReferralRewardModeChosen',
  data: { referrerId, rewardMode, chosenAt: '2026-01-02T00:00:00.000Z' },
});
const accrue = (memberId: string, invoiceId: string, paymentCents: number, at = paidAt): ReferralCommand => ({
  type: 'AccrueReward',
  data: {
    referrerId,
    referredMemberId: memberId,
    invoiceId,
    chargeId: `ch-${invoiceId}`,
    paymentCents,
    paidAt: at,
    accruedAt: at,
  },
});
const accrued = (
  memberId: string,
  invoiceId: string,
  paymentCents: number,
  amountCents: number,
  options: { rewardMode?: 'recurring' | 'one-time'; at?: string; endsAt?: string } = {},
): ReferralEvent => ({
  type: 'ReferralRewardAccrued',
  data: {
    rewardId: `reward-${invoiceId}`,
    referrerId,
    referredMemberId: memberId,
    rewardMode: options.rewardMode ?? 'recurring',
    invoiceId,
    chargeId: `ch-${invoiceId}`,
    paymentCents,
    amountCents,
    paidAt: options.at ?? paidAt,
    refundWindowEndsAt: options.endsAt ?? windowEnd,
    accruedAt: options.at ?? paidAt,
  },
});
const released = (invoiceId: string, amountCents: number, at = windowEnd): ReferralEvent => ({
  type: 'ReferralRewardReleased',
  data: { rewardId: `reward-${invoiceId}`, referrerId, amountCents, releasedAt: at },
});
const voided = (invoiceId: string, amountCents: number, reason: VoidReason, at: string): ReferralEvent => ({
  type: 'ReferralRewardVoided',
  data: { rewardId: `reward-${invoiceId}`, referrerId, amountCents, reason, voidedAt: at },
});
const clawedBack = (
  invoiceId: string,
  amountCents: number,
  recordedAt = '2026-03-05T00:00:00.000Z',
): ReferralEvent => ({
  type: 'ReferralRewardClawedBack',
  data: { rewardId: `reward-${invoiceId}`, referrerId, amountCents, chargeId: `ch-${invoiceId}`, recordedAt },
});
const reducedBy = (
  invoiceId: string,
  paymentCents: number,
  totalRefundedCents: number,
  previousAmountCents: number,
  amountCents: number,
  clawedBack: boolean,
): ReferralEvent => ({
  type: 'ReferralRewardReduced',
  data: {
    rewardId: `reward-${invoiceId}`,
    referrerId,
    chargeId: `ch-${invoiceId}`,
    paymentCents,
    totalRefundedCents,
    previousAmountCents,
    amountCents,
    reducedCents: previousAmountCents - amountCents,
    clawedBack,
    recordedAt: '2026-01-20T00:00:00.000Z',
  },
});
const endWindow = (
  invoiceId: string,
  now: string,
  active: { referrer?: boolean; referred?: boolean } = {},
): ReferralCommand => ({
  type: 'EndRefundWindow',
  data: {
    referrerId,
    rewardId: `reward-${invoiceId}`,
    now,
    referrerActive: active.referrer ?? true,
    referredActive: active.referred ?? true,
  },
});
const refund = (
  chargeId: string,
  amountRefundedCents: number,
  paymentAmountCents: number,
): ReferralCommand => ({
  type: 'RecordRefund',
  data: {
    referrerId,
    chargeId,
    amountRefundedCents,
    paymentAmountCents,
    refundedAt: '2026-01-20T00:00:00.000Z',
  },
});
type PaidData = Extract<ReferralEvent, { type: 'ReferralRewardPaid' }>['data'];
const payData = (
  month: string,
  rewardIds: string[],
  grossCents: number,
  clawbackCents = 0,
  amountCents = grossCents - clawbackCents,
): Omit<PaidData, 'payoutId'> => ({
  referrerId,
  month,
  rewardIds,
  grossCents,
  clawbackCents,
  amountCents,
  transferId: amountCents > 0 ? 'tr_7' : '',
  destinationAccountId: 'acct_7',
  paidAt: '2026-03-01T06:00:00.000Z',
});
const pay = (...args: Parameters<typeof payData>): ReferralCommand => ({
  type: 'PayRewards',
  data: payData(...args),
});
const paid = (...args: Parameters<typeof payData>): ReferralEvent => ({
  type: 'ReferralRewardPaid',
  data: { payoutId: `payout-${referrerId}-${args[0]}`, ...payData(...args) },
});

const stateOf = (events: readonly ReferralEvent[]) => events.reduce(evolve, initialState);

function refusalOf(events: readonly ReferralEvent[], command: ReferralCommand): unknown {
  try {
    decide(command, stateOf(events));
  } catch (error) {
    return error;
  }
  throw new Error(`${command.type} was not refused`);
}
const expectRefusal = (error: unknown, kind: ReferralError['kind'], message: string) => {
  expect(error).toBeInstanceOf(ReferralError);
  expect(error).toMatchObject({ kind, message });
};

/** A released reward of 499 cents' 10% (49), ready for February's payout. */
const releasedIn1 = [registered('m1'), accrued('m1', 'in1', 499, 49), released('in1', 49)];

describe('referral decider: money', () => {
  describe('registration and mode', () => {
    it('stays quiet when a member registered already comes again through a link of another mode', () => {
      spec
        .given([registered('m1', 'recurring')])
        .when(register('m1', 'one-time'))
        .then([]);
    });

    it("registers in the referrer's chosen mode when the link names none", () => {
      spec
        .given([modeChosen('one-time')])
        .when(register('m1', null))
        .then([registered('m1', 'one-time')]);
    });

    it('keeps the mode each referral was made in when the referrer changes mode later', () => {
      spec
        .given([registered('m1', 'recurring'), modeChosen('one-time')])
        .when(accrue('m1', 'in1', 2000))
        .then([accrued('m1', 'in1', 2000, 200)]);
    });
  });

  describe('accrual', () => {
    it('rounds 10% of a payment down to the whole cent', () => {
      spec
        .given([registered('m1')])
        .when(accrue('m1', 'in1', 999))
        .then([accrued('m1', 'in1', 999, 99)]);
      spec
        .given([registered('m1')])
        .when(accrue('m1', 'in1', 19))
        .then([accrued('m1', 'in1', 19, 1)]);
    });

    it('computes 10% of a huge payment exactly', () => {
      spec
        .given([registered('m1')])
        .when(accrue('m1', 'in1', 1_000_000_000_009))
        .then([accrued('m1', 'in1', 1_000_000_000_009, 100_000_000_000)]);
    });

    it('accrues nothing for a negative or fractional payment', () => {
      spec
        .given([registered('m1')])
        .when(accrue('m1', 'in1', -4990))
        .then([]);
      spec
        .given([registered('m1')])
        .when(accrue('m1', 'in1', 499.5))
        .then([]);
    });

    it('stays quiet when the same invoice comes again with another amount', () => {
      spec
        .given([registered('m1'), accrued('m1', 'in1', 499, 49)])
        .when(accrue('m1', 'in1', 99_900))
        .then([]);
    });

    it('gives one-time referrals the first payment in full, to the cent', () => {
      spec
        .given([registered('m1', 'one-time')])
        .when(accrue('m1', 'in1', 999))
        .then([accrued('m1', 'in1', 999, 999, { rewardMode: 'one-time' })]);
    });

    it('ends the refund window 30 days after the payment, across a month end', () => {
      expect(refundWindowEnd('2026-01-31T12:30:00.000Z')).toBe('2026-03-02T12:30:00.000Z');
      spec
        .given([registered('m1')])
        .when(accrue('m1', 'in1', 2000, '2026-01-31T12:30:00.000Z'))
        .then([
          accrued('m1', 'in1', 2000, 200, {
            at: '2026-01-31T12:30:00.000Z',
            endsAt: '2026-03-02T12:30:00.000Z',
          }),
        ]);
    });
  });

  describe('end of the refund window', () => {
    it('refuses a reward that does not exist, as not found', () => {
      expectRefusal(
        refusalOf([registered('m1')], endWindow('in9', '2026-03-01T00:00:00.000Z')),
        'not_found',
        'Referral reward reward-in9 does not exist',
      );
    });

    it('refuses one millisecond before the window ends, as a conflict naming its end', () => {
      expectRefusal(
        refusalOf(
          [registered('m1'), accrued('m1', 'in1', 499, 49)],
          endWindow('in1', '2026-02-08T23:59:59.999Z'),
        ),
        'conflict',
        `Referral reward reward-in1: its refund window ends at ${windowEnd}`,
      );
    });

    it('releases at the very instant the window ends', () => {
      spec
        .given([registered('m1'), accrued('m1', 'in1', 499, 49)])
        .when(endWindow('in1', windowEnd))
        .then([released('in1', 49)]);
    });

    it("voids for the referrer's closed account when both accounts closed", () => {
      spec
        .given([registered('m1'), accrued('m1', 'in1', 499, 49)])
        .when(endWindow('in1', '2026-02-20T00:00:00.000Z', { referrer: false, referred: false }))
        .then([voided('in1', 49, 'referrer-closed', windowEnd)]);
    });

    it('stays quiet for a reward released or paid already', () => {
      spec.given(releasedIn1).when(endWindow('in1', '2026-02-20T00:00:00.000Z')).then([]);
      spec
        .given([...releasedIn1, paid('2026-02', ['reward-in1'], 49)])
        .when(endWindow('in1', '2026-03-20T00:00:00.000Z'))
        .then([]);
    });
  });

  describe('refunds', () => {
    it('voids the reward when the refund is larger than the payment', () => {
      spec
        .given([registered('m1'), accrued('m1', 'in1', 499, 49)])
        .when(refund('ch-in1', 600, 499))
        .then([voided('in1', 49, 'payment-refunded', '2026-01-20T00:00:00.000Z')]);
    });

    it('voids a recurring reward when the refund leaves less than a cent of it (one cent of 499 kept)', () => {
      spec
        .given([registered('m1'), accrued('m1', 'in1', 499, 49)])
        .when(refund('ch-in1', 498, 499))
        .then([voided('in1', 49, 'payment-refunded', '2026-01-20T00:00:00.000Z')]);
    });

    it('issue 21: a 99% refund leaves a one-time reward of the 1% kept, once however often it is reported', () => {
      const oneTime = [
        registered('m1', 'one-time'),
        accrued('m1', 'in1', 999, 999, { rewardMode: 'one-time' }),
      ];
      const reduced = reducedBy('in1', 999, 989, 999, 10, false);
      spec
        .given(oneTime)
        .when(refund('ch-in1', 989, 999))
        .then([reduced]);
      spec
        .given([...oneTime, reduced])
        .when(refund('ch-in1', 989, 999))
        .then([]);
      // An older, smaller report after it takes nothing back.
      spec
        .given([...oneTime, reduced])
        .when(refund('ch-in1', 500, 999))
        .then([]);
      expect(stateOf([...oneTime, reduced]).rewards['reward-in1']?.amountCents).toBe(10);
      // Released at what is left; the rest of the payment refunded: voided at that.
      spec
        .given([...oneTime, reduced])
        .when(endWindow('in1', windowEnd))
        .then([released('in1', 10)]);
      spec
        .given([...oneTime, reduced])
        .when(refund('ch-in1', 999, 999))
        .then([voided('in1', 10, 'payment-refunded', '2026-01-20T00:00:00.000Z')]);
    });

    it('refunds in steps lower the reward step by step: 10% of what is kept each time', () => {
      const steps = [registered('m1'), accrued('m1', 'in1', 999, 99)];
      const first = reducedBy('in1', 999, 300, 99, 69, false);
      spec
        .given(steps)
        .when(refund('ch-in1', 300, 999))
        .then([first]);
      spec
        .given([...steps, first])
        .when(refund('ch-in1', 900, 999))
        .then([reducedBy('in1', 999, 900, 69, 9, false)]);
    });

    it('owes back what a partial refund takes of a paid reward, and claws back only the rest after', () => {
      const history = [...releasedIn1, paid('2026-02', ['reward-in1'], 49)];
      const reduced = reducedBy('in1', 499, 250, 49, 24, true);
      spec
        .given(history)
        .when(refund('ch-in1', 250, 499))
        .then([reduced]);
      expect(stateOf([...history, reduced]).clawbackOwedCents).toBe(25);
      spec
        .given([...history, reduced])
        .when(refund('ch-in1', 499, 499))
        .then([clawedBack('in1', 24, '2026-01-20T00:00:00.000Z')]);
      expect(stateOf([...history, reduced, clawedBack('in1', 24)]).clawbackOwedCents).toBe(49);
    });

    it('pays a plan fixed before a partial refund, and owes back what it paid over the reward', () => {
      const reduced = reducedBy('in1', 499, 250, 49, 24, false);
      const history = [...releasedIn1, reduced];
      // The plan was fixed at 49; the reward is 24 now.
      spec
        .given(history)
        .when(pay('2026-02', ['reward-in1'], 49))
        .then([paid('2026-02', ['reward-in1'], 49)]);
      expect(stateOf([...history, paid('2026-02', ['reward-in1'], 49)]).clawbackOwedCents).toBe(25);
      // A plan fixed after it pays 24 and owes nothing; below today's amount or above the accrued one: refused.
      expect(stateOf([...history, paid('2026-02', ['reward-in1'], 24)]).clawbackOwedCents).toBe(0);
      expect(refusalOf(history, pay('2026-02', ['reward-in1'], 23))).toBeInstanceOf(ReferralError);
      expect(refusalOf(history, pay('2026-02', ['reward-in1'], 50))).toBeInstanceOf(ReferralError);
      expect(payoutPlan(stateOf(history), referrerId, '2026-02')?.grossCents).toBe(24);
    });

    it('stays quiet for a refund of a charge that earned no reward', () => {
      spec
        .given([registered('m1'), accrued('m1', 'in1', 499, 49)])
        .when(refund('ch-other', 499, 499))
        .then([]);
    });

    it('stays quiet for a refund of a reward voided because an account closed', () => {
      spec
        .given([
          registered('m1'),
          accrued('m1', 'in1', 499, 49),
          voided('in1', 49, 'referred-closed', windowEnd),
        ])
        .when(refund('ch-in1', 499, 499))
        .then([]);
    });

    it('owes a paid reward back once, however often its refund is reported', () => {
      const history = [...releasedIn1, paid('2026-02', ['reward-in1'], 49), clawedBack('in1', 49)];
      spec
        .given(history)
        .when(refund('ch-in1', 499, 499))
        .then([]);
      expect(stateOf(history).clawbackOwedCents).toBe(49);
    });
  });

  describe('the payout', () => {
    it('refuses a gross that is not the sum of its rewards, as a conflict', () => {
      expectRefusal(
        refusalOf(releasedIn1, pay('2026-02', ['reward-in1'], 48)),
        'conflict',
        `Referral payout payout-${referrerId}-2026-02: its amounts do not add up`,
      );
    });

    it('refuses an amount that is not the gross less the clawback', () => {
      expectRefusal(
        refusalOf(releasedIn1, pay('2026-02', ['reward-in1'], 49, 10, 49)),
        'conflict',
        `Referral payout payout-${referrerId}-2026-02: its amounts do not add up`,
      );
    });

    it('refuses a negative clawback', () => {
      expectRefusal(
        refusalOf(releasedIn1, pay('2026-02', ['reward-in1'], 49, -1)),
        'conflict',
        `Referral payout payout-${referrerId}-2026-02: its amounts do not add up`,
      );
    });

    it('refuses a clawback larger than the gross, which would leave a negative transfer', () => {
      expectRefusal(
        refusalOf(releasedIn1, pay('2026-02', ['reward-in1'], 49, 50)),
        'conflict',
        `Referral payout payout-${referrerId}-2026-02: its amounts do not add up`,
      );
    });

    it('refuses a clawback larger than the clawback owed, as a conflict', () => {
      const history = [registered('m1'), accrued('m1', 'in1', 2500, 250), released('in1', 250)];
      expectRefusal(
        refusalOf(history, pay('2026-02', ['reward-in1'], 250, 250)),
        'conflict',
        `Referral payout payout-${referrerId}-2026-02: a clawback of 250 cents is more than the 0 cents owed`,
      );
      const owing49 = [
        ...releasedIn1,
        paid('2026-02', ['reward-in1'], 49),
        clawedBack('in1', 49),
        accrued('m1', 'in2', 2500, 250),
        released('in2', 250),
      ];
      expectRefusal(
        refusalOf(owing49, pay('2026-03', ['reward-in2'], 250, 50)),
        'conflict',
        `Referral payout payout-${referrerId}-2026-03: a clawback of 50 cents is more than the 49 cents owed`,
      );
    });

    it('refuses a reward id it does not know, as not found', () => {
      expectRefusal(
        refusalOf(releasedIn1, pay('2026-02', ['reward-in1', 'reward-nope'], 49)),
        'not_found',
        'Referral reward reward-nope does not exist',
      );
    });

    it('refuses a reward listed twice in one payout, as a conflict', () => {
      const history = [registered('m1'), accrued('m1', 'in1', 2500, 250), released('in1', 250)];
      expectRefusal(
        refusalOf(history, pay('2026-02', ['reward-in1', 'reward-in1'], 500)),
        'conflict',
        `Referral payout payout-${referrerId}-2026-02: reward reward-in1 is listed more than once`,
      );
    });

    it('refuses a reward still inside its refund window', () => {
      expectRefusal(
        refusalOf([registered('m1'), accrued('m1', 'in1', 499, 49)], pay('2026-02', ['reward-in1'], 49)),
        'conflict',
        'Referral reward reward-in1 is not released and unpaid',
      );
    });

    it('refuses a reward paid in an earlier month', () => {
      expectRefusal(
        refusalOf([...releasedIn1, paid('2026-02', ['reward-in1'], 49)], pay('2026-03', ['reward-in1'], 49)),
        'conflict',
        'Referral reward reward-in1 is not released and unpaid',
      );
    });

    it('refuses a reward voided because an account closed', () => {
      expectRefusal(
        refusalOf(
          [registered('m1'), accrued('m1', 'in1', 499, 49), voided('in1', 49, 'referrer-closed', windowEnd)],
          pay('2026-02', ['reward-in1'], 49),
        ),
        'conflict',
        'Referral reward reward-in1 is not released and unpaid',
      );
    });

    it('refuses a reward refunded while still pending, which was never released', () => {
      expectRefusal(
        refusalOf(
          [
            registered('m1'),
            accrued('m1', 'in1', 499, 49),
            voided('in1', 49, 'payment-refunded', '2026-01-20T00:00:00.000Z'),
          ],
          pay('2026-02', ['reward-in1'], 49),
        ),
        'conflict',
        'Referral reward reward-in1 is not released and unpaid',
      );
    });

    it('pays a released reward refunded after the payout was fixed, and owes it back', () => {
      const history = [...releasedIn1, voided('in1', 49, 'payment-refunded', '2026-02-28T00:00:00.000Z')];
      spec
        .given(history)
        .when(pay('2026-02', ['reward-in1'], 49))
        .then([paid('2026-02', ['reward-in1'], 49)]);
      const after = stateOf([...history, paid('2026-02', ['reward-in1'], 49)]);
      expect(after.clawbackOwedCents).toBe(49);
      expect(after.rewards['reward-in1']).toMatchObject({
        status: 'clawed-back',
        payoutId: 'payout-ref-7-2026-02',
      });
    });

    it('pays nothing out when the clawback owed takes the whole gross, and keeps the rest owed', () => {
      const history = [
        registered('m1'),
        accrued('m1', 'in0', 4990, 499, {
          at: '2025-11-10T00:00:00.000Z',
          endsAt: '2025-12-10T00:00:00.000Z',
        }),
        released('in0', 499, '2025-12-10T00:00:00.000Z'),
        paid('2025-12', ['reward-in0'], 499),
        clawedBack('in0', 499),
        accrued('m1', 'in1', 499, 49),
        released('in1', 49),
      ];
      expect(payoutPlan(stateOf(history), referrerId, '2026-02')).toEqual({
        rewardIds: ['reward-in1'],
        grossCents: 49,
        clawbackCents: 49,
        amountCents: 0,
      });
      spec
        .given(history)
        .when(pay('2026-02', ['reward-in1'], 49, 49))
        .then([paid('2026-02', ['reward-in1'], 49, 49)]);
      expect(stateOf([...history, paid('2026-02', ['reward-in1'], 49, 49)]).clawbackOwedCents).toBe(450);
    });

    it('stays quiet on a payout of a month paid already, whatever its amounts', () => {
      spec
        .given([...releasedIn1, paid('2026-02', ['reward-in1'], 49)])
        .when(pay('2026-02', ['reward-in1'], 9999))
        .then([]);
    });
  });

  describe('the payout plan', () => {
    it('leaves a reward whose window ends at midnight on the 1st to the next month', () => {
      const history = [
        registered('m1'),
        accrued('m1', 'in1', 499, 49, { at: '2026-01-30T00:00:00.000Z', endsAt: '2026-03-01T00:00:00.000Z' }),
        released('in1', 49, '2026-03-01T00:00:00.000Z'),
      ];
      expect(payoutPlan(stateOf(history), referrerId, '2026-02')).toBeNull();
      expect(payoutPlan(stateOf(history), referrerId, '2026-03')?.rewardIds).toEqual(['reward-in1']);
    });

    it('plans nothing from rewards voided, pending or paid', () => {
      const history = [
        registered('m1'),
        accrued('m1', 'in1', 499, 49),
        voided('in1', 49, 'payment-refunded', '2026-01-20T00:00:00.000Z'),
        accrued('m1', 'in2', 999, 99),
        accrued('m1', 'in3', 299, 29),
        released('in3', 29),
        paid('2026-02', ['reward-in3'], 29),
      ];
      expect(payoutPlan(stateOf(history), referrerId, '2026-03')).toBeNull();
    });

    it('plans rewards in the order their windows ended, then by reward id, and sums them to the cent', () => {
      const history = [
        registered('m1'),
        accrued('m1', 'in-b', 1001, 100, { endsAt: '2026-02-09T00:00:00.000Z' }),
        released('in-b', 100),
        accrued('m1', 'in-a', 1001, 100, { endsAt: '2026-02-09T00:00:00.000Z' }),
        released('in-a', 100),
        accrued('m1', 'in-0', 999, 99, { endsAt: '2026-02-01T00:00:00.000Z' }),
        released('in-0', 99, '2026-02-01T00:00:00.000Z'),
      ];
      expect(payoutPlan(stateOf(history), referrerId, '2026-02')).toEqual({
        rewardIds: ['reward-in-0', 'reward-in-a', 'reward-in-b'],
        grossCents: 299,
        clawbackCents: 0,
        amountCents: 299,
      });
    });
  });

  describe('months', () => {
    it('starts the month after December in January of the next year', () => {
      expect(startOfNextMonth('2026-12').toISOString()).toBe('2027-01-01T00:00:00.000Z');
      expect(startOfNextMonth('2026-02').toISOString()).toBe('2026-03-01T00:00:00.000Z');
    });

    it('names a month by its UTC date, not the local one', () => {
      expect(monthOf(new Date('2026-02-28T23:59:59.999Z'))).toBe('2026-02');
      expect(previousMonthOf(new Date('2026-03-31T23:59:59.999Z'))).toBe('2026-02');
    });
  });
});
