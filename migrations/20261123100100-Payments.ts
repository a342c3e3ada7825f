import { sql, type Kysely } from 'kysely';

// Payments (issue 11). payment_webhook_events: every verified webhook event we were sent, by the
// provider's event id, so each is applied once (status 'applying' is a claim with a lease, so a process
// that died mid-apply does not block the provider's retry forever). The payment_local_* tables are the
// local test-mode driver's own state: the accounts it plays Stripe for, their one-use onboarding links
// (only a hash of the token is kept), and the events it sends as signed webhooks (an outbox, so a
// restart never loses one).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE payment_webhook_events (
      event_id text PRIMARY KEY,
      type text NOT NULL,
      status text NOT NULL CHECK (status IN ('applying', 'applied', 'failed')),
      lease_until timestamptz,
      attempts integer NOT NULL DEFAULT 1,
      handler_count integer,
      last_error text,
      payload jsonb NOT NULL,
      received_at timestamptz NOT NULL DEFAULT now(),
      applied_at timestamptz
    )`.execute(db);

  await sql`
    CREATE TABLE payment_local_accounts (
      id text PRIMARY KEY,
      idempotency_key text NOT NULL UNIQUE,
      charity_id text NOT NULL,
      ein text NOT NULL,
      organization_name text NOT NULL,
      email text NOT NULL,
      details_submitted boolean NOT NULL DEFAULT false,
      charges_enabled boolean NOT NULL DEFAULT false,
      payouts_enabled boolean NOT NULL DEFAULT false,
      representative_name text,
      bank_routing_number text,
      bank_account_last4 text,
      created_at timestamptz NOT NULL DEFAULT now(),
      submitted_at timestamptz
    )`.execute(db);

  await sql`
    CREATE TABLE payment_local_account_links (
      token_hash text PRIMARY KEY,
      account_id text NOT NULL REFERENCES payment_local_accounts (id),
      return_url text NOT NULL,
      refresh_url text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX payment_local_account_links_account ON payment_local_account_links (account_id)`.execute(
    db,
  );

  await sql`
    CREATE TABLE payment_local_events (
      id text PRIMARY KEY,
      type text NOT NULL,
      payload jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      delivered_at timestamptz,
      attempts integer NOT NULL DEFAULT 0,
      last_error text
    )`.execute(db);
  await sql`
    CREATE INDEX payment_local_events_undelivered ON payment_local_events (created_at)
    WHERE delivered_at IS NULL`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE payment_local_events`.execute(db);
  await sql`DROP TABLE payment_local_account_links`.execute(db);
  await sql`DROP TABLE payment_local_accounts`.execute(db);
  await sql`DROP TABLE payment_webhook_events`.execute(db);
}
