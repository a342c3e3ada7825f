import { sql, type Kysely } from 'kysely';

// Which gift a payment intent paid (issue 21 review): GiftPaidHandler writes a row when it records a paid gift
// (DonationReceived), and GiftChargeHandler finds a refunded or disputed charge's gift by it, instead of
// querying the event store's table past its port. The gifts paid before are filled in from their
// DonationReceived facts, the first per payment intent (as the old lookup took), once, here. The expression
// index on the events that old lookup needed goes.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE gift_payment_intents (
      payment_intent_id text PRIMARY KEY,
      donation_id text NOT NULL,
      recorded_at timestamptz NOT NULL
    )`.execute(db);
  await sql`
    INSERT INTO gift_payment_intents (payment_intent_id, donation_id, recorded_at)
    SELECT DISTINCT ON (data->>'paymentIntentId')
      data->>'paymentIntentId', data->>'donationId', created_at
    FROM events
    WHERE event_type = 'DonationReceived' AND data->>'paymentIntentId' IS NOT NULL
    ORDER BY data->>'paymentIntentId', global_position
    ON CONFLICT DO NOTHING`.execute(db);
  await sql`DROP INDEX IF EXISTS events_gift_payment_intent`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE INDEX events_gift_payment_intent ON events ((data->>'paymentIntentId'))
      WHERE event_type = 'DonationReceived'`.execute(db);
  await sql`DROP TABLE gift_payment_intents`.execute(db);
}
