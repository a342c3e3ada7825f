import { sql, type Kysely } from 'kysely';

// When each of a member's two addresses last changed: after one changes, the other stays fixed for
// a day (see libs/identity's contact-change rules).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE accounts
      ADD COLUMN email_changed_at timestamptz,
      ADD COLUMN phone_changed_at timestamptz
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE accounts DROP COLUMN email_changed_at, DROP COLUMN phone_changed_at`.execute(db);
}
