import { sql, type Transaction } from 'kysely';
import type { Projector, TableNames } from '@arena/projection-runner';
import {
  DONATION_EVENT_TYPES,
  PRIZE_BALANCE_EVENT_TYPES,
  type DirectedBy,
  type DonationEvent,
  type DonationSource,
  type PrizeBalanceEvent,
} from '@arena/donations/events';

type Base =
  | 'donations'
  | 'donation_history'
  | 'donation_prize_shares'
  | 'donation_member_names'
  | 'donation_directed_totals';

/** How the public ledger names who directed a donation: a gift's donor stays anonymous, signed in or not. */
export function directedByName(directedBy: DirectedBy): string {
  if (directedBy.kind === 'winner') return directedBy.username;
  if (directedBy.kind === 'donor') return directedBy.displayName ?? ANONYMOUS_DONOR;
  return PLATFORM;
}
export const ANONYMOUS_DONOR = 'Anonymous donor';
export const PLATFORM = 'Charity Arena';
export const GIFT_SOURCE = 'Direct gift';
export const BALANCE_SOURCE = 'Prize balance';
/** Issue 20: money a transfer reversal brought back, held again for the same charity. */
export const REVERSAL_SOURCE = 'Returned by a transfer reversal';

const sourceName = (source: DonationSource) =>
  source.kind === 'prize'
    ? source.tournamentTitle
    : source.kind === 'gift'
      ? GIFT_SOURCE
      : source.kind === 'reversal'
        ? REVERSAL_SOURCE
        : BALANCE_SOURCE;

/** The winner whose prize it was (a prize, a balance direction), else null. */
const prizeMemberOf = (source: DonationSource) =>
  source.kind === 'prize' || source.kind === 'prize-balance' ? source.memberId : null;

/**
 * The member whose money it was: the winner of a prize, the signed-in donor of a gift. Money a reversal brought
 * back is the platform's to send again: no member's (their own donation shows the reversal).
 */
function ownerOf(directedBy: DirectedBy, source: DonationSource): string | null {
  if (source.kind === 'reversal') return null;
  if (source.kind !== 'gift') return source.memberId;
  return directedBy.kind === 'donor' ? directedBy.memberId : null;
}

/**
 * The donations read model (issue 12): one row per donation with its current status, the history of
 * each donation's events (the receipt), winners' prize shares and what is left of them to direct, and
 * their names. Every event is first recorded in `donation_history` by its id: an event already there
 * is a redelivery and changes nothing. A donation's own events come in order (one stream); different
 * streams interleave, so nothing here reads a row another stream writes, except through upserts that
 * keep the newest fact (names by time).
 */
