import { sql, type Kysely } from 'kysely';

// Issue 23: the replay material of every verified play (docs/fair-play.md, "Watching a run"). The result
// handler writes one row once the decider recorded the play's score; the run calls read one row by its
// play id, or one member's rows in one tournament (the index), never the table.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE verified_runs (
      play_id uuid PRIMARY KEY,
      tournament_id uuid NOT NULL,
      user_id uuid NOT NULL,
      username text NOT NULL,
      game text NOT NULL,
      seed text,
      step_seeds integer[],
      packed_log text NOT NULL,
      score integer NOT NULL,
      completed boolean NOT NULL,
      duration_ms integer NOT NULL,
      verified_at timestamptz NOT NULL
    );
    CREATE INDEX verified_runs_tournament_user ON verified_runs (tournament_id, user_id);
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE verified_runs`.execute(db);
}
