import { sql, type Kysely } from 'kysely';

// Roles an operator grants a member (today only 'finance': the full ledger export and reconciliation).
// State, not history: a revoke deletes the row; who granted it and when stay on the row while it lives.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE member_roles (
      member_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
      role text NOT NULL CHECK (role IN ('finance')),
      granted_at timestamptz NOT NULL,
      granted_by text NOT NULL,
      PRIMARY KEY (member_id, role)
    );
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE member_roles`.execute(db);
}
