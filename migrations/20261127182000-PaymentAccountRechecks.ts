import { sql, type Kysely } from 'kysely';

// Payout accounts verified without depending on one webhook (issue 20): which connected accounts are still
// pending, and when each was last asked about, so the return from the provider's onboarding and the
// re-check job ask the provider (retrieve the account) rather than wait for account.updated.
// - charity_onboardings.payouts_enabled: what the charity's stream last recorded (written with it by both
//   the account.updated handler and the re-check); existing rows start false, so the job asks about each
//   once and corrects it (a handful of provider reads, spread over its bounded batches).
// - account_checked_at / checked_at: when the provider was last asked; the job takes the oldest first, and
//   a return claims the row for 10 seconds so a burst of returns asks once.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE charity_onboardings
      ADD COLUMN payouts_enabled boolean NOT NULL DEFAULT false,
      ADD COLUMN account_checked_at timestamptz;
    CREATE INDEX charity_onboardings_pending_accounts
      ON charity_onboardings (account_checked_at NULLS FIRST, created_at)
      WHERE stripe_account_id IS NOT NULL AND NOT payouts_enabled;
    ALTER TABLE member_payout_accounts ADD COLUMN checked_at timestamptz;
    CREATE INDEX member_payout_accounts_onboarding
      ON member_payout_accounts (checked_at NULLS FIRST, created_at)
      WHERE status = 'onboarding';
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    DROP INDEX member_payout_accounts_onboarding;
    ALTER TABLE member_payout_accounts DROP COLUMN checked_at;
    DROP INDEX charity_onboardings_pending_accounts;
    ALTER TABLE charity_onboardings DROP COLUMN account_checked_at, DROP COLUMN payouts_enabled;
  `.execute(db);
}
