import { sql, type Kysely } from 'kysely';

// Issue 21, one live subscription per member: the subscription checkouts each member opened, so a new one
// expires the member's older ones still open (a member who pays two open checkouts would hold two
// subscriptions). `seq` orders a member's checkouts (the newer wins); `closed_at` is set when a newer
// checkout took the row over, so the partial index holds only checkouts not yet replaced.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE subscription_checkouts (
      session_id text PRIMARY KEY,
      member_id uuid NOT NULL,
      seq bigserial NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      closed_at timestamptz
    );
    CREATE INDEX subscription_checkouts_open ON subscription_checkouts (member_id, seq) WHERE closed_at IS NULL;
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE subscription_checkouts`.execute(db);
}
