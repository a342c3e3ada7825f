import { JobName } from '@arena/jobs';
import { PayReferralRewardsProcessor } from '@arena/referrals';
import { referralStreamId, type ReferralEvent, type ReferralRewardPaid } from '@arena/referrals/events';
import {
  closeAccount,
  member,
  payment,
  readyPayoutAccount,
  referralsHarness,
  refund,
  type ReferralsHarness,
} from './referrals.harness';

const DAY = 86_400_000;
const at = (iso: string) => new Date(iso);

async function eventsOf(harness: ReferralsHarness, referrerId: string): Promise<ReferralEvent[]> {
  const recorded = await harness.store.readStream(referralStreamId(referrerId));
  return recorded.map(({ type, data }) => ({ type, data }) as ReferralEvent);
}

describe('referral rewards (accrual, refund windows, payouts)', () => {
  let harness: ReferralsHarness;

  beforeEach(async () => {
    harness = await referralsHarness(at('2026-01-10T00:00:00.000Z'));
  });

  afterEach(async () => {
    await harness.close();
  });

  it('accrues 10% of each payment of a referred member once, and queues its window job', async () => {
    const referrer = await member(harness);
    const referred = await member(harness, { referredBy: referrer.code.toLowerCase() });
    const paid = payment(referred.id, 'in_1', 499, at('2026-01-10T00:00:00.000Z'));
    await harness.accrual.apply(paid);
    await harness.accrual.apply(paid);
    const events = await eventsOf(harness, referrer.id);
    expect(events.map(({ type }) => type)).toEqual(['ReferralRegistered', 'ReferralRewardAccrued']);
    expect(events[1]!.data).toMatchObject({ amountCents: 49, paymentCents: 499, rewardMode: 'recurring' });
    expect(harness.enqueued[0]).toEqual({
      name: JobName.EndRefundWindow,
      payload: { referrerId: referrer.id, rewardId: 'reward-in_1' },
      jobId: 'end-refund-window-reward-in_1',
      delay: 30 * DAY,
    });
  });

  it('one-time (link option 2): the first paid payment once; nothing for 0 cents, self-referral or no code', async () => {
    const referrer = await member(harness);
    const referred = await member(harness, { referredBy: referrer.code, option: 2 });
    await harness.accrual.apply(payment(referred.id, 'in_0', 0, at('2026-01-09T00:00:00.000Z')));
    await harness.accrual.apply(payment(referred.id, 'in_1', 999, at('2026-01-10T00:00:00.000Z')));
    await harness.accrual.apply(payment(referred.id, 'in_2', 999, at('2026-02-10T00:00:00.000Z')));
    const accrued = (await eventsOf(harness, referrer.id)).filter(
      ({ type }) => type === 'ReferralRewardAccrued',
    );
    expect(accrued.map(({ data }) => (data as { amountCents: number }).amountCents)).toEqual([999]);

    const self = await member(harness);
    await harness.database.db
      .updateTable('accounts')
      .set({ referred_by_code: self.code })
      .where('id', '=', self.id)
      .execute();
    await harness.accrual.apply(payment(self.id, 'in_self', 499, at('2026-01-10T00:00:00.000Z')));
    expect(await eventsOf(harness, self.id)).toEqual([]);
    const loner = await member(harness);
    await harness.accrual.apply(payment(loner.id, 'in_loner', 499, at('2026-01-10T00:00:00.000Z')));
    expect(await harness.repository.referrers()).toEqual([referrer.id]);
  });

  it('ends the window on the payments clock: early runs queue again, then released or voided with the reason', async () => {
    const referrer = await member(harness);
    const kept = await member(harness, { referredBy: referrer.code });
    const leaving = await member(harness, { referredBy: referrer.code });
    const refunded = await member(harness, { referredBy: referrer.code });
    await harness.accrual.apply(payment(kept.id, 'in_k', 499, at('2026-01-10T00:00:00.000Z')));
    await harness.accrual.apply(payment(leaving.id, 'in_l', 499, at('2026-01-10T00:00:00.000Z')));
    await harness.accrual.apply(payment(refunded.id, 'in_r', 999, at('2026-01-10T00:00:00.000Z')));
    await harness.accrual.apply(refund(refunded.id, 'in_r', 999, at('2026-01-12T00:00:00.000Z')));

    harness.enqueued.length = 0;
    expect(await harness.windows.handle({ referrerId: referrer.id, rewardId: 'reward-in_k' })).toMatch(
      /not-due/,
    );
    expect(harness.enqueued).toHaveLength(1);

    await closeAccount(harness, leaving.id, at('2026-01-20T00:00:00.000Z'));
    harness.clock.current = at('2026-03-01T00:00:00.000Z');
    for (const rewardId of ['reward-in_k', 'reward-in_l', 'reward-in_r', 'reward-in_k']) {
      await harness.windows.handle({ referrerId: referrer.id, rewardId });
    }
    const settled = (await eventsOf(harness, referrer.id)).filter(
      ({ type }) => type === 'ReferralRewardReleased' || type === 'ReferralRewardVoided',
    );
    expect(settled.map(({ data }) => data)).toEqual([
      expect.objectContaining({ rewardId: 'reward-in_r', reason: 'payment-refunded' }),
      // The window's end, not the late run's time.
      {
        rewardId: 'reward-in_k',
        referrerId: referrer.id,
        amountCents: 49,
        releasedAt: '2026-02-09T00:00:00.000Z',
      },
      expect.objectContaining({
        rewardId: 'reward-in_l',
        reason: 'referred-closed',
        voidedAt: '2026-02-09T00:00:00.000Z',
      }),
    ]);
  });

  it('issue 21: a one-time reward on a payment refunded 99% is the 1% kept, once under a repeated webhook, and pays that', async () => {
    const referrer = await member(harness);
    await readyPayoutAccount(harness, referrer.id);
    const referred = await member(harness, { referredBy: referrer.code, option: 2 });
    await harness.accrual.apply(payment(referred.id, 'in_99', 999, at('2026-07-10T00:00:00.000Z')));
    const partly = refund(referred.id, 'in_99', 999, at('2026-07-12T00:00:00.000Z'), 989);
    await harness.accrual.apply(partly);
    await harness.accrual.apply(partly);
    const reduced = (await eventsOf(harness, referrer.id)).filter(
      ({ type }) => type === 'ReferralRewardReduced',
    );
    expect(reduced.map(({ data }) => data)).toEqual([
      expect.objectContaining({
        rewardId: 'reward-in_99',
        previousAmountCents: 999,
        amountCents: 10,
        clawedBack: false,
      }),
    ]);
    await harness.windows.endWindow(referrer.id, 'reward-in_99', at('2026-08-09T00:00:00.000Z'));
    await harness.payouts.payMonth('2026-08', at('2026-09-01T06:00:00.000Z'));
    expect(harness.transfers.byKey.get(`referral-payout-${referrer.id}-2026-08`)?.amountCents).toBe(10);
  });

  it('a refund after payout is clawed back from the next payout, never below zero', async () => {
    const referrer = await member(harness);
    const referred = await member(harness, { referredBy: referrer.code });
    await readyPayoutAccount(harness, referrer.id);
    await harness.accrual.apply(payment(referred.id, 'in_1', 999, at('2025-12-20T00:00:00.000Z')));
    await harness.windows.endWindow(referrer.id, 'reward-in_1', at('2026-01-20T00:00:00.000Z'));
    await harness.payouts.payMonth('2026-01', at('2026-02-01T06:00:00.000Z'));
    await harness.accrual.apply(refund(referred.id, 'in_1', 999, at('2026-02-02T00:00:00.000Z')));
    await harness.accrual.apply(refund(referred.id, 'in_1', 999, at('2026-02-02T00:00:00.000Z')));
    await harness.accrual.apply(payment(referred.id, 'in_2', 499, at('2026-02-03T00:00:00.000Z')));
    await harness.windows.endWindow(referrer.id, 'reward-in_2', at('2026-03-06T00:00:00.000Z'));
    await harness.payouts.payMonth('2026-03', at('2026-04-01T06:00:00.000Z'));
    const state = await harness.streams.load(referrer.id);
    const paid = (await eventsOf(harness, referrer.id)).filter(
      (event): event is ReferralRewardPaid => event.type === 'ReferralRewardPaid',
    );
    expect(
      paid.map(({ data }) => [data.month, data.grossCents, data.clawbackCents, data.amountCents]),
    ).toEqual([
      ['2026-01', 99, 0, 99],
      ['2026-03', 49, 49, 0],
    ]);
    expect(state.clawbackOwedCents).toBe(50);
    // Nothing was left to transfer in March.
    expect([...harness.transfers.byKey.values()].map(({ amountCents }) => amountCents)).toEqual([99]);
  });

  it('pays each member once per month though the run is killed mid-run ten times, and runs twice at once', async () => {
    const expected = new Map<string, number>();
    const withoutAccount: string[] = [];
    for (let i = 0; i < 14; i++) {
      const referrer = await member(harness);
      if (i < 12) await readyPayoutAccount(harness, referrer.id);
      else withoutAccount.push(referrer.id);
      let sum = 0;
      for (let j = 0; j <= i % 3; j++) {
        const referred = await member(harness, { referredBy: referrer.code });
        const cents = 499 + 500 * ((i + j) % 2);
        await harness.accrual.apply(
          payment(referred.id, `in_${i}_${j}`, cents, at('2026-01-05T00:00:00.000Z')),
        );
        await harness.windows.endWindow(referrer.id, `reward-in_${i}_${j}`, at('2026-02-05T00:00:00.000Z'));
        sum += Math.floor(cents / 10);
      }
      if (i < 12) expected.set(referrer.id, sum);
    }

    let failures = 0;
    for (let k = 0; k < 10; k++) {
      harness.transfers.dieAfter = k;
      await harness.payouts.payMonth('2026-02', at('2026-03-01T06:00:00.000Z')).catch(() => failures++);
    }
    expect(failures).toBe(10);
    await harness.payouts.payMonth('2026-02', at('2026-03-01T06:00:00.000Z'));
    await Promise.all([
      harness.payouts.payMonth('2026-02', at('2026-03-01T06:00:00.000Z')),
      harness.payouts.payMonth('2026-02', at('2026-03-01T07:00:00.000Z')),
    ]);
    // Issue 21: a run reports only the payouts it closed; the runs above closed them all.
    expect((await harness.payouts.payMonth('2026-02', at('2026-03-01T08:00:00.000Z'))).paid).toBe(0);

    // The provider made one transfer per member with an account, of the right amount.
    const transfers = harness.transfers.byKey;
    expect(transfers.size).toBe(12);
    for (const [referrerId, cents] of expected) {
      expect(transfers.get(`referral-payout-${referrerId}-2026-02`)?.amountCents).toBe(cents);
      const paid = (await eventsOf(harness, referrerId)).filter(({ type }) => type === 'ReferralRewardPaid');
      expect(paid).toHaveLength(1);
      expect((paid[0]!.data as ReferralRewardPaid['data']).amountCents).toBe(cents);
      expect((await harness.repository.payout(referrerId, '2026-02'))?.paidAt).not.toBeNull();
    }
    // Without a payout account: the released rewards wait.
    for (const referrerId of withoutAccount) {
      const state = await harness.streams.load(referrerId);
      expect(Object.values(state.rewards).every(({ status }) => status === 'released')).toBe(true);
      await readyPayoutAccount(harness, referrerId);
    }
    const late = await harness.payouts.payMonth('2026-03', at('2026-04-01T06:00:00.000Z'));
    expect(late.paid).toBe(2);
    expect(transfers.size).toBe(14);
  });

  it('two payout runs at once report each payment once between them (issue 21)', async () => {
    const expected = new Map<string, number>();
    for (let i = 0; i < 8; i++) {
      const referrer = await member(harness);
      await readyPayoutAccount(harness, referrer.id);
      const referred = await member(harness, { referredBy: referrer.code });
      const cents = 499 + 500 * (i % 2);
      await harness.accrual.apply(
        payment(referred.id, `in_twice_${i}`, cents, at('2026-05-05T00:00:00.000Z')),
      );
      await harness.windows.endWindow(referrer.id, `reward-in_twice_${i}`, at('2026-06-05T00:00:00.000Z'));
      expected.set(referrer.id, Math.floor(cents / 10));
    }
    const total = [...expected.values()].reduce((sum, cents) => sum + cents, 0);
    const runs = await Promise.all([
      harness.payouts.payMonth('2026-06', at('2026-07-01T06:00:00.000Z')),
      harness.payouts.payMonth('2026-06', at('2026-07-01T06:00:00.000Z')),
    ]);
    expect(runs[0]!.paid + runs[1]!.paid).toBe(expected.size);
    expect(runs[0]!.amountCents + runs[1]!.amountCents).toBe(total);
    for (const referrerId of expected.keys()) {
      const paid = (await eventsOf(harness, referrerId)).filter(({ type }) => type === 'ReferralRewardPaid');
      expect(paid).toHaveLength(1);
    }
  });

  it('a run killed after the transfer, then the next month first: the old plan is finished, never paid twice', async () => {
    const referrer = await member(harness);
    const referred = await member(harness, { referredBy: referrer.code });
    await readyPayoutAccount(harness, referrer.id);
    await harness.accrual.apply(payment(referred.id, 'in_1', 999, at('2026-01-05T00:00:00.000Z')));
    await harness.windows.endWindow(referrer.id, 'reward-in_1', at('2026-02-05T00:00:00.000Z'));
    harness.transfers.dieAfter = 0;
    await expect(harness.payouts.payMonth('2026-02', at('2026-03-01T06:00:00.000Z'))).rejects.toThrow(
      'killed',
    );
    await harness.payouts.payMonth('2026-03', at('2026-04-01T06:00:00.000Z'));
    const paid = (await eventsOf(harness, referrer.id)).filter(
      (event): event is ReferralRewardPaid => event.type === 'ReferralRewardPaid',
    );
    expect(paid.map(({ data }) => [data.month, data.amountCents])).toEqual([['2026-02', 99]]);
    expect(harness.transfers.byKey.size).toBe(1);
  });

  it('a clock jump across refund windows and month ends records what a straight run records', async () => {
    const scenario = async (h: ReferralsHarness, steps: [string, string][]) => {
      const referrer = await member(h);
      await readyPayoutAccount(h, referrer.id);
      const a = await member(h, { referredBy: referrer.code });
      const b = await member(h, { referredBy: referrer.code, option: 2 });
      await h.accrual.apply(payment(a.id, 'in_a1', 499, at('2026-01-10T00:00:00.000Z')));
      await h.accrual.apply(payment(b.id, 'in_b1', 999, at('2026-01-20T00:00:00.000Z')));
      await h.accrual.apply(payment(a.id, 'in_a2', 999, at('2026-02-10T00:00:00.000Z')));
      await h.accrual.apply(refund(a.id, 'in_a2', 999, at('2026-02-12T00:00:00.000Z')));
      await h.accrual.apply(payment(a.id, 'in_a3', 999, at('2026-03-10T00:00:00.000Z')));
      for (const [from, to] of steps) await h.referralClock.advanced(at(from), at(to));
      return (await eventsOf(h, referrer.id))
        .filter(({ type }) => type !== 'ReferralRegistered')
        .map(({ type, data }) => {
          const {
            referrerId: _r,
            referredMemberId: _m,
            destinationAccountId: _d,
            payoutId: _p,
            transferId: _t,
            ...rest
          } = data as Record<string, unknown>;
          return { type, ...rest } as Record<string, unknown>;
        });
    };
    const straight = await scenario(harness, [
      ['2026-01-10T00:00:00.000Z', '2026-02-01T06:00:00.000Z'],
      ['2026-02-01T06:00:00.000Z', '2026-03-01T06:00:00.000Z'],
      ['2026-03-01T06:00:00.000Z', '2026-04-01T06:00:00.000Z'],
      ['2026-04-01T06:00:00.000Z', '2026-05-01T06:00:00.000Z'],
    ]);
    const other = await referralsHarness(at('2026-01-10T00:00:00.000Z'));
    try {
      const jumped = await scenario(other, [['2026-01-10T00:00:00.000Z', '2026-05-01T06:00:00.000Z']]);
      expect(jumped).toEqual(straight);
    } finally {
      await other.close();
    }
    const months = straight
      .filter(({ type }) => type === 'ReferralRewardPaid')
      .map((paid) => [paid.month, paid.amountCents]);
    // Jan 10 + 30 days = Feb 9 and Jan 20 → Feb 19: paid for February; Mar 10 → Apr 9: paid for April.
    expect(months).toEqual([
      ['2026-02', 49 + 999],
      ['2026-04', 99],
    ]);
  });

  it("the monthly job pays the clock's previous month unless it names one", async () => {
    const referrer = await member(harness);
    const referred = await member(harness, { referredBy: referrer.code });
    await readyPayoutAccount(harness, referrer.id);
    await harness.accrual.apply(payment(referred.id, 'in_1', 999, at('2026-01-05T00:00:00.000Z')));
    await harness.windows.endWindow(referrer.id, 'reward-in_1', at('2026-02-05T00:00:00.000Z'));
    const job = new PayReferralRewardsProcessor(harness.payouts, harness.clock);
    harness.clock.current = at('2026-03-01T06:00:00.000Z');
    expect(await job.handle({ month: '2026-13' })).toMatch(/not a month/);
    expect(await job.handle({})).toMatch(/^referral payout 2026-02: 1 members paid 99 cents/);
    expect(await job.handle({})).toMatch(/^referral payout 2026-02: 0 members paid 0 cents/);
    expect(harness.transfers.byKey.size).toBe(1);
  });
});
