import { sql, type Kysely } from 'kysely';

/**
 * One row per generation of each read model: its checkpoint (compared and set in the transaction
 * that applies a batch) and its health. At most one active generation per projector serves reads
 * through views; at most one building generation is being filled by a rebuild.
 * Positions are numeric because EventStoreDB positions are unsigned 64-bit.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE projection_generations (
      name text NOT NULL,
      generation integer NOT NULL CHECK (generation > 0),
      version integer NOT NULL,
      status text NOT NULL CHECK (status IN ('active', 'building', 'retired')),
      position_commit numeric(20, 0) NOT NULL DEFAULT -1,
      position_prepare numeric(20, 0) NOT NULL DEFAULT -1,
      events_applied bigint NOT NULL DEFAULT 0,
      last_error text,
      last_error_at timestamptz,
      failed_event_id text,
      consecutive_failures integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (name, generation)
    );
    CREATE UNIQUE INDEX projection_generations_one_active ON projection_generations (name) WHERE status = 'active';
    CREATE UNIQUE INDEX projection_generations_one_building ON projection_generations (name) WHERE status = 'building';
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE projection_generations`.execute(db);
}
