import { sql, type Kysely } from 'kysely';

// Issue 20 (Connect money), the local driver's state only (Stripe keeps its own): what a connected account's
// Stripe balance holds. A transfer lands on the destination as a `payment` (source a `py_local_…` charge whose
// source_transfer is the tr id); a payout sweeps the account's unswept balance transactions (payout_id), a failed
// one gives its funds back as a `payout_failure` that a later payout sweeps; a transfer reversal (trr_local_…)
// debits the account (`payment_refund`) and credits the platform (`transfer_reversal`, source the trr id).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE payment_local_transfers
      ADD COLUMN source_transaction text,
      ADD COLUMN destination_payment text,
      ADD COLUMN amount_reversed integer NOT NULL DEFAULT 0`.execute(db);
  await sql`
    ALTER TABLE payment_local_transfers
      ADD CONSTRAINT payment_local_transfers_reversed_within CHECK (amount_reversed BETWEEN 0 AND amount_cents)`.execute(
    db,
  );
  await sql`UPDATE payment_local_transfers SET amount_reversed = amount_cents WHERE reversed`.execute(db);
  await sql`CREATE INDEX payment_local_transfers_group ON payment_local_transfers (transfer_group)`.execute(db);

  await sql`
    CREATE TABLE payment_local_transfer_reversals (
      id text PRIMARY KEY,
      transfer_id text NOT NULL REFERENCES payment_local_transfers (id),
      amount_cents integer NOT NULL CHECK (amount_cents > 0),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX payment_local_transfer_reversals_transfer ON payment_local_transfer_reversals (transfer_id)`.execute(
    db,
  );

  await sql`
    CREATE TABLE payment_local_payouts (
      id text PRIMARY KEY,
      account_id text NOT NULL REFERENCES payment_local_accounts (id),
      amount_cents integer NOT NULL CHECK (amount_cents > 0),
      status text NOT NULL CHECK (status IN ('paid', 'failed')),
      failure_code text,
      failure_message text,
      bank_account_last4 text,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX payment_local_payouts_account ON payment_local_payouts (account_id)`.execute(db);

  await sql`
    CREATE TABLE payment_local_account_balance_transactions (
      id text PRIMARY KEY,
      account_id text NOT NULL REFERENCES payment_local_accounts (id),
      type text NOT NULL CHECK (type IN ('payment', 'payment_refund', 'payout', 'payout_failure')),
      amount_cents integer NOT NULL,
      source_id text NOT NULL,
      source_transfer text,
      payout_id text,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (type, source_id)
    )`.execute(db);
  await sql`
    CREATE INDEX payment_local_account_balance_transactions_unswept
      ON payment_local_account_balance_transactions (account_id) WHERE payout_id IS NULL`.execute(db);
  await sql`
    CREATE INDEX payment_local_account_balance_transactions_payout
      ON payment_local_account_balance_transactions (payout_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE payment_local_account_balance_transactions`.execute(db);
  await sql`DROP TABLE payment_local_payouts`.execute(db);
  await sql`DROP TABLE payment_local_transfer_reversals`.execute(db);
  await sql`DROP INDEX payment_local_transfers_group`.execute(db);
  await sql`
    ALTER TABLE payment_local_transfers
      DROP CONSTRAINT payment_local_transfers_reversed_within,
      DROP COLUMN source_transaction,
      DROP COLUMN destination_payment,
      DROP COLUMN amount_reversed`.execute(db);
}
