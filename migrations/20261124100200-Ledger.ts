import { sql, type Kysely } from 'kysely';

// The ledger's signed checkpoints: history, never edited or deleted. One per tree size, so a repeated
// signing of an unchanged ledger finds its row and adds nothing.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE ledger_checkpoints (
      tree_size bigint PRIMARY KEY CHECK (tree_size >= 0),
      root_hash text NOT NULL CHECK (root_hash ~ '^[0-9a-f]{64}$'),
      timestamp text NOT NULL,
      key_id text NOT NULL,
      signature text NOT NULL
    );
  `.execute(db);
}
