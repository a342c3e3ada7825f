import type { RewardMode, RewardStatus } from '@arena/contracts';
import type { ReferralCommand } from './referral.commands';
import {
  clawbackNotOwed,
  notPayable,
  payoutMismatch,
  rewardListedTwice,
  payoutNotRecorded,
  reversalOverPayout,
  rewardNotFound,
  windowNotOver,
} from './referral.errors';
import type { ReferralEvent, ReferralRewardAccrued, VoidReason } from './referral.events';

/** The refund window of a subscription payment (referral terms): a reward is pending this long. */
export const REFUND_WINDOW_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Recurring: 10% of each payment, rounded down to the cent. */
export const RECURRING_SHARE_PERCENT = 10;

/** One reward per payment: its id derives from the invoice paid. */
export const rewardIdOf = (invoiceId: string) => `reward-${invoiceId}`;
/** One payout per referrer and month ('YYYY-MM'). */
export const payoutIdOf = (referrerId: string, month: string) => `payout-${referrerId}-${month}`;

export const refundWindowEnd = (paidAt: string) =>
  new Date(Date.parse(paidAt) + REFUND_WINDOW_DAYS * DAY_MS).toISOString();

export interface Referred {
  memberId: string;
  username: string;
  rewardMode: RewardMode;
  registeredAt: string;
  /** One-time mode: the reward of the first paid payment was accrued already. */
  oneTimeAccrued: boolean;
}

export interface Reward {
  accrued: ReferralRewardAccrued['data'];
  /** What the reward is now: the accrued amount, less what partial refunds took (issue 21). */
  amountCents: number;
  status: RewardStatus | 'clawed-back';
  voidReason: VoidReason | null;
  payoutId: string | null;
  /** Its refund window ended with ReferralRewardReleased (it stays true if it is voided after). */
  released: boolean;
}

/**
 * A referrer's rewards: whom they referred (with the mode each referral was made in), each reward's
 * status, the payouts made and the clawback still owed (refunds after payout, taken from later payouts).
 */
export interface ReferralState {
  rewardMode: RewardMode;
  referred: Record<string, Referred>;
  rewards: Record<string, Reward>;
  payoutIds: string[];
  clawbackOwedCents: number;
  /** Issue 20: each paid payout's transfer and what reversals took back of it. */
  payouts: Record<
    string,
    { transferId: string; amountCents: number; reversedCents: number; reversalIds: string[] }
  >;
}

export const initialState: ReferralState = {
  rewardMode: 'recurring',
  referred: {},
  rewards: {},
  payoutIds: [],
  clawbackOwedCents: 0,
  payouts: {},
};

