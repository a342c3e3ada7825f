import { sql, type Kysely } from 'kysely';

// State beside the referral events (issue 13): who refers anyone (the monthly payout's list), the guard of
// each member's monthly payout, and members' payout accounts for referral rewards.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    -- A member with at least one referral registered: the payout run goes through these.
    CREATE TABLE referral_referrers (
      member_id uuid PRIMARY KEY,
      first_referral_at timestamptz NOT NULL
    );

    -- A month's payout of one member, fixed by its first run before any money moves: a re-run (after a
    -- crash, or a second run of the job) sends the same rewards and amount under the same idempotency key,
    -- and a member is paid at most once per month.
    CREATE TABLE referral_payouts (
      member_id uuid NOT NULL,
      month text NOT NULL CHECK (month ~ '^[0-9]{4}-[0-9]{2}$'),
      reward_ids text[] NOT NULL,
      gross_cents bigint NOT NULL CHECK (gross_cents > 0),
      clawback_cents bigint NOT NULL CHECK (clawback_cents >= 0),
      amount_cents bigint NOT NULL CHECK (amount_cents >= 0),
      destination_account_id text NOT NULL,
      transfer_id text,
      created_at timestamptz NOT NULL,
      paid_at timestamptz,
      PRIMARY KEY (member_id, month)
    );

    -- A member's payout account for referral rewards (a Connect account, like a charity's).
    CREATE TABLE member_payout_accounts (
      member_id uuid PRIMARY KEY,
      account_id text NOT NULL UNIQUE,
      status text NOT NULL CHECK (status IN ('onboarding', 'ready')),
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    );
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE member_payout_accounts; DROP TABLE referral_payouts; DROP TABLE referral_referrers;`.execute(
    db,
  );
}
