import { sql, type Kysely } from 'kysely';

// Sign-up and login sessions, their one-time codes, refresh-token families, and what a member
// agreed to at sign-up. State-based: none of it moves money or decides a result.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE accounts
      ADD COLUMN referred_by_code text,
      ADD COLUMN terms_version text,
      ADD COLUMN terms_accepted_at timestamptz,
      ADD COLUMN confirmed_adult_in_us boolean NOT NULL DEFAULT false;

    CREATE TABLE auth_sessions (
      id uuid PRIMARY KEY,
      purpose text NOT NULL CHECK (purpose IN ('signup', 'login')),
      -- A login for an unknown email or phone still gets a session (so it answers like a known one) with no account.
      account_id uuid REFERENCES accounts (id) ON DELETE CASCADE,
      username citext,
      email citext,
      phone_number text,
      referred_by_code text,
      terms_version text,
      terms_accepted_at timestamptz,
      email_verified_at timestamptz,
      phone_verified_at timestamptz,
      completed_at timestamptz,
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL
    );
    CREATE INDEX auth_sessions_expires_at ON auth_sessions (expires_at);

    CREATE TABLE auth_codes (
      id uuid PRIMARY KEY,
      session_id uuid NOT NULL REFERENCES auth_sessions (id) ON DELETE CASCADE,
      channel text NOT NULL CHECK (channel IN ('email', 'phone')),
      code_hash text NOT NULL,
      failed_attempts integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      consumed_at timestamptz,
      superseded_at timestamptz
    );
    -- At most one live code per session and channel: a resend supersedes the previous one.
    CREATE UNIQUE INDEX auth_codes_live ON auth_codes (session_id, channel) WHERE superseded_at IS NULL;

    CREATE TABLE refresh_token_families (
      id uuid PRIMARY KEY,
      account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      revoked_at timestamptz,
      revoked_reason text
    );
    CREATE INDEX refresh_token_families_account ON refresh_token_families (account_id);
    CREATE INDEX refresh_token_families_expires_at ON refresh_token_families (expires_at);

    CREATE TABLE refresh_tokens (
      token_hash text PRIMARY KEY,
      family_id uuid NOT NULL REFERENCES refresh_token_families (id) ON DELETE CASCADE,
      issued_at timestamptz NOT NULL,
      used_at timestamptz
    );
    CREATE INDEX refresh_tokens_family ON refresh_tokens (family_id);
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    DROP TABLE refresh_tokens;
    DROP TABLE refresh_token_families;
    DROP TABLE auth_codes;
    DROP TABLE auth_sessions;
    ALTER TABLE accounts
      DROP COLUMN referred_by_code,
      DROP COLUMN terms_version,
      DROP COLUMN terms_accepted_at,
      DROP COLUMN confirmed_adult_in_us;
  `.execute(db);
}
