import { sql, type Kysely } from 'kysely';

// The reward the referrer chose on the link a member signed up with (1 recurring, 2 one-time),
// kept beside the referral code until the referrals context turns both into its events.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE accounts ADD COLUMN referral_option smallint CHECK (referral_option IN (1, 2));
    ALTER TABLE auth_sessions ADD COLUMN referral_option smallint CHECK (referral_option IN (1, 2));
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE accounts DROP COLUMN referral_option;
    ALTER TABLE auth_sessions DROP COLUMN referral_option;
  `.execute(db);
}
