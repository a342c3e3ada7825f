import { sql, type Kysely } from 'kysely';

// Security & Settings lists a member's active sign-ins by device and address (issue 13): each sign-in
// (refresh-token family) keeps the user agent and address it was created from. Sign-ins made before
// this have neither and show as 'Unknown device'.
//
// `erased_members` is the one place read models learn that a member's personal data was erased: their
// rows keep the name the events carried (events are never edited), and their queries show the erased
// name instead (docs/security.md, "Privacy").
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE refresh_token_families
      ADD COLUMN user_agent text,
      ADD COLUMN ip_address text;
  `.execute(db);
  await sql`
    CREATE TABLE erased_members (
      member_id uuid PRIMARY KEY,
      erased_name text NOT NULL,
      erased_at timestamptz NOT NULL
    );
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE erased_members`.execute(db);
  await sql`ALTER TABLE refresh_token_families DROP COLUMN user_agent, DROP COLUMN ip_address`.execute(db);
}
