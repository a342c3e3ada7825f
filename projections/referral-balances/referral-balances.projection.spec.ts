import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { RecordedEvent } from '@arena/event-store';
import { projectEvents } from '@arena/projection-runner/testing';
import { referralStreamId, type ReferralEvent } from '@arena/referrals/events';
import { createTestDatabase, type TestDatabase } from '@arena/testing';
import { referralBalancesProjector } from './referral-balances.projection';
import {
  referralBalances,
  referralPayouts,
  referralRewards,
  referredMembers,
  referrerMode,
  type ReferralBalancesTables,
} from './referral-balances.queries';

const referrerId = randomUUID();
const ada = randomUUID();
const bob = randomUUID();

function recorded(events: ReferralEvent[]): RecordedEvent[] {
  return events.map((event, revision) => ({
    id: randomUUID(),
    type: event.type,
    data: event.data,
    metadata: {},
    streamId: referralStreamId(referrerId),
    revision,
    position: { commit: BigInt(revision + 1), prepare: BigInt(revision + 1) },
    createdAt: new Date(),
  }));
}

const accrued = (
  memberId: string,
  invoiceId: string,
  paymentCents: number,
  amountCents: number,
  paidAt: string,
  endsAt: string,
): ReferralEvent => ({
  type: 'ReferralRewardAccrued',
  data: {
    rewardId: `reward-${invoiceId}`,
    referrerId,
    referredMemberId: memberId,
    rewardMode: 'recurring',
    invoiceId,
    chargeId: `ch-${invoiceId}`,
    paymentCents,
    amountCents,
    paidAt,
    refundWindowEndsAt: endsAt,
    accruedAt: paidAt,
  },
});

const history: ReferralEvent[] = [
  {
    type: 'ReferralRegistered',
    data: {
      referrerId,
      referredMemberId: ada,
      referredUsername: 'ada',
      rewardMode: 'recurring',
      registeredAt: '2026-01-01T00:00:00.000Z',
    },
  },
  {
    type: 'ReferralRegistered',
    data: {
      referrerId,
      referredMemberId: bob,
      referredUsername: 'bob',
      rewardMode: 'recurring',
      registeredAt: '2026-01-02T00:00:00.000Z',
    },
  },
  accrued(ada, 'in1', 999, 99, '2026-01-05T00:00:00.000Z', '2026-02-04T00:00:00.000Z'),
  accrued(bob, 'in2', 499, 49, '2026-01-06T00:00:00.000Z', '2026-02-05T00:00:00.000Z'),
  accrued(ada, 'in3', 999, 99, '2026-02-05T00:00:00.000Z', '2026-03-07T00:00:00.000Z'),
  accrued(bob, 'in4', 499, 49, '2026-02-06T00:00:00.000Z', '2026-03-08T00:00:00.000Z'),
  accrued(ada, 'in5', 999, 99, '2026-03-05T00:00:00.000Z', '2026-04-04T00:00:00.000Z'),
  {
    type: 'ReferralRewardReleased',
    data: { rewardId: 'reward-in1', referrerId, amountCents: 99, releasedAt: '2026-02-04T00:00:00.000Z' },
  },
  {
    type: 'ReferralRewardReleased',
    data: { rewardId: 'reward-in2', referrerId, amountCents: 49, releasedAt: '2026-02-05T00:00:00.000Z' },
  },
  {
    type: 'ReferralRewardPaid',
    data: {
      payoutId: `payout-${referrerId}-2026-02`,
      referrerId,
      month: '2026-02',
      rewardIds: ['reward-in1', 'reward-in2'],
      grossCents: 148,
      clawbackCents: 0,
      amountCents: 148,
      transferId: 'tr_1',
      destinationAccountId: 'acct_1',
      paidAt: '2026-03-01T06:00:00.000Z',
    },
  },
  {
    type: 'ReferralRewardClawedBack',
    data: {
      rewardId: 'reward-in2',
      referrerId,
      amountCents: 49,
      chargeId: 'ch-in2',
      recordedAt: '2026-03-02T00:00:00.000Z',
    },
  },
  {
    type: 'ReferralRewardVoided',
    data: {
      rewardId: 'reward-in4',
      referrerId,
      amountCents: 49,
      reason: 'referred-closed',
      voidedAt: '2026-03-08T00:00:00.000Z',
    },
  },
  {
    type: 'ReferralRewardReleased',
    data: { rewardId: 'reward-in3', referrerId, amountCents: 99, releasedAt: '2026-03-07T00:00:00.000Z' },
  },
  {
    type: 'ReferralRewardModeChosen',
    data: { referrerId, rewardMode: 'one-time', chosenAt: '2026-03-09T00:00:00.000Z' },
  },
];

