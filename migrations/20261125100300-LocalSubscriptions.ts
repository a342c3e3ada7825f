import { sql, type Kysely } from 'kysely';

// Subscriptions in the local test-mode driver (issue 13), its own state only (Stripe keeps its own): the
// test clock's offset (one row), customers, monthly subscriptions, their invoices and charges, refunds,
// and billing portal sessions. Checkout sessions gain a mode, and connected accounts may belong to a
// member (referral payouts) instead of a charity. Invoices are unique per subscription, reason and period,
// so a renewal can never be billed twice, and per idempotency key, so a retried plan change bills once.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE payment_local_clock (
      id integer PRIMARY KEY CHECK (id = 1),
      offset_ms bigint NOT NULL DEFAULT 0 CHECK (offset_ms >= 0)
    )`.execute(db);
  await sql`INSERT INTO payment_local_clock (id, offset_ms) VALUES (1, 0)`.execute(db);

  await sql`
    CREATE TABLE payment_local_customers (
      id text PRIMARY KEY,
      email text NOT NULL,
      member_id text,
      card_declines boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL
    )`.execute(db);

  await sql`
    CREATE TABLE payment_local_subscriptions (
      id text PRIMARY KEY,
      customer_id text NOT NULL REFERENCES payment_local_customers (id),
      item_id text NOT NULL UNIQUE,
      status text NOT NULL CHECK (status IN ('active', 'past_due', 'canceled')),
      plan_type text NOT NULL,
      price_cents integer NOT NULL CHECK (price_cents > 0),
      product_name text NOT NULL,
      metadata jsonb NOT NULL,
      billing_cycle_anchor timestamptz NOT NULL,
      cycles integer NOT NULL DEFAULT 0,
      current_period_start timestamptz NOT NULL,
      current_period_end timestamptz NOT NULL,
      cancel_at_period_end boolean NOT NULL DEFAULT false,
      canceled_at timestamptz,
      ended_at timestamptz,
      latest_invoice_id text,
      created_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX payment_local_subscriptions_due ON payment_local_subscriptions (current_period_end) WHERE status <> 'canceled'`.execute(
    db,
  );

  await sql`
    CREATE TABLE payment_local_invoices (
      id text PRIMARY KEY,
      subscription_id text NOT NULL REFERENCES payment_local_subscriptions (id),
      customer_id text NOT NULL REFERENCES payment_local_customers (id),
      idempotency_key text NOT NULL UNIQUE,
      billing_reason text NOT NULL CHECK (billing_reason IN ('subscription_create', 'subscription_cycle', 'subscription_update')),
      status text NOT NULL CHECK (status IN ('open', 'paid')),
      amount_cents integer NOT NULL CHECK (amount_cents >= 0),
      lines jsonb NOT NULL,
      period_start timestamptz NOT NULL,
      period_end timestamptz NOT NULL,
      charge_id text,
      attempt_count integer NOT NULL DEFAULT 1,
      created_at timestamptz NOT NULL,
      paid_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX payment_local_invoices_customer ON payment_local_invoices (customer_id, created_at)`.execute(
    db,
  );

  await sql`
    CREATE TABLE payment_local_charges (
      id text PRIMARY KEY,
      invoice_id text REFERENCES payment_local_invoices (id),
      customer_id text NOT NULL REFERENCES payment_local_customers (id),
      payment_intent_id text NOT NULL UNIQUE,
      amount_cents integer NOT NULL CHECK (amount_cents > 0),
      amount_refunded_cents integer NOT NULL DEFAULT 0 CHECK (amount_refunded_cents BETWEEN 0 AND amount_cents),
      metadata jsonb NOT NULL,
      created_at timestamptz NOT NULL
    )`.execute(db);

  await sql`
    CREATE TABLE payment_local_refunds (
      id text PRIMARY KEY,
      charge_id text NOT NULL REFERENCES payment_local_charges (id),
      amount_cents integer NOT NULL CHECK (amount_cents > 0),
      created_at timestamptz NOT NULL
    )`.execute(db);

  await sql`
    CREATE TABLE payment_local_portal_sessions (
      id text PRIMARY KEY,
      customer_id text NOT NULL REFERENCES payment_local_customers (id),
      return_url text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL
    )`.execute(db);

  await sql`
    ALTER TABLE payment_local_checkout_sessions
      ADD COLUMN mode text NOT NULL DEFAULT 'payment' CHECK (mode IN ('payment', 'subscription')),
      ADD COLUMN plan_type text,
      ADD COLUMN customer_id text REFERENCES payment_local_customers (id),
      ADD COLUMN subscription_id text REFERENCES payment_local_subscriptions (id)`.execute(db);

  await sql`
    ALTER TABLE payment_local_balance_transactions
      DROP CONSTRAINT payment_local_balance_transactions_type_check,
      ADD CONSTRAINT payment_local_balance_transactions_type_check
        CHECK (type IN ('charge', 'transfer', 'transfer_reversal', 'refund'))`.execute(db);

  await sql`
    ALTER TABLE payment_local_accounts
      ADD COLUMN member_id text,
      ALTER COLUMN charity_id DROP NOT NULL`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE payment_local_accounts DROP COLUMN member_id`.execute(db);
  await sql`
    ALTER TABLE payment_local_balance_transactions
      DROP CONSTRAINT payment_local_balance_transactions_type_check,
      ADD CONSTRAINT payment_local_balance_transactions_type_check
        CHECK (type IN ('charge', 'transfer', 'transfer_reversal'))`.execute(db);
  await sql`
    ALTER TABLE payment_local_checkout_sessions
      DROP COLUMN mode, DROP COLUMN plan_type, DROP COLUMN customer_id, DROP COLUMN subscription_id`.execute(
    db,
  );
  await sql`DROP TABLE payment_local_portal_sessions`.execute(db);
  await sql`DROP TABLE payment_local_refunds`.execute(db);
  await sql`DROP TABLE payment_local_charges`.execute(db);
  await sql`DROP TABLE payment_local_invoices`.execute(db);
  await sql`DROP TABLE payment_local_subscriptions`.execute(db);
  await sql`DROP TABLE payment_local_customers`.execute(db);
  await sql`DROP TABLE payment_local_clock`.execute(db);
}
