import { sql, type Kysely } from 'kysely';

// State beside the donation events, never money: where the donation processors are in the event log,
// which donations a provider transfer carries (written with each DonationTransferInitiated, so a
// transfer's webhook finds its donations without the read model), and each window's plan per charity.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE donation_processor_checkpoints (
      name text PRIMARY KEY,
      commit_position bigint NOT NULL,
      prepare_position bigint NOT NULL,
      updated_at timestamptz NOT NULL
    );

    CREATE TABLE donation_transfers (
      transfer_id text NOT NULL,
      donation_id uuid NOT NULL,
      stripe_account_id text NOT NULL,
      created_at timestamptz NOT NULL,
      PRIMARY KEY (transfer_id, donation_id)
    );
    CREATE INDEX donation_transfers_by_account ON donation_transfers (stripe_account_id, created_at);

    -- A window's plan for one charity, fixed by its first run: a re-run (after a crash) sends the same
    -- donations under the same idempotency key, and a charity is paid at most once per window.
    CREATE TABLE transfer_window_plans (
      window_id text NOT NULL,
      ein text NOT NULL,
      attempt integer NOT NULL,
      donation_ids uuid[] NOT NULL,
      amount_cents bigint NOT NULL CHECK (amount_cents > 0),
      created_at timestamptz NOT NULL,
      PRIMARY KEY (window_id, ein)
    );
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE transfer_window_plans; DROP TABLE donation_transfers; DROP TABLE donation_processor_checkpoints;`.execute(
    db,
  );
}