export const donationsProjector: Projector<Base> = {
  name: 'donations',
  // 2 (issue 20): statuses reversed, the payout-failed flag (payout_failure: Stripe's failure code) and what
  // reversals took back (reversed_cents). 3 (issue 22): who directed it (directed_kind), when and how much
  // (directed_at, directed_cents), the cents directed per charity ever (donation_directed_totals), and partial
  // indexes of the held donations and of winners' directions: the jobs' DonationLog reads them.
  version: 3,
  eventTypes: [...DONATION_EVENT_TYPES, ...PRIZE_BALANCE_EVENT_TYPES],
  tables: [
    'donations',
    'donation_history',
    'donation_prize_shares',
    'donation_member_names',
    'donation_directed_totals',
  ],

  async createTables(db, names: TableNames<Base>) {
    await sql`
      CREATE TABLE ${sql.table(names.donations)} (
        id text PRIMARY KEY,
        receipt_code text NOT NULL,
        amount_cents bigint NOT NULL,
        ein text,
        charity_name text,
        directed_by text NOT NULL,
        source text NOT NULL,
        status text NOT NULL,
        payment_intent_id text,
        transfer_id text,
        payout_failure text,
        reversed_cents bigint NOT NULL DEFAULT 0,
        member_id uuid,
        prize_member_id uuid,
        donated_at timestamptz NOT NULL,
        directed_kind text,
        directed_at timestamptz,
        directed_cents bigint
      )`.execute(db);
    await sql`
      CREATE TABLE ${sql.table(names.donation_directed_totals)} (
        ein text PRIMARY KEY,
        directed_cents bigint NOT NULL
      )`.execute(db);
    await sql`
      CREATE TABLE ${sql.table(names.donation_history)} (
        event_id text PRIMARY KEY,
        donation_id text,
        revision bigint NOT NULL,
        status text NOT NULL,
        at timestamptz NOT NULL,
        note text
      )`.execute(db);
    await sql`
      CREATE TABLE ${sql.table(names.donation_prize_shares)} (
        share_id text PRIMARY KEY,
        member_id uuid NOT NULL,
        tournament_id uuid NOT NULL,
        tournament_title text NOT NULL,
        rank integer NOT NULL,
        amount_cents bigint NOT NULL,
        remaining_cents bigint NOT NULL,
        credited_at timestamptz NOT NULL,
        direct_by timestamptz NOT NULL
      )`.execute(db);
    await sql`
      CREATE TABLE ${sql.table(names.donation_member_names)} (
        member_id uuid PRIMARY KEY,
        username text NOT NULL,
        at timestamptz NOT NULL
      )`.execute(db);
  },

  async createIndexes(db, names: TableNames<Base>) {
    const index = (table: string, suffix: string) => sql.id(`${table}_${suffix}`);
    const { donations, donation_history, donation_prize_shares } = names;
    await sql`CREATE UNIQUE INDEX IF NOT EXISTS ${index(donations, 'by_receipt')}
      ON ${sql.table(donations)} (receipt_code)`.execute(db);
    await sql`CREATE INDEX IF NOT EXISTS ${index(donations, 'by_time')}
      ON ${sql.table(donations)} (donated_at DESC, id DESC)`.execute(db);
    await sql`CREATE INDEX IF NOT EXISTS ${index(donations, 'by_member')}
      ON ${sql.table(donations)} (member_id)`.execute(db);
    // Finance's list of failed payouts (issue 20): only flagged rows, so it stays as small as the flags.
    await sql`CREATE INDEX IF NOT EXISTS ${index(donations, 'payout_failures')}
      ON ${sql.table(donations)} (donated_at DESC, id) WHERE payout_failure IS NOT NULL`.execute(db);
    // The transfer window's candidates (issue 22): only held rows, so it grows with what waits, not the ledger.
    await sql`CREATE INDEX IF NOT EXISTS ${index(donations, 'held')}
      ON ${sql.table(donations)} (id) WHERE status = 'held'`.execute(db);
    // The platform's choice (issue 22): winners' directions by time, read for the last days only.
    await sql`CREATE INDEX IF NOT EXISTS ${index(donations, 'winner_directions')}
      ON ${sql.table(donations)} (directed_at) INCLUDE (ein, directed_cents) WHERE directed_kind = 'winner'`.execute(
      db,
    );
    await sql`CREATE INDEX IF NOT EXISTS ${index(donation_history, 'by_donation')}
      ON ${sql.table(donation_history)} (donation_id, revision)`.execute(db);
    await sql`CREATE INDEX IF NOT EXISTS ${index(donation_prize_shares, 'by_member')}
      ON ${sql.table(donation_prize_shares)} (member_id, credited_at)`.execute(db);
  },

  async apply(trx, events, names) {
    for (const recorded of events) {
      const event = { type: recorded.type, data: recorded.data } as DonationEvent | PrizeBalanceEvent;
      const history = historyOf(event);
      const fresh = await trx
        .insertInto(names.donation_history)
        .values({ event_id: recorded.id, revision: recorded.revision, ...history })
        .onConflict((conflict) => conflict.column('event_id').doNothing())
        .returning('event_id')
        .executeTakeFirst();
      if (!fresh) continue;
      await applyEvent(trx, names, event);
    }
  },
};

interface HistoryRow {
  donation_id: string | null;
  status: string;
  at: string;
  note: string | null;
}

