import { sql } from 'kysely';
import { DONATION_EVENT_TYPES, PRIZE_BALANCE_EVENT_TYPES } from '@arena/donations/events';
import type { Projector, TableNames } from '@arena/projection-runner';
import {
  REFERRAL_MONEY_EVENT_TYPES,
  SUBSCRIPTION_MONEY_EVENT_TYPES,
  evolvePostingState,
  postingsFor,
  type DonationPostingState,
  type PostedEvent,
} from './posting-rules';

type Base = 'postings' | 'posting_donations';

/**
 * The double-entry postings of the money events (docs/ledger.md "Accounts and postings"): one row per leg, keyed by
 * its set's id (derived from the event's id) and its leg, so a redelivered event writes nothing new.
 * `posting_donations` keeps what the rules need between a donation's events.
 */
export const postingsProjector: Projector<Base> = {
  name: 'postings',
  // 2: subscription revenue, its refunds and referral payouts (issue 13). 3: payouts and reversals (issue 20):
  // posting_donations keeps what of a transfer is in transit and what was paid out.
  version: 3,
  eventTypes: [
    ...DONATION_EVENT_TYPES,
    ...PRIZE_BALANCE_EVENT_TYPES,
    ...SUBSCRIPTION_MONEY_EVENT_TYPES,
    ...REFERRAL_MONEY_EVENT_TYPES,
  ],
  tables: ['postings', 'posting_donations'],

  async createTables(db, names: TableNames<Base>) {
    await sql`
      CREATE TABLE ${sql.table(names.postings)} (
        set_id text NOT NULL,
        leg integer NOT NULL,
        event_id uuid NOT NULL,
        donation_id text,
        account text NOT NULL,
        amount_cents bigint NOT NULL,
        memo text NOT NULL,
        posted_at timestamptz NOT NULL,
        PRIMARY KEY (set_id, leg)
      )`.execute(db);
    await sql`
      CREATE TABLE ${sql.table(names.posting_donations)} (
        donation_id text PRIMARY KEY,
        amount_cents bigint NOT NULL,
        ein text,
        transfer_id text,
        in_transit_cents bigint,
        paid_cents bigint
      )`.execute(db);
  },

  async createIndexes(db, names: TableNames<Base>) {
    const table = names.postings;
    await sql`
      CREATE INDEX IF NOT EXISTS ${sql.id(`${table}_by_account`)}
        ON ${sql.table(table)} (account)`.execute(db);
  },

  async apply(trx, events, names) {
    for (const recorded of events) {
      const event = { id: recorded.id, type: recorded.type, data: recorded.data } as PostedEvent;
      const donationId = 'donationId' in event.data ? event.data.donationId : null;
      const row = donationId
        ? await trx
            .selectFrom(names.posting_donations)
            .selectAll()
            .where('donation_id', '=', donationId)
            .executeTakeFirst()
        : undefined;
      const state = new Map<string, DonationPostingState>(
        row && donationId
          ? [
              [
                donationId,
                {
                  amountCents: Number(row.amount_cents),
                  ein: row.ein,
                  transferId: row.transfer_id,
                  ...(row.in_transit_cents === null ? {} : { inTransitCents: Number(row.in_transit_cents) }),
                  ...(row.paid_cents === null ? {} : { paidCents: Number(row.paid_cents) }),
                },
              ],
            ]
          : [],
      );
      const legs = postingsFor(event, state).flatMap((set) =>
        set.postings.map((posting, leg) => ({
          set_id: set.id,
          leg,
          event_id: set.eventId,
          donation_id: set.donationId,
          account: posting.account,
          amount_cents: posting.amountCents,
          memo: set.memo,
          posted_at: recorded.createdAt,
        })),
      );
      if (legs.length > 0) {
        await trx
          .insertInto(names.postings)
          .values(legs)
          .onConflict((conflict) => conflict.columns(['set_id', 'leg']).doNothing())
          .execute();
      }
      const next = donationId ? evolvePostingState(state, event).get(donationId) : undefined;
      if (donationId && next) {
        const values = {
          amount_cents: next.amountCents,
          ein: next.ein,
          transfer_id: next.transferId,
          in_transit_cents: next.inTransitCents ?? null,
          paid_cents: next.paidCents ?? null,
        };
        await trx
          .insertInto(names.posting_donations)
          .values({ donation_id: donationId, ...values })
          .onConflict((conflict) => conflict.column('donation_id').doUpdateSet(values))
          .execute();
      }
    }
  },
};
