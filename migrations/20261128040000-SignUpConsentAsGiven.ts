import { sql, type Kysely } from 'kysely';

// Issue 23: the spec's own sign-up call carries no consent, and is no longer refused for it. A sign-up
// session now keeps whether its adult-in-the-US box was ticked, as the account does; a session started
// before this change was refused without it, so every one of those had it ticked.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE auth_sessions ADD COLUMN confirmed_adult_in_us boolean NOT NULL DEFAULT true;
    ALTER TABLE auth_sessions ALTER COLUMN confirmed_adult_in_us SET DEFAULT false;
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE auth_sessions DROP COLUMN confirmed_adult_in_us`.execute(db);
}