export function decide(command: ReferralCommand, state: ReferralState): ReferralEvent[] {
  switch (command.type) {
    case 'RegisterReferral': {
      const { referrerId, referredMemberId, referredUsername, linkMode, registeredAt } = command.data;
      if (referrerId === referredMemberId) return [];
      if (state.referred[referredMemberId]) return [];
      return [
        {
          type: 'ReferralRegistered',
          data: {
            referrerId,
            referredMemberId,
            referredUsername,
            rewardMode: linkMode ?? state.rewardMode,
            registeredAt,
          },
        },
      ];
    }
    case 'ChooseRewardMode': {
      if (command.data.rewardMode === state.rewardMode) return [];
      return [{ type: 'ReferralRewardModeChosen', data: command.data }];
    }
    case 'AccrueReward':
      return accrue(command.data, state);
    case 'EndRefundWindow': {
      const { rewardId, now, referrerActive, referredActive, referrerId } = command.data;
      const reward = state.rewards[rewardId];
      if (!reward) throw rewardNotFound(rewardId);
      if (reward.status !== 'pending') return [];
      const endsAt = reward.accrued.refundWindowEndsAt;
      if (Date.parse(now) < Date.parse(endsAt)) throw windowNotOver(rewardId, endsAt);
      const { amountCents } = reward;
      // The logical time: a late run records the same facts as a timely one.
      if (!referrerActive || !referredActive) {
        const reason: VoidReason = !referrerActive ? 'referrer-closed' : 'referred-closed';
        return [
          {
            type: 'ReferralRewardVoided',
            data: { rewardId, referrerId, amountCents, reason, voidedAt: endsAt },
          },
        ];
      }
      return [
        { type: 'ReferralRewardReleased', data: { rewardId, referrerId, amountCents, releasedAt: endsAt } },
      ];
    }
    case 'RecordRefund': {
      const { referrerId, chargeId, amountRefundedCents, paymentAmountCents, refundedAt } = command.data;
      if (!Number.isSafeInteger(amountRefundedCents) || amountRefundedCents <= 0) return [];
      const reward = Object.values(state.rewards).find(({ accrued }) => accrued.chargeId === chargeId);
      if (!reward) return [];
      if (reward.status !== 'pending' && reward.status !== 'released' && reward.status !== 'paid') return [];
      const { rewardId, paymentCents } = reward.accrued;
      const { amountCents } = reward;
      // Issue 21: the reward is what the kept part of the payment earns; a refund of all of it voids it.
      const whole = amountRefundedCents >= paymentAmountCents;
      const target = whole ? 0 : keptReward(reward, paymentCents - amountRefundedCents);
      // The same or an older report (refunded totals only grow) takes nothing more.
      if (target >= amountCents) return [];
      if (target > 0) {
        return [
          {
            type: 'ReferralRewardReduced',
            data: {
              rewardId,
              referrerId,
              chargeId,
              paymentCents,
              totalRefundedCents: amountRefundedCents,
              previousAmountCents: amountCents,
              amountCents: target,
              reducedCents: amountCents - target,
              clawedBack: reward.status === 'paid',
              recordedAt: refundedAt,
            },
          },
        ];
      }
      if (reward.status === 'pending' || reward.status === 'released') {
        return [
          {
            type: 'ReferralRewardVoided',
            data: { rewardId, referrerId, amountCents, reason: 'payment-refunded', voidedAt: refundedAt },
          },
        ];
      }
      if (reward.status === 'paid') {
        return [
          {
            type: 'ReferralRewardClawedBack',
            data: { rewardId, referrerId, amountCents, chargeId, recordedAt: refundedAt },
          },
        ];
      }
      return [];
    }
    case 'PayRewards': {
      const { referrerId, month, rewardIds, grossCents, clawbackCents, amountCents } = command.data;
      const payoutId = payoutIdOf(referrerId, month);
      if (state.payoutIds.includes(payoutId)) return [];
      // A reward listed twice would be summed, and paid, twice.
      const repeated = rewardIds.find((id, index) => rewardIds.indexOf(id) !== index);
      if (repeated !== undefined) throw rewardListedTwice(payoutId, repeated);
      // A plan is fixed from the rewards' amounts then; a partial refund may have lowered one since (what was
      // paid over it is owed back, see evolve), so the gross lies between today's amounts and the accrued ones.
      const now = rewardIds.reduce((total, id) => total + (state.rewards[id]?.amountCents ?? 0), 0);
      const accrued = rewardIds.reduce(
        (total, id) => total + (state.rewards[id]?.accrued.amountCents ?? 0),
        0,
      );
      if (
        grossCents < now ||
        grossCents > accrued ||
        amountCents !== grossCents - clawbackCents ||
        amountCents < 0 ||
        clawbackCents < 0
      )
        throw payoutMismatch(payoutId);
      // Taking more than is owed keeps money the referrer earned (the clawback owed would go below zero).
      if (clawbackCents > state.clawbackOwedCents)
        throw clawbackNotOwed(payoutId, clawbackCents, Math.max(0, state.clawbackOwedCents));
      for (const id of rewardIds) {
        const reward = state.rewards[id];
        if (!reward) throw rewardNotFound(id);
        // A reward refunded after the payout was fixed (its transfer made) is paid anyway, and clawed back;
        // one refunded while still pending was never due.
        const refundedSince =
          reward.released && reward.status === 'voided' && reward.voidReason === 'payment-refunded';
        if (reward.status !== 'released' && !refundedSince) throw notPayable(id);
      }
      return [{ type: 'ReferralRewardPaid', data: { payoutId, ...command.data } }];
    }
    case 'ReversePayout': {
      const { data } = command;
      const payout = state.payouts[data.payoutId];
      // Not recorded yet (the transfer is made before ReferralRewardPaid): refused, so the provider retries.
      if (!payout || payout.transferId !== data.transferId)
        throw payoutNotRecorded(data.payoutId, data.transferId);
      if (payout.reversalIds.includes(data.reversalId)) return [];
      const left = payout.amountCents - payout.reversedCents;
      if (!Number.isSafeInteger(data.amountCents) || data.amountCents < 1 || data.amountCents > left) {
        throw reversalOverPayout(data.payoutId, data.reversalId, data.amountCents, left);
      }
      return [
        {
          type: 'ReferralPayoutReversed',
          data: { ...data, totalReversedCents: payout.reversedCents + data.amountCents },
        },
      ];
    }
  }
}

