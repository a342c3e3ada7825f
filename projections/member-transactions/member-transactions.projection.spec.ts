import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { projectEvents } from '@arena/projection-runner/testing';
import { createTestDatabase, type TestDatabase } from '@arena/testing';
import { memberHistory, recorded } from './member-transactions.fixtures';
import { memberTransactionsProjector } from './member-transactions.projection';
import { memberTransactions, type MemberTransactionsTables } from './member-transactions.queries';

describe('member-transactions projection', () => {
  let database: TestDatabase;
  let db: Kysely<MemberTransactionsTables>;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db as Kysely<any>;
  });
  afterAll(() => database.drop());

  const project = (events: Parameters<typeof projectEvents>[2]) =>
    projectEvents(database.db, memberTransactionsProjector, events);

  it('records one row per movement, newest first, with its current status', async () => {
    const history = memberHistory();
    await project([...history.subscription, ...history.referral, ...history.gift, ...history.prize]);
    const rows = await memberTransactions(db, history.member);
    expect(rows.map((row) => [row.type, row.amountCents, row.status, row.reference])).toEqual([
      ['referral-payout', 99, 'paid', 'tr_p…AbCd'],
      ['prize', 1000, 'pending', 'R-PRIZE001'],
      ['donation', -2500, 'held', 'R-GIFT0001'],
      ['referral-reward', 99, 'paid', null],
      ['subscription', -499, 'paid', expect.stringMatching(/^in_\d…/)],
      ['refund', 499, 'refunded', 'ch_f…9xQz'],
      ['subscription', -499, 'refunded', expect.stringMatching(/^in_\d…/)],
    ]);
    expect(rows.find((row) => row.type === 'donation')!.description).toBe('Gift to American Red Cross');
    expect(rows.find((row) => row.type === 'referral-payout')!.description).toBe(
      'Referral payout for December 2026 to your payout account',
    );
    expect(rows.find((row) => row.type === 'prize')!.description).toBe(
      'Prize share of Friday Blitz (#1) directed to American Red Cross',
    );
    expect(await memberTransactions(db, randomUUID())).toEqual([]);
  });

  it('changes nothing when every event is delivered again, in one batch or one by one', async () => {
    const history = memberHistory();
    const all = [...history.subscription, ...history.referral, ...history.gift, ...history.prize];
    await project(all);
    const once = await memberTransactions(db, history.member);
    await project(all);
    for (const event of all) await project([event]);
    expect(await memberTransactions(db, history.member)).toEqual(once);
  });

  it('marks a payment refunded whichever of the two comes first', async () => {
    const history = memberHistory();
    const [firstPayment, refund] = history.subscription;
    await project([refund!, firstPayment!]);
    const rows = await memberTransactions(db, history.member);
    expect(rows.map((row) => [row.type, row.status])).toEqual([
      ['refund', 'refunded'],
      ['subscription', 'refunded'],
    ]);
  });

  it('keeps a guest gift out of every member list, and shows a voided reward as voided', async () => {
    const member = randomUUID();
    const donationId = randomUUID();
    await project([
      ...recorded(`donation-${donationId}`, [
        {
          type: 'DonationReceived',
          data: {
            donationId,
            amountCents: 500,
            currency: 'usd',
            donorEmail: null,
            donorMemberId: null,
            charityEin: null,
            checkoutSessionId: 'cs_guest',
            paymentIntentId: null,
            providerEventId: 'evt_guest',
            receiptCode: 'R-GUEST001',
            receivedAt: new Date().toISOString(),
          },
        },
      ]),
      ...recorded(`referral-${member}`, [
        {
          type: 'ReferralRewardAccrued',
          data: {
            rewardId: `r-${member}`,
            referrerId: member,
            referredMemberId: randomUUID(),
            rewardMode: 'one-time',
            invoiceId: 'in_x',
            chargeId: 'ch_x',
            paymentCents: 499,
            amountCents: 499,
            paidAt: new Date().toISOString(),
            refundWindowEndsAt: new Date().toISOString(),
            accruedAt: new Date().toISOString(),
          },
        },
        {
          type: 'ReferralRewardVoided',
          data: {
            rewardId: `r-${member}`,
            referrerId: member,
            amountCents: 499,
            reason: 'payment-refunded',
            voidedAt: new Date().toISOString(),
          },
        },
      ]),
    ]);
    const rows = await db
      .selectFrom('member_transactions')
      .selectAll()
      .where('reference', '=', 'R-GUEST001')
      .execute();
    expect(rows).toEqual([]);
    expect((await memberTransactions(db, member)).map((row) => row.status)).toEqual([
      'voided (payment refunded)',
    ]);
  });

  it('issue 21: a partial refund lowers a reward before its payout, and takes the difference back after', async () => {
    const member = randomUUID();
    const at = new Date().toISOString();
    const accrued = (rewardId: string) => ({
      type: 'ReferralRewardAccrued' as const,
      data: {
        rewardId,
        referrerId: member,
        referredMemberId: randomUUID(),
        rewardMode: 'one-time' as const,
        invoiceId: `in_${rewardId}`,
        chargeId: `ch_${rewardId}`,
        paymentCents: 999,
        amountCents: 999,
        paidAt: at,
        refundWindowEndsAt: at,
        accruedAt: at,
      },
    });
    const reduced = (rewardId: string, clawedBack: boolean) => ({
      type: 'ReferralRewardReduced' as const,
      data: {
        rewardId,
        referrerId: member,
        chargeId: `ch_${rewardId}`,
        paymentCents: 999,
        totalRefundedCents: 989,
        previousAmountCents: 999,
        amountCents: 10,
        reducedCents: 989,
        clawedBack,
        recordedAt: at,
      },
    });
    const events = recorded(`referral-${member}`, [
      accrued('r-pending'),
      reduced('r-pending', false),
      accrued('r-paid'),
      reduced('r-paid', true),
    ]);
    await project(events);
    await project(events);
    const rows = await memberTransactions(db, member);
    expect(rows.map((row) => [row.amountCents, row.status]).sort()).toEqual(
      [
        [10, 'pending'],
        [999, 'pending'],
        [-989, 'clawed back'],
      ].sort(),
    );
  });
});
