import { sql, type Kysely } from 'kysely';

// Every key that signed the ledger's checkpoints (issue 22), so a checkpoint signed before a key rotation stays
// verifiable: GET /api/ledger/keys reads this small table, never the checkpoints. The API registers its key
// (public half only) at start and widens first/last_tree_size as it signs. Keys seen in checkpoints signed
// before this table existed are backfilled with their sizes; their public half was never stored, so it stays
// null unless the running key is one of them (the API fills it in at start).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE ledger_keys (
      key_id text PRIMARY KEY,
      algorithm text NOT NULL DEFAULT 'Ed25519',
      public_key text,
      first_tree_size bigint,
      last_tree_size bigint,
      registered_at timestamptz NOT NULL DEFAULT now()
    );
    INSERT INTO ledger_keys (key_id, first_tree_size, last_tree_size)
      SELECT key_id, min(tree_size), max(tree_size) FROM ledger_checkpoints GROUP BY key_id;
  `.execute(db);
}