/** What a reward earns on the kept part of its payment: never more than it accrued. */
function keptReward(reward: Reward, keptCents: number): number {
  if (keptCents <= 0) return 0;
  const earned =
    reward.accrued.rewardMode === 'recurring'
      ? Math.floor((keptCents * RECURRING_SHARE_PERCENT) / 100)
      : keptCents;
  return Math.min(earned, reward.accrued.amountCents);
}

function accrue(
  data: Extract<ReferralCommand, { type: 'AccrueReward' }>['data'],
  state: ReferralState,
): ReferralEvent[] {
  const referred = state.referred[data.referredMemberId];
  if (!referred) return [];
  const rewardId = rewardIdOf(data.invoiceId);
  if (state.rewards[rewardId]) return [];
  if (!Number.isInteger(data.paymentCents) || data.paymentCents <= 0) return [];
  let amountCents: number;
  if (referred.rewardMode === 'recurring') {
    amountCents = Math.floor((data.paymentCents * RECURRING_SHARE_PERCENT) / 100);
  } else {
    if (referred.oneTimeAccrued) return [];
    amountCents = data.paymentCents;
  }
  if (amountCents <= 0) return [];
  return [
    {
      type: 'ReferralRewardAccrued',
      data: {
        rewardId,
        referrerId: data.referrerId,
        referredMemberId: data.referredMemberId,
        rewardMode: referred.rewardMode,
        invoiceId: data.invoiceId,
        chargeId: data.chargeId,
        paymentCents: data.paymentCents,
        amountCents,
        paidAt: data.paidAt,
        refundWindowEndsAt: refundWindowEnd(data.paidAt),
        accruedAt: data.accruedAt,
      },
    },
  ];
}