/** Balance events are recorded too (to know them again) but belong to no donation's receipt. */
function historyOf(event: DonationEvent | PrizeBalanceEvent): HistoryRow {
  switch (event.type) {
    case 'DonationReceived':
      return {
        donation_id: event.data.donationId,
        status: 'received',
        at: event.data.receivedAt,
        note: null,
      };
    case 'DonationDirected':
      return {
        donation_id: event.data.donationId,
        status: 'directed',
        at: event.data.directedAt,
        note: event.data.charityName,
      };
    case 'DonationTransferInitiated':
      return {
        donation_id: event.data.donationId,
        status: 'pending',
        at: event.data.initiatedAt,
        note: `Transfer window ${event.data.windowId}`,
      };
    case 'PayoutCleared':
      return { donation_id: event.data.donationId, status: 'cleared', at: event.data.clearedAt, note: null };
    case 'DonationTransferFailed':
      return {
        donation_id: event.data.donationId,
        status: 'failed',
        at: event.data.failedAt,
        note: event.data.reason,
      };
    case 'DonationPayoutFailed':
      return {
        donation_id: event.data.donationId,
        status: 'payout-failed',
        at: event.data.failedAt,
        note: event.data.failureCode,
      };
    case 'DonationTransferReversed':
      return {
        donation_id: event.data.donationId,
        status: 'reversed',
        at: event.data.reversedAt,
        note: `${event.data.amountCents} cents returned to Charity Arena, held again for the same nonprofit`,
      };
    case 'GiftRefunded':
      return {
        donation_id: event.data.donationId,
        status: 'refunded',
        at: event.data.refundedAt,
        note: event.data.afterTransfer ? 'Refunded by Charity Arena after the transfer' : null,
      };
    case 'GiftDisputed':
      return {
        donation_id: event.data.donationId,
        status: 'disputed',
        at: event.data.disputedAt,
        note: null,
      };
    case 'GiftDisputeClosed':
      return {
        donation_id: event.data.donationId,
        status: `dispute-${event.data.outcome}`,
        at: event.data.closedAt,
        note: null,
      };
    case 'PrizeShareCredited':
      return { donation_id: null, status: 'credited', at: event.data.creditedAt, note: null };
    case 'PrizeBalanceDirected':
      return { donation_id: null, status: 'balance-directed', at: event.data.directedAt, note: null };
  }
}

