import fc from 'fast-check';
import type { ReferralCommand } from './referral.commands';
import { decide, evolve, initialState, payoutPlan, type ReferralState } from './referral.decider';
import type { ReferralEvent, ReferralRewardPaid } from './referral.events';

const referrerId = 'r1';
const members = ['m1', 'm2', 'm3'];
const DAY = 86_400_000;
const start = Date.UTC(2026, 0, 1);

type Step =
  | { kind: 'pay'; member: number; cents: number }
  | { kind: 'refund'; payment: number; percent: number }
  | { kind: 'days'; days: number }
  | { kind: 'close'; member: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('pay' as const),
    member: fc.nat(2),
    cents: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 2000 })),
  }),
  // Issue 21: refunds in parts, each a share of the payment, adding up to all of it at most.
  fc.record({
    kind: fc.constant('refund' as const),
    payment: fc.nat(30),
    percent: fc.oneof(fc.constant(100), fc.integer({ min: 1, max: 99 })),
  }),
  fc.record({ kind: fc.constant('days' as const), days: fc.integer({ min: 1, max: 40 }) }),
  fc.record({ kind: fc.constant('close' as const), member: fc.nat(2) }),
);

const month = (t: number) => new Date(t).toISOString().slice(0, 7);

/** Runs the steps as the jobs would: windows end when due, the payout runs on each 1st. */
function run(steps: Step[], modes: ('recurring' | 'one-time')[]) {
  let state: ReferralState = initialState;
  const events: ReferralEvent[] = [];
  const apply = (command: ReferralCommand) => {
    for (const event of decide(command, state)) {
      events.push(event);
      state = evolve(state, event);
    }
  };
  members.forEach((memberId, i) =>
    apply({
      type: 'RegisterReferral',
      data: {
        referrerId,
        referredMemberId: memberId,
        referredUsername: memberId,
        linkMode: modes[i]!,
        registeredAt: new Date(start).toISOString(),
      },
    }),
  );
  let now = start;
  const closed = new Set<string>();
  let invoices = 0;
  const refunded = new Map<string, number>();
  const advanceTo = (to: number) => {
    while (now < to) {
      const nextFirst = Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth() + 1, 1);
      const until = Math.min(to, nextFirst);
      for (const reward of Object.values(state.rewards)) {
        if (reward.status === 'pending' && Date.parse(reward.accrued.refundWindowEndsAt) <= until)
          apply({
            type: 'EndRefundWindow',
            data: {
              referrerId,
              rewardId: reward.accrued.rewardId,
              now: new Date(until).toISOString(),
              referrerActive: true,
              referredActive: !closed.has(reward.accrued.referredMemberId),
            },
          });
      }
      if (until === nextFirst) {
        const paying = month(nextFirst - 1);
        const plan = payoutPlan(state, referrerId, paying);
        if (plan)
          apply({
            type: 'PayRewards',
            data: {
              referrerId,
              month: paying,
              ...plan,
              transferId: 't',
              destinationAccountId: 'a',
              paidAt: new Date(until).toISOString(),
            },
          });
      }
      now = until;
    }
  };
  for (const s of steps) {
    if (s.kind === 'days') advanceTo(now + s.days * DAY);
    if (s.kind === 'close') closed.add(members[s.member]!);
    if (s.kind === 'pay' && !closed.has(members[s.member]!)) {
      const invoiceId = `in${++invoices}`;
      apply({
        type: 'AccrueReward',
        data: {
          referrerId,
          referredMemberId: members[s.member]!,
          invoiceId,
          chargeId: `ch-${invoiceId}`,
          paymentCents: s.cents,
          paidAt: new Date(now).toISOString(),
          accruedAt: new Date(now).toISOString(),
        },
      });
    }
    if (s.kind === 'refund' && s.payment < invoices) {
      const invoiceId = `in${s.payment + 1}`;
      const reward = state.rewards[`reward-${invoiceId}`];
      const cents = reward?.accrued.paymentCents ?? 1;
      const total = Math.min(
        cents,
        (refunded.get(invoiceId) ?? 0) + Math.max(1, Math.floor((cents * s.percent) / 100)),
      );
      refunded.set(invoiceId, total);
      apply({
        type: 'RecordRefund',
        data: {
          referrerId,
          chargeId: `ch-${invoiceId}`,
          amountRefundedCents: total,
          paymentAmountCents: cents,
          refundedAt: new Date(now).toISOString(),
        },
      });
    }
  }
  advanceTo(now + 70 * DAY);
  return { state, events, refunded };
}

describe('referral decider properties', () => {
  it('pays each reward at most once, never a negative amount, and clawback adds up', () => {
    fc.assert(
      fc.property(
        fc.array(step, { maxLength: 40 }),
        fc.array(fc.constantFrom('recurring' as const, 'one-time' as const), { minLength: 3, maxLength: 3 }),
        (steps, modes) => {
          const { state, events, refunded } = run(steps, modes);
          const payouts = events
            .filter((e): e is ReferralRewardPaid => e.type === 'ReferralRewardPaid')
            .map((e) => e.data);
          const paidIds = payouts.flatMap((p) => p.rewardIds);
          expect(new Set(paidIds).size).toBe(paidIds.length);
          expect(new Set(payouts.map((p) => p.month)).size).toBe(payouts.length);
          for (const p of payouts) {
            expect(p.amountCents).toBeGreaterThanOrEqual(0);
            expect(p.amountCents).toBe(p.grossCents - p.clawbackCents);
          }
          const clawedBack = events
            .filter((e) => e.type === 'ReferralRewardClawedBack')
            .reduce((sum, e) => sum + (e.data as { amountCents: number }).amountCents, 0);
          const reducedAfterPayout = events
            .filter((e) => e.type === 'ReferralRewardReduced' && e.data.clawedBack)
            .reduce((sum, e) => sum + (e.data as { reducedCents: number }).reducedCents, 0);
          const taken = payouts.reduce((sum, p) => sum + p.clawbackCents, 0);
          expect(state.clawbackOwedCents).toBe(clawedBack + reducedAfterPayout - taken);
          expect(state.clawbackOwedCents).toBeGreaterThanOrEqual(0);
          // Issue 21: each reward is at most what the kept part of its payment earns, and what the referrer
          // keeps in the end (transferred less still owed) is exactly the paid rewards as they are now.
          for (const reward of Object.values(state.rewards)) {
            const kept = reward.accrued.paymentCents - (refunded.get(reward.accrued.invoiceId) ?? 0);
            const earns = reward.accrued.rewardMode === 'recurring' ? Math.floor(kept / 10) : kept;
            if (reward.status === 'paid') expect(reward.amountCents).toBeLessThanOrEqual(earns);
          }
          const kept = payouts.reduce((sum, p) => sum + p.amountCents, 0) - state.clawbackOwedCents;
          const earned = Object.values(state.rewards)
            .filter((reward) => reward.status === 'paid')
            .reduce((sum, reward) => sum + reward.amountCents, 0);
          expect(kept).toBe(earned);
          // Every reward ended its window by the end: none pending, and nothing released is left unpaid.
          for (const reward of Object.values(state.rewards))
            expect(['paid', 'voided', 'clawed-back']).toContain(reward.status);
          // One-time referrals accrue at most once.
          members.forEach((memberId, i) => {
            if (modes[i] !== 'one-time') return;
            expect(
              events.filter((e) => e.type === 'ReferralRewardAccrued' && e.data.referredMemberId === memberId)
                .length,
            ).toBeLessThanOrEqual(1);
          });
        },
      ),
      { numRuns: 200 },
    );
  });
});
