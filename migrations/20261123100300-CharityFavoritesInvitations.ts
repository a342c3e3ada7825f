import { sql, type Kysely } from 'kysely';

// Favorites and invitations are state, not history: a member's hearts (one per EIN, however often
// it is clicked) and the invitations emailed to organizations (one row per address and organization,
// so a repeated invitation inside the quiet period finds its row and sends nothing).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE charity_favorites (
      id uuid PRIMARY KEY,
      account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
      ein text NOT NULL CHECK (ein ~ '^[0-9]{9}$'),
      name text NOT NULL,
      logo_url text,
      category text,
      created_at timestamptz NOT NULL,
      UNIQUE (account_id, ein)
    );
    CREATE INDEX charity_favorites_by_account ON charity_favorites (account_id, created_at DESC);

    CREATE TABLE charity_invitations (
      id uuid PRIMARY KEY,
      email text NOT NULL,
      organization_key text NOT NULL,
      organization_name text NOT NULL,
      ein text CHECK (ein ~ '^[0-9]{9}$'),
      invited_by uuid REFERENCES accounts (id) ON DELETE SET NULL,
      times_invited integer NOT NULL,
      first_invited_at timestamptz NOT NULL,
      last_invited_at timestamptz NOT NULL,
      last_emailed_at timestamptz,
      -- Which call claimed the current email: the one that reads its own claim back sends it.
      email_claim uuid,
      UNIQUE (email, organization_key)
    );

    -- An email may carry an HTML part beside its plain text (the invitation does); older messages have none.
    ALTER TABLE notification_outbox ADD COLUMN html_body text;
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE notification_outbox DROP COLUMN html_body;
    DROP TABLE charity_invitations;
    DROP TABLE charity_favorites`.execute(db);
}
