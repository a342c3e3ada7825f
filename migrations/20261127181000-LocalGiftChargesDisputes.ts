import { sql, type Kysely } from 'kysely';

// Issue 20 (charges): a gift's payment is a real-shaped charge in the local world (no customer, like a
// Checkout guest payment), charges can be disputed, and the balance transactions Stripe makes for a dispute
// (two `adjustment`s on the same dispute: the withdrawal and, when won, the reinstatement) can be recorded.
// The type CHECK is dropped rather than re-listed, so the Connect migration's types (payouts, reversals)
// are not undone by this one whichever order they merge in.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE payment_local_charges ALTER COLUMN customer_id DROP NOT NULL`.execute(db);
  await sql`
    CREATE TABLE payment_local_disputes (
      id text PRIMARY KEY,
      charge_id text NOT NULL REFERENCES payment_local_charges (id),
      amount_cents integer NOT NULL CHECK (amount_cents > 0),
      status text NOT NULL CHECK (status IN ('needs_response', 'won', 'lost')),
      created_at timestamptz NOT NULL,
      closed_at timestamptz
    )`.execute(db);
  // One open or closed dispute per charge (Stripe opens at most one).
  await sql`CREATE UNIQUE INDEX payment_local_disputes_charge ON payment_local_disputes (charge_id)`.execute(
    db,
  );
  await sql`
    ALTER TABLE payment_local_balance_transactions
      DROP CONSTRAINT IF EXISTS payment_local_balance_transactions_type_check,
      DROP CONSTRAINT IF EXISTS payment_local_balance_transactions_type_source_id_key`.execute(db);
  await sql`
    CREATE UNIQUE INDEX payment_local_balance_transactions_once
      ON payment_local_balance_transactions (type, source_id) WHERE type <> 'adjustment'`.execute(db);
  // A gift's charge is found by its payment intent (GiftPayments), a subscription payment by its charge
  // (billing): both read the event store directly, so they need these indexes.
  await sql`
    CREATE INDEX events_gift_payment_intent ON events ((data->>'paymentIntentId'))
      WHERE event_type = 'DonationReceived'`.execute(db);
  await sql`
    CREATE INDEX events_subscription_charge ON events ((data->>'chargeId'))
      WHERE event_type = 'SubscriptionPaymentSucceeded'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX events_subscription_charge`.execute(db);
  await sql`DROP INDEX events_gift_payment_intent`.execute(db);
  await sql`DROP INDEX payment_local_balance_transactions_once`.execute(db);
  await sql`DELETE FROM payment_local_balance_transactions WHERE type = 'adjustment'`.execute(db);
  await sql`
    ALTER TABLE payment_local_balance_transactions ADD UNIQUE (type, source_id)`.execute(db);
  await sql`DROP TABLE payment_local_disputes`.execute(db);
  await sql`DELETE FROM payment_local_refunds WHERE charge_id IN (SELECT id FROM payment_local_charges WHERE customer_id IS NULL)`.execute(
    db,
  );
  await sql`DELETE FROM payment_local_charges WHERE customer_id IS NULL`.execute(db);
  await sql`ALTER TABLE payment_local_charges ALTER COLUMN customer_id SET NOT NULL`.execute(db);
}