export function evolve(state: ReferralState, event: ReferralEvent): ReferralState {
  switch (event.type) {
    case 'ReferralRegistered': {
      const { referredMemberId, referredUsername, rewardMode, registeredAt } = event.data;
      return {
        ...state,
        referred: {
          ...state.referred,
          [referredMemberId]: {
            memberId: referredMemberId,
            username: referredUsername,
            rewardMode,
            registeredAt,
            oneTimeAccrued: false,
          },
        },
      };
    }
    case 'ReferralRewardModeChosen':
      return { ...state, rewardMode: event.data.rewardMode };
    case 'ReferralRewardAccrued': {
      const referred = state.referred[event.data.referredMemberId];
      return {
        ...state,
        referred:
          referred && event.data.rewardMode === 'one-time'
            ? { ...state.referred, [referred.memberId]: { ...referred, oneTimeAccrued: true } }
            : state.referred,
        rewards: {
          ...state.rewards,
          [event.data.rewardId]: {
            accrued: event.data,
            amountCents: event.data.amountCents,
            status: 'pending',
            voidReason: null,
            payoutId: null,
            released: false,
          },
        },
      };
    }
    case 'ReferralRewardReleased':
      return withReward(state, event.data.rewardId, { status: 'released', released: true });
    case 'ReferralRewardVoided':
      return withReward(state, event.data.rewardId, { status: 'voided', voidReason: event.data.reason });
    case 'ReferralRewardClawedBack':
      return {
        ...withReward(state, event.data.rewardId, { status: 'clawed-back' }),
        clawbackOwedCents: state.clawbackOwedCents + event.data.amountCents,
      };
    case 'ReferralRewardReduced': {
      const { rewardId, amountCents, reducedCents, clawedBack } = event.data;
      const reduced = withReward(state, rewardId, { amountCents });
      return clawedBack
        ? { ...reduced, clawbackOwedCents: reduced.clawbackOwedCents + reducedCents }
        : reduced;
    }
    case 'ReferralPayoutReversed': {
      const payout = state.payouts[event.data.payoutId];
      if (!payout) return state;
      return {
        ...state,
        payouts: {
          ...state.payouts,
          [event.data.payoutId]: {
            ...payout,
            reversedCents: payout.reversedCents + event.data.amountCents,
            reversalIds: [...payout.reversalIds, event.data.reversalId],
          },
        },
      };
    }
    case 'ReferralRewardPaid': {
      let next: ReferralState = {
        ...state,
        payoutIds: [...state.payoutIds, event.data.payoutId],
        payouts: {
          ...(state.payouts ?? {}),
          [event.data.payoutId]: {
            transferId: event.data.transferId,
            amountCents: event.data.amountCents,
            reversedCents: 0,
            reversalIds: [],
          },
        },
        clawbackOwedCents: state.clawbackOwedCents - event.data.clawbackCents,
      };
      // Refunded (in whole or in part) between the payout's plan and its event: the money went out, so what
      // the gross paid over what the rewards are now is owed back.
      let earned = 0;
      for (const id of event.data.rewardIds) {
        const reward = next.rewards[id];
        if (!reward) continue;
        if (reward.status === 'voided') {
          next = withReward(next, id, { status: 'clawed-back', payoutId: event.data.payoutId });
        } else {
          earned += reward.amountCents;
          next = withReward(next, id, { status: 'paid', payoutId: event.data.payoutId });
        }
      }
      return { ...next, clawbackOwedCents: next.clawbackOwedCents + event.data.grossCents - earned };
    }
  }
}

function withReward(state: ReferralState, rewardId: string, change: Partial<Reward>): ReferralState {
  const reward = state.rewards[rewardId];
  if (!reward) return state;
  return { ...state, rewards: { ...state.rewards, [rewardId]: { ...reward, ...change } } };
}

/** The first instant of the month after `month` ('YYYY-MM'), UTC. */
export function startOfNextMonth(month: string): Date {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, monthNumber, 1));
}

/** 'YYYY-MM' of the month before the one `now` is in (UTC): the month a payout run on the 1st pays. */
export function previousMonthOf(now: Date): string {
  const previous = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return monthOf(previous);
}

export const monthOf = (date: Date) =>
  `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;

export interface PayoutPlan {
  rewardIds: string[];
  grossCents: number;
  clawbackCents: number;
  amountCents: number;
}

/**
 * What month M's payout pays: every released, unpaid reward whose refund window ended before the 1st of
 * M+1, less the clawback owed (never below zero: the rest stays owed). Null when there is nothing to pay
 * or the month was paid already.
 */
export function payoutPlan(state: ReferralState, referrerId: string, month: string): PayoutPlan | null {
  if (state.payoutIds.includes(payoutIdOf(referrerId, month))) return null;
  const before = startOfNextMonth(month).getTime();
  const due = Object.values(state.rewards)
    .filter(({ status, accrued }) => status === 'released' && Date.parse(accrued.refundWindowEndsAt) < before)
    .map(({ accrued, amountCents }) => ({ ...accrued, amountCents }))
    .sort(
      (a, b) =>
        a.refundWindowEndsAt.localeCompare(b.refundWindowEndsAt) || a.rewardId.localeCompare(b.rewardId),
    );
  if (due.length === 0) return null;
  const grossCents = due.reduce((sum, { amountCents }) => sum + amountCents, 0);
  const clawbackCents = Math.min(grossCents, Math.max(0, state.clawbackOwedCents));
  return {
    rewardIds: due.map(({ rewardId }) => rewardId),
    grossCents,
    clawbackCents,
    amountCents: grossCents - clawbackCents,
  };
}

export const referralDecider = { decide, evolve, initialState };
