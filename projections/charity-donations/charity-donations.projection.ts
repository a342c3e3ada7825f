import { sql } from 'kysely';
import type { Projector, TableNames } from '@arena/projection-runner';
import type { TournamentCreated, TournamentEdited } from '@arena/tournaments/events';
import type {
  DonationDirected,
  DonationPayoutFailed,
  DonationTransferFailed,
  DonationTransferInitiated,
  DonationTransferReversed,
  GiftDisputeClosed,
  GiftRefunded,
  PayoutCleared,
} from '@arena/donations/events';
import { impactOfRank } from './charity-donations.queries';

type Base = 'charity_donations' | 'charity_donation_sources';

type StatusEvent = DonationTransferInitiated | PayoutCleared | DonationTransferFailed | DonationPayoutFailed;
/** Issue 20: what a refund or a lost dispute takes off a gift before its transfer is not the charity's. */
type ReducingEvent = GiftRefunded | GiftDisputeClosed;
type DonationEvent =
  | TournamentCreated
  | TournamentEdited
  | DonationDirected
  | StatusEvent
  | DonationTransferReversed
  | ReducingEvent;
const EVENT_TYPES: readonly DonationEvent['type'][] = [
  'TournamentCreated',
  'TournamentEdited',
  'DonationDirected',
  'DonationTransferInitiated',
  'PayoutCleared',
  'DonationTransferFailed',
  'DonationPayoutFailed',
  'DonationTransferReversed',
  'GiftRefunded',
  'GiftDisputeClosed',
];
const STATUS_AFTER: Record<StatusEvent['type'], 'pending' | 'cleared' | 'held'> = {
  DonationTransferInitiated: 'pending',
  PayoutCleared: 'cleared',
  // Held again, for a later window (before issue 20).
  DonationTransferFailed: 'held',
  // Issue 20: the money is on the charity's Stripe balance; its payout failed, so it is still pending.
  DonationPayoutFailed: 'pending',
};

/** How a charity's cards name a donation's donor, source and impact. */
function described(data: DonationDirected['data']) {
  const { directedBy, source } = data;
  const donor =
    directedBy.kind === 'winner'
      ? { member_id: directedBy.memberId, username: directedBy.username }
      : directedBy.kind === 'platform'
        ? { member_id: null, username: 'Charity Arena' }
        : // A gift's donor stays anonymous on the charity's page too.
          { member_id: null, username: null };
  if (source.kind === 'prize') {
    return {
      ...donor,
      tournament_id: source.tournamentId,
      source: source.tournamentTitle,
      rank: source.rank,
      impact: impactOfRank(source.rank),
    };
  }
  if (source.kind === 'reversal') {
    return { ...donor, tournament_id: null, source: 'Transfer reversal', rank: null, impact: 'Sent again' };
  }
  if (source.kind === 'prize-balance') {
    return { ...donor, tournament_id: null, source: 'Prize balance', rank: null, impact: 'Prize winnings' };
  }
  return { ...donor, tournament_id: null, source: 'Direct Donate', rank: null, impact: 'Direct gift' };
}

/**
 * Money directed to charities, one row per donation (DonationDirected: a winner's prize, a prize
 * balance, a gift), for the charity profile's cards (ledger, supporters, donors) and the rankings; its
 * status follows the transfer window (pending, cleared, held again on failure). Tournament titles are
 * kept (created, edited) so a prize's row names its source. Rows are keyed by donation id and move
 * only forward in their stream's revisions, so a redelivered event changes nothing.
 */
