import { sql, type Kysely } from 'kysely';

// Issue 21, a charity is who it says it is. An EIN can now be onboarded again (its last onboarding
// expired, or an operator rejected or released it), so charity_onboardings keeps one row per onboarding
// and the EIN is unique among the live ones only (closed_at: superseded by a newer onboarding of the EIN
// or ended by an operator). `review` mirrors the stream's review state (NONE, PENDING, APPROVED) so the
// operators' queue is one index scan.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE charity_onboardings DROP CONSTRAINT charity_onboardings_ein_key;
    ALTER TABLE charity_onboardings ADD COLUMN closed_at timestamptz;
    ALTER TABLE charity_onboardings ADD COLUMN review text NOT NULL DEFAULT 'NONE';
    CREATE UNIQUE INDEX charity_onboardings_live_ein ON charity_onboardings (ein) WHERE closed_at IS NULL;
    CREATE INDEX charity_onboardings_review_queue ON charity_onboardings (created_at)
      WHERE review = 'PENDING' AND closed_at IS NULL;
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    DROP INDEX charity_onboardings_review_queue;
    DROP INDEX charity_onboardings_live_ein;
    DELETE FROM charity_onboardings WHERE closed_at IS NOT NULL;
    ALTER TABLE charity_onboardings DROP COLUMN review;
    ALTER TABLE charity_onboardings DROP COLUMN closed_at;
    ALTER TABLE charity_onboardings ADD CONSTRAINT charity_onboardings_ein_key UNIQUE (ein);
  `.execute(db);
}
