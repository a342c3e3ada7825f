import { sql, type Kysely } from 'kysely';

// Members as the accounts context stores them (state-based: not money, not a result).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE EXTENSION IF NOT EXISTS citext;
    CREATE TABLE accounts (
      id uuid PRIMARY KEY,
      username citext NOT NULL UNIQUE,
      email citext NOT NULL UNIQUE,
      phone_number text NOT NULL UNIQUE,
      referral_code text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now()
    );
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE accounts`.execute(db);
}
