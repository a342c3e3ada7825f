import { sql, type Kysely } from 'kysely';

// Monthly gifts (issue 23): which provider subscriptions are gifts, whose, to whom, and whether they still
// run. The donations context writes a row from a gift subscription's checkout.session.completed or its first
// paid invoice, whichever comes first (each fills what it knows), and marks it ended from
// customer.subscription.deleted. The money itself is only in the event store (one DonationReceived per paid
// invoice); this row is what a member's profile lists and what cancelling checks ownership against.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE monthly_gifts (
      subscription_id text PRIMARY KEY,
      checkout_session_id text UNIQUE,
      donor_member_id text,
      charity_ein text,
      charity_name text,
      amount_cents integer NOT NULL CHECK (amount_cents > 0),
      status text NOT NULL CHECK (status IN ('active', 'canceled')),
      first_donation_id text,
      started_at timestamptz NOT NULL,
      canceled_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX monthly_gifts_donor ON monthly_gifts (donor_member_id, started_at DESC)
    WHERE donor_member_id IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE monthly_gifts`.execute(db);
}
