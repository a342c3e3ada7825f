import { sql, type Kysely } from 'kysely';

// The pair a refresh token was rotated into, sealed with a key only that token's holder can derive,
// so a second tab presenting the same token within a few seconds gets the same pair instead of
// revoking the sign-in. Cleared once used.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE refresh_tokens ADD COLUMN successor_sealed text`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE refresh_tokens DROP COLUMN successor_sealed`.execute(db);
}