export const charityDonationsProjector: Projector<Base> = {
  name: 'charity_donations',
  // 3 (issue 20): payout failures (still pending) and transfer reversals.
  version: 3,
  eventTypes: EVENT_TYPES,
  tables: ['charity_donations', 'charity_donation_sources'],

  async createTables(db, names: TableNames<Base>) {
    await sql`
      CREATE TABLE ${sql.table(names.charity_donation_sources)} (
        tournament_id uuid PRIMARY KEY,
        title text NOT NULL,
        last_revision integer NOT NULL
      )`.execute(db);
    await sql`
      CREATE TABLE ${sql.table(names.charity_donations)} (
        id text PRIMARY KEY,
        ein text NOT NULL,
        charity_name text,
        tournament_id uuid,
        source text NOT NULL,
        member_id uuid,
        username text,
        amount_cents bigint NOT NULL,
        rank integer,
        impact text NOT NULL,
        donated_at timestamptz NOT NULL,
        status text NOT NULL,
        last_revision integer NOT NULL
      )`.execute(db);
    // The title of a tournament's rows follows its edits.
    await sql`CREATE INDEX ON ${sql.table(names.charity_donations)} (tournament_id)`.execute(db);
  },

  async createIndexes(db, names: TableNames<Base>) {
    const table = names.charity_donations;
    await sql`
      CREATE INDEX IF NOT EXISTS ${sql.id(`${table}_by_ein`)}
        ON ${sql.table(table)} (ein, donated_at DESC)`.execute(db);
  },

  async apply(trx, events, names) {
    for (const recorded of events) {
      const event = { type: recorded.type, data: recorded.data } as DonationEvent;
      if (event.type === 'TournamentCreated') {
        await trx
          .insertInto(names.charity_donation_sources)
          .values({
            tournament_id: event.data.tournamentId,
            title: event.data.title,
            last_revision: recorded.revision,
          })
          .onConflict((conflict) => conflict.column('tournament_id').doNothing())
          .execute();
      } else if (event.type === 'TournamentEdited') {
        const { title } = event.data.changes;
        if (title === undefined) continue;
        const updated = await trx
          .updateTable(names.charity_donation_sources)
          .set({ title, last_revision: recorded.revision })
          .where('tournament_id', '=', event.data.tournamentId)
          .where('last_revision', '<', recorded.revision)
          .executeTakeFirst();
        if (updated.numUpdatedRows === 0n) continue;
        await trx
          .updateTable(names.charity_donations)
          .set({ source: title })
          .where('tournament_id', '=', event.data.tournamentId)
          .execute();
      } else if (event.type === 'DonationDirected') {
        const { data } = event;
        const row = described(data);
        // A title edited before this donation arrived wins over the one the event carries.
        const tournament = row.tournament_id
          ? await trx
              .selectFrom(names.charity_donation_sources)
              .select('title')
              .where('tournament_id', '=', row.tournament_id)
              .executeTakeFirst()
          : undefined;
        await trx
          .insertInto(names.charity_donations)
          .values({
            id: data.donationId,
            ein: data.charityEin,
            charity_name: data.charityName,
            ...row,
            source: tournament?.title ?? row.source,
            amount_cents: data.amountCents,
            donated_at: data.directedAt,
            status: 'held',
            last_revision: recorded.revision,
          })
          .onConflict((conflict) => conflict.column('id').doNothing())
          .execute();
      } else if (
        event.type === 'DonationTransferReversed' ||
        event.type === 'GiftRefunded' ||
        event.type === 'GiftDisputeClosed'
      ) {
        // A reversal: what came back is a donation of its own (source 'reversal', sent again later), so this
        // one keeps what the charity kept and totals count each cent once; all of it back: reversed. A refund
        // or a lost dispute before the transfer: that part was never the charity's; all of it: refunded.
        const { data } = event;
        const reversal = event.type === 'DonationTransferReversed';
        const reduces =
          reversal ||
          (!event.data.afterTransfer && (event.type === 'GiftRefunded' || event.data.outcome === 'lost'));
        if (!reduces) continue;
        const emptied = reversal ? 'reversed' : 'refunded';
        await trx
          .updateTable(names.charity_donations)
          .set({
            amount_cents: sql`amount_cents - ${data.amountCents}`,
            status: sql`CASE WHEN amount_cents - ${data.amountCents} <= 0 THEN ${emptied} ELSE status END`,
            last_revision: recorded.revision,
          })
          .where('id', '=', data.donationId)
          .where('last_revision', '<', recorded.revision)
          .execute();
      } else {
        await trx
          .updateTable(names.charity_donations)
          .set({ status: STATUS_AFTER[event.type], last_revision: recorded.revision })
          .where('id', '=', event.data.donationId)
          .where('last_revision', '<', recorded.revision)
          .execute();
      }
    }
  },
};
