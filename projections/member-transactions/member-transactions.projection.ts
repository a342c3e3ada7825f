import { sql, type Transaction } from 'kysely';
import { SUBSCRIPTION_EVENT_TYPES, type SubscriptionEvent } from '@arena/billing/events';
import type { MemberTransaction } from '@arena/contracts';
import { DONATION_EVENT_TYPES, type DonationEvent, type DonationSource } from '@arena/donations/events';
import type { Projector, TableNames } from '@arena/projection-runner';
import { REFERRAL_EVENT_TYPES, type ReferralEvent } from '@arena/referrals/events';

type Base = 'member_transactions' | 'member_transaction_events';
type Handled = SubscriptionEvent | ReferralEvent | DonationEvent;

const PLAN_NAMES = { PREMIUM: 'Premium', PREMIUM_PLUS: 'Premium+' } as const;
const BILLING_REASONS: Record<string, string> = {
  subscription_create: 'first month',
  subscription_cycle: 'renewal',
  subscription_update: 'upgrade (prorated)',
};
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
/** A payout's month as people say it: '2026-12' is December 2026. */
const monthName = (month: string) =>
  new Date(`${month}-01T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** The row id of a donation's movement, so its later events find it. */
const donationRowId = (donationId: string) => `donation:${donationId}`;
const rewardRowId = (rewardId: string) => `reward:${rewardId}`;

interface NewRow {
  id: string;
  member_id: string;
  at: string;
  type: MemberTransaction['type'];
  description: string;
  amount_cents: number;
  status: string;
  reference: string | null;
  /** A subscription payment's charge, so a refund (whenever it comes) marks it refunded. */
  charge_id: string | null;
}

/**
 * Transactions & Earnings (issue 13): one row per money movement of a member. Subscription payments
 * (money out) and refunds (money in), referral rewards (pending, released, voided, paid) and clawbacks,
 * referral payouts, the member's own gifts and the prize shares they directed, each with its current
 * status. Every event is first recorded by its id in `member_transaction_events`: an event already there
 * is a redelivery and changes nothing. Events of one stream come in order; a refund and its payment (one
 * stream, but webhooks arrive in any order) find each other by the charge whichever comes first.
 */
export const memberTransactionsProjector: Projector<Base> = {
  name: 'member_transactions',
  // 2: a payout's month named (December 2026), not '2026-12'.
  version: 2,
  eventTypes: [...SUBSCRIPTION_EVENT_TYPES, ...REFERRAL_EVENT_TYPES, ...DONATION_EVENT_TYPES],
  tables: ['member_transactions', 'member_transaction_events'],

  async createTables(db, names: TableNames<Base>) {
    await sql`
      CREATE TABLE ${sql.table(names.member_transactions)} (
        id text PRIMARY KEY,
        member_id uuid NOT NULL,
        at timestamptz NOT NULL,
        type text NOT NULL,
        description text NOT NULL,
        amount_cents bigint NOT NULL,
        status text NOT NULL,
        reference text,
        charge_id text
      )`.execute(db);
    await sql`
      CREATE TABLE ${sql.table(names.member_transaction_events)} (event_id text PRIMARY KEY)`.execute(db);
    const index = (suffix: string) => sql.id(`${names.member_transactions}_${suffix}`);
    await sql`CREATE INDEX ${index('by_charge')} ON ${sql.table(names.member_transactions)} (charge_id)
      WHERE charge_id IS NOT NULL`.execute(db);
  },

  async createIndexes(db, names: TableNames<Base>) {
    const table = names.member_transactions;
    await sql`CREATE INDEX IF NOT EXISTS ${sql.id(`${table}_by_member`)}
      ON ${sql.table(table)} (member_id, at DESC, id DESC)`.execute(db);
  },

  async apply(trx, events, names) {
    for (const recorded of events) {
      const fresh = await trx
        .insertInto(names.member_transaction_events)
        .values({ event_id: recorded.id })
        .onConflict((conflict) => conflict.column('event_id').doNothing())
        .returning('event_id')
        .executeTakeFirst();
      if (!fresh) continue;
      await applyEvent(trx, names, { type: recorded.type, data: recorded.data } as Handled, recorded.id);
    }
  },
};

async function applyEvent(
  trx: Transaction<any>,
  names: TableNames<Base>,
  event: Handled,
  eventId: string,
): Promise<void> {
  const table = names.member_transactions;
  const insert = (row: NewRow) =>
    trx
      .insertInto(table)
      .values(row)
      .onConflict((conflict) => conflict.column('id').doNothing())
      .execute();
  const setStatus = (id: string, values: Record<string, unknown>) =>
    trx.updateTable(table).set(values).where('id', '=', id).execute();

  switch (event.type) {
    case 'SubscriptionPaymentSucceeded': {
      const { data } = event;
      const refunded = await trx
        .selectFrom(table)
        .select('id')
        .where('charge_id', '=', data.chargeId)
        .where('type', '=', 'refund')
        .executeTakeFirst();
      const reason = BILLING_REASONS[data.billingReason];
      return void (await insert({
        id: `payment:${data.invoiceId}`,
        member_id: data.memberId,
        at: data.occurredAt,
        type: 'subscription',
        description: `${PLAN_NAMES[data.planType]} subscription${reason ? `, ${reason}` : ''}`,
        amount_cents: -data.amountPaidCents,
        status: refunded ? 'refunded' : 'paid',
        reference: data.invoiceId,
        charge_id: data.chargeId,
      }));
    }
    case 'PaymentRefunded': {
      const { data } = event;
      const whole = data.totalRefundedCents >= data.paymentAmountCents;
      await insert({
        id: `refund:${eventId}`,
        member_id: data.memberId,
        at: data.occurredAt,
        type: 'refund',
        description: `Refund of a subscription payment of ${dollars(data.paymentAmountCents)}`,
        amount_cents: data.amountRefundedCents,
        status: 'refunded',
        reference: data.chargeId,
        charge_id: data.chargeId,
      });
      await trx
        .updateTable(table)
        .set({ status: whole ? 'refunded' : 'partially refunded' })
        .where('charge_id', '=', data.chargeId)
        .where('type', '=', 'subscription')
        .execute();
      return;
    }
    case 'SubscriptionStarted':
    case 'SubscriptionPlanChanged':
    case 'SubscriptionPaymentFailed':
    case 'SubscriptionCanceled':
    case 'ReferralRegistered':
    case 'ReferralRewardModeChosen':
      return; // no money moved
    case 'ReferralRewardAccrued': {
      const { data } = event;
      const mode = data.rewardMode === 'recurring' ? `10% of ${dollars(data.paymentCents)}` : 'one-time';
      return void (await insert({
        id: rewardRowId(data.rewardId),
        member_id: data.referrerId,
        at: data.accruedAt,
        type: 'referral-reward',
        description: `Referral reward (${mode}) on a referred member's payment`,
        amount_cents: data.amountCents,
        status: 'pending',
        reference: null,
        charge_id: null,
      }));
    }
    case 'ReferralRewardReleased':
      return void (await setStatus(rewardRowId(event.data.rewardId), { status: 'released' }));
    case 'ReferralRewardVoided':
      return void (await setStatus(rewardRowId(event.data.rewardId), {
        status: `voided (${event.data.reason.replace(/-/g, ' ')})`,
      }));
    case 'ReferralRewardClawedBack': {
      const { data } = event;
      return void (await insert({
        id: `clawback:${data.rewardId}`,
        member_id: data.referrerId,
        at: data.recordedAt,
        type: 'referral-reward',
        description: 'Referral reward taken back: its payment was refunded after payout',
        amount_cents: -data.amountCents,
        status: 'clawed back',
        reference: null,
        charge_id: null,
      }));
    }
    case 'ReferralRewardReduced': {
      // Issue 21: part of its payment refunded. Before payout the reward row shrinks; after, a row takes it back.
      const { data } = event;
      if (!data.clawedBack)
        return void (await setStatus(rewardRowId(data.rewardId), { amount_cents: data.amountCents }));
      return void (await insert({
        id: `reduced:${data.rewardId}:${data.totalRefundedCents}`,
        member_id: data.referrerId,
        at: data.recordedAt,
        type: 'referral-reward',
        description: 'Referral reward lowered: part of its payment was refunded after payout',
        amount_cents: -data.reducedCents,
        status: 'clawed back',
        reference: null,
        charge_id: null,
      }));
    }
    case 'ReferralRewardPaid': {
      const { data } = event;
      await insert({
        id: `payout:${data.payoutId}`,
        member_id: data.referrerId,
        at: data.paidAt,
        type: 'referral-payout',
        description:
          `Referral payout for ${monthName(data.month)} to your payout account` +
          (data.clawbackCents > 0 ? ` (${dollars(data.clawbackCents)} taken back)` : ''),
        amount_cents: data.amountCents,
        status: 'paid',
        reference: data.transferId,
        charge_id: null,
      });
      if (data.rewardIds.length > 0) {
        await trx
          .updateTable(table)
          .set({ status: 'paid' })
          .where('id', 'in', data.rewardIds.map(rewardRowId))
          .execute();
      }
      return;
    }
    case 'DonationReceived': {
      const { data } = event;
      if (!data.donorMemberId) return; // a guest's gift belongs to no member
      return void (await insert({
        id: donationRowId(data.donationId),
        member_id: data.donorMemberId,
        at: data.receivedAt,
        type: 'donation',
        description: 'Gift to the donation pool',
        amount_cents: -data.amountCents,
        status: 'held',
        reference: data.receiptCode,
        charge_id: null,
      }));
    }
    case 'DonationDirected': {
      const { data } = event;
      // Money a transfer reversal brought back is the platform's to send again: the member's row of the
      // donation it came from shows the reversal.
      if (data.source.kind === 'reversal') return;
      if (data.source.kind === 'gift') {
        return void (await setStatus(donationRowId(data.donationId), {
          description: `Gift to ${data.charityName}`,
        }));
      }
      return void (await insert({
        id: donationRowId(data.donationId),
        member_id: data.source.memberId,
        at: data.directedAt,
        type: 'prize',
        description: `${prizeOrigin(data.source)} directed to ${data.charityName}`,
        amount_cents: data.amountCents,
        status: 'held',
        reference: data.receiptCode,
        charge_id: null,
      }));
    }
    case 'DonationTransferInitiated':
      return void (await setStatus(donationRowId(event.data.donationId), { status: 'pending' }));
    case 'PayoutCleared':
      return void (await setStatus(donationRowId(event.data.donationId), { status: 'cleared' }));
    case 'DonationTransferFailed':
      return void (await setStatus(donationRowId(event.data.donationId), { status: 'held' }));
    // Issue 20: a failed payout leaves it pending (finance follows it up); a reversal sends what came back
    // again to the same nonprofit later.
    case 'DonationPayoutFailed':
      return;
    case 'DonationTransferReversed':
      return void (await trx
        .updateTable(names.member_transactions)
        .set({
          status: sql`CASE WHEN amount_cents <= ${event.data.totalReversedCents} THEN 'reversed (to be sent again)' ELSE 'partly reversed (to be sent again)' END`,
        })
        .where('id', '=', donationRowId(event.data.donationId))
        .execute());
    // Issue 20: a signed-in donor's gift given back (a refund, or a lost dispute): what they gave is less;
    // all of it back, refunded. A guest's gift has no row (nothing updated).
    case 'GiftRefunded':
    case 'GiftDisputeClosed': {
      const { data } = event;
      if (event.type === 'GiftDisputeClosed' && event.data.outcome !== 'lost') return;
      return void (await setStatus(donationRowId(data.donationId), {
        amount_cents: sql`amount_cents + ${data.amountCents}`,
        status: sql`CASE WHEN amount_cents + ${data.amountCents} >= 0 THEN 'refunded' ELSE status END`,
      }));
    }
    case 'GiftDisputed':
      return;
  }
}

function prizeOrigin(source: Exclude<DonationSource, { kind: 'gift' | 'reversal' }>): string {
  return source.kind === 'prize'
    ? `Prize share of ${source.tournamentTitle} (#${source.rank})`
    : 'Prize balance';
}