describe('referral-balances projection', () => {
  let database: TestDatabase;
  let db: Kysely<ReferralBalancesTables>;

  beforeAll(async () => {
    database = await createTestDatabase(2);
    db = database.db;
  });

  afterAll(async () => {
    await database.drop();
  });

  it('keeps balances, rewards, referred members and payouts; a redelivered event changes nothing', async () => {
    const events = recorded(history);
    await projectEvents(db, referralBalancesProjector, events);
    await projectEvents(db, referralBalancesProjector, events);
    expect(await referralBalances(db, referrerId)).toEqual({
      pendingCents: 99,
      releasedCents: 99,
      paidCents: 148,
      voidedCents: 49,
      clawbackOwedCents: 49,
    });
    expect(await referrerMode(db, referrerId)).toBe('one-time');
    const rewards = await referralRewards(db, referrerId);
    expect(
      rewards.map(({ id, status, voidReason, referredUsername }) => [
        id,
        status,
        voidReason,
        referredUsername,
      ]),
    ).toEqual([
      ['reward-in5', 'pending', null, 'ada'],
      ['reward-in4', 'voided', 'referred-closed', 'bob'],
      ['reward-in3', 'released', null, 'ada'],
      ['reward-in2', 'voided', 'clawed-back', 'bob'],
      ['reward-in1', 'paid', null, 'ada'],
    ]);
    expect((await referredMembers(db, referrerId)).map(({ username }) => username)).toEqual(['bob', 'ada']);
    expect(await referralPayouts(db, referrerId)).toEqual([
      {
        id: `payout-${referrerId}-2026-02`,
        month: '2026-02',
        amountCents: 148,
        paidAt: '2026-03-01T06:00:00.000Z',
        transferId: 'tr_1',
      },
    ]);
  });

  it('issue 21: a partial refund lowers a pending reward; after payout, or after the plan, the difference is owed', async () => {
    const referrer = randomUUID();
    const member = randomUUID();
    const reduced = (
      invoiceId: string,
      previous: number,
      amount: number,
      clawedBack: boolean,
    ): ReferralEvent => ({
      type: 'ReferralRewardReduced',
      data: {
        rewardId: `reward-${invoiceId}`,
        referrerId: referrer,
        chargeId: `ch-${invoiceId}`,
        paymentCents: 999,
        totalRefundedCents: 500,
        previousAmountCents: previous,
        amountCents: amount,
        reducedCents: previous - amount,
        clawedBack,
        recordedAt: '2026-02-20T00:00:00.000Z',
      },
    });
    const own = (event: ReferralEvent) =>
      ({ ...event, data: { ...event.data, referrerId: referrer } }) as ReferralEvent;
    const events = [
      own(history[0]!),
      own({ ...accrued(member, 'p1', 999, 99, '2026-01-05T00:00:00.000Z', '2026-02-04T00:00:00.000Z') }),
      own({ ...accrued(member, 'p2', 999, 99, '2026-01-06T00:00:00.000Z', '2026-02-05T00:00:00.000Z') }),
      own({ ...accrued(member, 'p3', 999, 99, '2026-02-06T00:00:00.000Z', '2026-03-08T00:00:00.000Z') }),
      own({
        type: 'ReferralRewardReleased',
        data: { rewardId: 'reward-p1', referrerId, amountCents: 99, releasedAt: '2026-02-04T00:00:00.000Z' },
      }),
      own({
        type: 'ReferralRewardReleased',
        data: { rewardId: 'reward-p2', referrerId, amountCents: 99, releasedAt: '2026-02-05T00:00:00.000Z' },
      }),
      // p2 lowered after its payout's plan was fixed at 99: the payout pays 198, 50 of it owed back.
      reduced('p2', 99, 49, false),
      own({
        type: 'ReferralRewardPaid',
        data: {
          payoutId: `payout-${referrer}-2026-02`,
          referrerId,
          month: '2026-02',
          rewardIds: ['reward-p1', 'reward-p2'],
          grossCents: 198,
          clawbackCents: 0,
          amountCents: 198,
          transferId: 'tr_9',
          destinationAccountId: 'acct_9',
          paidAt: '2026-03-01T06:00:00.000Z',
        },
      }),
      // p1 lowered after its payout: 50 more owed; p3 lowered while pending.
      reduced('p1', 99, 49, true),
      reduced('p3', 99, 49, false),
    ];
    const stored = recorded(events).map((event) => ({ ...event, streamId: referralStreamId(referrer) }));
    await projectEvents(db, referralBalancesProjector, stored);
    await projectEvents(db, referralBalancesProjector, stored);
    expect(await referralBalances(db, referrer)).toEqual({
      pendingCents: 49,
      releasedCents: 0,
      paidCents: 198,
      voidedCents: 0,
      clawbackOwedCents: 100,
    });
  });

  it('a referrer with nothing yet has zero balances', async () => {
    expect(await referralBalances(db, randomUUID())).toEqual({
      pendingCents: 0,
      releasedCents: 0,
      paidCents: 0,
      voidedCents: 0,
      clawbackOwedCents: 0,
    });
  });
});
