import { sql, type Kysely } from 'kysely';

// A signed-in member changing their email or phone: the same sessions and one-time codes as sign-up
// and login, with two more purposes. The session holds the member (account_id) and the new value.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE auth_sessions
      DROP CONSTRAINT auth_sessions_purpose_check,
      ADD CONSTRAINT auth_sessions_purpose_check
        CHECK (purpose IN ('signup', 'login', 'email_change', 'phone_change'));
    CREATE INDEX auth_sessions_account ON auth_sessions (account_id, purpose) WHERE account_id IS NOT NULL;
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    DELETE FROM auth_sessions WHERE purpose IN ('email_change', 'phone_change');
    DROP INDEX auth_sessions_account;
    ALTER TABLE auth_sessions
      DROP CONSTRAINT auth_sessions_purpose_check,
      ADD CONSTRAINT auth_sessions_purpose_check CHECK (purpose IN ('signup', 'login'));
  `.execute(db);
}
