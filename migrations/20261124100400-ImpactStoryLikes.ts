import { sql, type Kysely } from 'kysely';

// A like is state, not history: one row per member and story, however often it is clicked. A story's
// likes go with it, and a purged member's with them.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE impact_story_likes (
      story_id uuid NOT NULL REFERENCES charity_impact_stories (id) ON DELETE CASCADE,
      member_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
      liked_at timestamptz NOT NULL,
      PRIMARY KEY (story_id, member_id)
    );
    CREATE INDEX impact_story_likes_by_member ON impact_story_likes (member_id);
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE impact_story_likes`.execute(db);
}
