import { sql, type Kysely } from 'kysely';

// Payments for gifts and transfers (issue 12), the local test-mode driver's state only (Stripe keeps its
// own): the checkout sessions it hosts, the one-use tokens of their pay forms (only a hash is kept), the
// transfers it makes to its connected accounts, and its balance transactions (charges, transfers and
// their reversals) for reconciliation. Idempotency keys are unique, so a repeated call never adds a row.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE payment_local_checkout_sessions (
      id text PRIMARY KEY,
      idempotency_key text NOT NULL UNIQUE,
      amount_cents integer NOT NULL CHECK (amount_cents > 0),
      email text,
      description text NOT NULL,
      metadata jsonb NOT NULL,
      success_url text NOT NULL,
      cancel_url text NOT NULL,
      status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'complete', 'expired', 'cancelled')),
      payment_intent_id text NOT NULL UNIQUE,
      paid_email text,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      completed_at timestamptz
    )`.execute(db);

  await sql`
    CREATE TABLE payment_local_checkout_tokens (
      token_hash text PRIMARY KEY,
      session_id text NOT NULL REFERENCES payment_local_checkout_sessions (id),
      created_at timestamptz NOT NULL DEFAULT now(),
      used_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX payment_local_checkout_tokens_session ON payment_local_checkout_tokens (session_id)`.execute(
    db,
  );

  await sql`
    CREATE TABLE payment_local_transfers (
      id text PRIMARY KEY,
      idempotency_key text NOT NULL UNIQUE,
      amount_cents integer NOT NULL CHECK (amount_cents > 0),
      destination_account_id text NOT NULL REFERENCES payment_local_accounts (id),
      transfer_group text NOT NULL,
      metadata jsonb NOT NULL,
      reversed boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  await sql`
    CREATE TABLE payment_local_balance_transactions (
      id text PRIMARY KEY,
      type text NOT NULL CHECK (type IN ('charge', 'transfer', 'transfer_reversal')),
      amount_cents integer NOT NULL,
      source_id text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (type, source_id)
    )`.execute(db);
  await sql`CREATE INDEX payment_local_balance_transactions_created ON payment_local_balance_transactions (created_at)`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE payment_local_balance_transactions`.execute(db);
  await sql`DROP TABLE payment_local_transfers`.execute(db);
  await sql`DROP TABLE payment_local_checkout_tokens`.execute(db);
  await sql`DROP TABLE payment_local_checkout_sessions`.execute(db);
}
