import { sql, type Kysely } from 'kysely';

// A member's avatar: one small image per account, replaced whole. Kept in PostgreSQL because it is
// small (the API caps it) and the product has no object store.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE account_avatars (
      account_id uuid PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
      content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg', 'image/webp')),
      image bytea NOT NULL,
      updated_at timestamptz NOT NULL
    );
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE account_avatars`.execute(db);
}
