import { randomUUID } from 'node:crypto';
import type { SubscriptionEvent } from '@arena/billing/events';
import type { DonationEvent } from '@arena/donations/events';
import type { RecordedEvent } from '@arena/event-store';
import type { ReferralEvent } from '@arena/referrals/events';

type AnyEvent = SubscriptionEvent | ReferralEvent | DonationEvent;

const at = (day: number) => new Date(Date.UTC(2026, 10, day, 12)).toISOString();

/** Recorded events of one stream, in order. */
export function recorded(streamId: string, events: AnyEvent[]): RecordedEvent[] {
  return events.map((event, revision) => ({
    id: randomUUID(),
    type: event.type,
    data: event.data,
    metadata: {},
    streamId,
    revision,
    position: { commit: 1n, prepare: 1n },
    createdAt: new Date(),
  }));
}

/** A year's worth in small: a member who pays, is refunded, refers someone, gives and wins. */
export function memberHistory(member: string = randomUUID()) {
  const referred = randomUUID();
  const sub = { memberId: member, subscriptionId: 'sub_local_1' };
  const payment = (n: number, chargeId: string, amount: number, day: number): SubscriptionEvent => ({
    type: 'SubscriptionPaymentSucceeded',
    data: {
      ...sub,
      providerEventId: `evt_pay_${n}_${member}`,
      occurredAt: at(day),
      invoiceId: `in_${n}${member.slice(0, 8)}`,
      chargeId,
      planType: 'PREMIUM',
      amountPaidCents: amount,
      billingReason: n === 1 ? 'subscription_create' : 'subscription_cycle',
      periodStart: at(day),
      periodEnd: at(day + 30),
    },
  });
  const refund: SubscriptionEvent = {
    type: 'PaymentRefunded',
    data: {
      ...sub,
      providerEventId: `evt_refund_${member}`,
      occurredAt: at(3),
      chargeId: 'ch_first_9xQz',
      invoiceId: null,
      amountRefundedCents: 499,
      totalRefundedCents: 499,
      paymentAmountCents: 499,
    },
  };
  const subscription = [payment(1, 'ch_first_9xQz', 499, 1), refund, payment(2, 'ch_second_1234', 499, 5)];

  const rewardId = `reward-${member}`;
  const referral: ReferralEvent[] = [
    {
      type: 'ReferralRewardAccrued',
      data: {
        rewardId,
        referrerId: member,
        referredMemberId: referred,
        rewardMode: 'recurring',
        invoiceId: 'in_ref',
        chargeId: 'ch_ref',
        paymentCents: 999,
        amountCents: 99,
        paidAt: at(6),
        refundWindowEndsAt: at(36),
        accruedAt: at(6),
      },
    },
    {
      type: 'ReferralRewardReleased',
      data: { rewardId, referrerId: member, amountCents: 99, releasedAt: at(36) },
    },
    {
      type: 'ReferralRewardPaid',
      data: {
        payoutId: `${member}-2026-12`,
        referrerId: member,
        month: '2026-12',
        rewardIds: [rewardId],
        grossCents: 99,
        clawbackCents: 0,
        amountCents: 99,
        transferId: 'tr_payout_AbCd',
        destinationAccountId: 'acct_local_1',
        paidAt: at(37),
      },
    },
  ];

  const gift = randomUUID();
  const donation: DonationEvent[] = [
    {
      type: 'DonationReceived',
      data: {
        donationId: gift,
        amountCents: 2500,
        currency: 'usd',
        donorEmail: 'someone@example.org',
        donorMemberId: member,
        charityEin: '530196605',
        checkoutSessionId: 'cs_1',
        paymentIntentId: 'pi_1',
        providerEventId: 'evt_gift',
        receiptCode: 'R-GIFT0001',
        receivedAt: at(7),
      },
    },
    {
      type: 'DonationDirected',
      data: {
        donationId: gift,
        amountCents: 2500,
        charityEin: '530196605',
        charityName: 'American Red Cross',
        directedBy: { kind: 'donor', memberId: member, displayName: null },
        source: { kind: 'gift', checkoutSessionId: 'cs_1' },
        receiptCode: 'R-GIFT0001',
        directedAt: at(7),
      },
    },
  ];
  const prize = randomUUID();
  const prizeEvents: DonationEvent[] = [
    {
      type: 'DonationDirected',
      data: {
        donationId: prize,
        amountCents: 1000,
        charityEin: '530196605',
        charityName: 'American Red Cross',
        directedBy: { kind: 'winner', memberId: member, username: 'winner' },
        source: {
          kind: 'prize',
          tournamentId: randomUUID(),
          tournamentTitle: 'Friday Blitz',
          rank: 1,
          memberId: member,
        },
        receiptCode: 'R-PRIZE001',
        directedAt: at(8),
      },
    },
    {
      type: 'DonationTransferInitiated',
      data: {
        donationId: prize,
        windowId: '2026-11-09',
        transferId: 'tr_window',
        charityEin: '530196605',
        stripeAccountId: 'acct_charity',
        amountCents: 1000,
        transferAmountCents: 1000,
        initiatedAt: at(9),
      },
    },
  ];

  return {
    member,
    subscription: recorded(`subscription-${member}`, subscription),
    referral: recorded(`referral-${member}`, referral),
    gift: recorded(`donation-${gift}`, donation),
    prize: recorded(`donation-${prize}`, prizeEvents),
  };
}