async function applyEvent(
  trx: Transaction<any>,
  names: TableNames<Base>,
  event: DonationEvent | PrizeBalanceEvent,
): Promise<void> {
  const setStatus = (donationId: string, values: Record<string, unknown>) =>
    trx.updateTable(names.donations).set(values).where('id', '=', donationId).execute();
  switch (event.type) {
    case 'DonationReceived': {
      const { data } = event;
      // Directed at once (Donate Now) or waiting in the pool: DonationDirected, if any, comes next.
      await trx
        .insertInto(names.donations)
        .values({
          id: data.donationId,
          receipt_code: data.receiptCode,
          amount_cents: data.amountCents,
          ein: null,
          charity_name: null,
          directed_by: data.donorName ?? ANONYMOUS_DONOR,
          source: GIFT_SOURCE,
          status: 'held',
          payment_intent_id: data.paymentIntentId,
          transfer_id: null,
          member_id: data.donorMemberId,
          prize_member_id: null,
          donated_at: data.receivedAt,
        })
        .onConflict((conflict) => conflict.column('id').doNothing())
        .execute();
      return;
    }
    case 'DonationDirected': {
      const { data } = event;
      const directed = {
        ein: data.charityEin,
        charity_name: data.charityName,
        directed_by: directedByName(data.directedBy),
        source: sourceName(data.source),
        directed_kind: data.directedBy.kind,
        directed_at: data.directedAt,
        directed_cents: data.amountCents,
      };
      await trx
        .insertInto(names.donations)
        .values({
          id: data.donationId,
          receipt_code: data.receiptCode,
          amount_cents: data.amountCents,
          ...directed,
          status: 'held',
          payment_intent_id: null,
          transfer_id: null,
          member_id: ownerOf(data.directedBy, data.source),
          prize_member_id: prizeMemberOf(data.source),
          donated_at: data.directedAt,
        })
        // A gift received first keeps its time, payment and donor; it gains its nonprofit.
        .onConflict((conflict) => conflict.column('id').doUpdateSet(directed))
        .execute();
      // Once per event (donation_history): what was directed to each charity, ever.
      await trx
        .insertInto(names.donation_directed_totals)
        .values({ ein: data.charityEin, directed_cents: data.amountCents })
        .onConflict((conflict) =>
          conflict.column('ein').doUpdateSet({
            directed_cents: sql`${sql.ref(`${names.donation_directed_totals}.directed_cents`)} + ${data.amountCents}`,
          }),
        )
        .execute();
      if (data.directedBy.kind === 'winner') {
        await rememberName(trx, names, data.directedBy.memberId, data.directedBy.username, data.directedAt);
      }
      return;
    }
    case 'DonationTransferInitiated':
      return void (await setStatus(event.data.donationId, {
        status: 'pending',
        transfer_id: event.data.transferId,
      }));
    case 'PayoutCleared':
      return void (await setStatus(event.data.donationId, { status: 'cleared', payout_failure: null }));
    case 'DonationPayoutFailed':
      // Still pending (the money is on the charity's Stripe balance), flagged for finance.
      return void (await setStatus(event.data.donationId, {
        status: 'pending',
        payout_failure: event.data.failureCode ?? 'failed',
      }));
    case 'DonationTransferReversed':
      // The donation's events come in order: totalReversedCents is all reversals so far.
      return void (await trx
        .updateTable(names.donations)
        .set({
          reversed_cents: event.data.totalReversedCents,
          status: sql`CASE WHEN amount_cents <= ${event.data.totalReversedCents} THEN 'reversed' ELSE status END`,
        })
        .where('id', '=', event.data.donationId)
        .execute());
    case 'DonationTransferFailed':
      // Held again, for a later window: no transfer carries it now.
      return void (await setStatus(event.data.donationId, { status: 'held', transfer_id: null }));
    // Issue 20: a refund or a lost dispute before the transfer takes its amount off the donation (all of
    // it: refunded); after the transfer the charity keeps the money and the donation stays as it was.
    case 'GiftRefunded':
    case 'GiftDisputeClosed': {
      const { data } = event;
      if (data.afterTransfer || (event.type === 'GiftDisputeClosed' && event.data.outcome === 'won')) return;
      await trx
        .updateTable(names.donations)
        .set({
          amount_cents: sql`amount_cents - ${data.amountCents}`,
          status: sql`CASE WHEN amount_cents - ${data.amountCents} <= 0 THEN 'refunded' ELSE status END`,
        })
        .where('id', '=', data.donationId)
        .execute();
      return;
    }
    case 'GiftDisputed':
      return;
    case 'PrizeShareCredited': {
      const { data } = event;
      await trx
        .insertInto(names.donation_prize_shares)
        .values({
          share_id: data.shareId,
          member_id: data.memberId,
          tournament_id: data.tournamentId,
          tournament_title: data.tournamentTitle,
          rank: data.rank,
          amount_cents: data.amountCents,
          remaining_cents: data.amountCents,
          credited_at: data.creditedAt,
          direct_by: data.directBy,
        })
        .onConflict((conflict) => conflict.column('share_id').doNothing())
        .execute();
      await rememberName(trx, names, data.memberId, data.username, data.creditedAt);
      return;
    }
    case 'PrizeBalanceDirected':
      // The event names the shares it took from (oldest first, as the decider chose).
      for (const share of event.data.shares) {
        await trx
          .updateTable(names.donation_prize_shares)
          .set({ remaining_cents: sql`greatest(remaining_cents - ${share.amountCents}, 0)` })
          .where('share_id', '=', share.shareId)
          .execute();
      }
      return;
  }
}

/** The newest name a member won under (usernames can change; streams interleave). */
async function rememberName(
  trx: Transaction<any>,
  names: TableNames<Base>,
  memberId: string,
  username: string,
  at: string,
): Promise<void> {
  await trx
    .insertInto(names.donation_member_names)
    .values({ member_id: memberId, username, at })
    .onConflict((conflict) =>
      conflict
        .column('member_id')
        .doUpdateSet({ username, at })
        .where(`${names.donation_member_names}.at`, '<', at),
    )
    .execute();
}
