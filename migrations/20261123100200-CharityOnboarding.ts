import { sql, type Kysely } from 'kysely';

// Charity onboarding (issue 11). The charity itself lives in its event stream (charity-{ein}); these are
// the state tables around it:
// - charity_onboardings: which stream a charity id names and who manages it, written as the stream's
//   first event lands, so the onboarding routes and the payment webhooks find a charity by id or by
//   connected account at once, without waiting for a read model;
// - charity_onboarding_codes: the step 4 email codes, hashed, one live code per charity;
// - charity_impact_stories: what a charity's manager publishes on its profile.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE charity_onboardings (
      charity_id uuid PRIMARY KEY,
      ein text NOT NULL UNIQUE,
      manager_id uuid NOT NULL,
      stripe_account_id text UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX charity_onboardings_manager ON charity_onboardings (manager_id, created_at DESC);

    CREATE TABLE charity_onboarding_codes (
      id uuid PRIMARY KEY,
      charity_id uuid NOT NULL REFERENCES charity_onboardings(charity_id) ON DELETE CASCADE,
      code_hash text NOT NULL,
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      failed_attempts integer NOT NULL DEFAULT 0,
      consumed_at timestamptz,
      superseded_at timestamptz
    );
    CREATE UNIQUE INDEX charity_onboarding_codes_live ON charity_onboarding_codes (charity_id)
      WHERE superseded_at IS NULL;

    CREATE TABLE charity_impact_stories (
      id uuid PRIMARY KEY,
      charity_id uuid NOT NULL REFERENCES charity_onboardings(charity_id) ON DELETE CASCADE,
      title text NOT NULL,
      caption text NOT NULL,
      video_url text,
      -- The same story sent twice (a retried request) is stored once.
      content_hash text NOT NULL,
      published_by uuid NOT NULL,
      published_at timestamptz NOT NULL,
      UNIQUE (charity_id, content_hash)
    );
    CREATE INDEX charity_impact_stories_newest ON charity_impact_stories (charity_id, published_at DESC);
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    DROP TABLE charity_impact_stories;
    DROP TABLE charity_onboarding_codes;
    DROP TABLE charity_onboardings;
  `.execute(db);
}
