import { sql, type Kysely } from 'kysely';

// A member may close their account (issue 13): signed out at once, personal data erased `erase_after`
// (30 days, as the privacy policy says). Until then the row stays, so money already moving keeps its
// member; referral rewards of a closed account are voided.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE accounts
      ADD COLUMN closed_at timestamptz,
      ADD COLUMN erase_after timestamptz,
      ADD COLUMN erased_at timestamptz;
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE accounts DROP COLUMN closed_at, DROP COLUMN erase_after, DROP COLUMN erased_at`.execute(
    db,
  );
}
