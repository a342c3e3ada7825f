import { sql, type Kysely } from 'kysely';

// One checkpoint table for every reactor (libs/projection-runner's ReactionRunner). The donation and
// referral followers kept theirs in donation_processor_checkpoints under the names their reactors keep
// ('donations_prize_flow', 'referrals_accrual'): their rows move over, so a deployed worker resumes
// where it was instead of reacting to the whole log again. last_error says why a reactor is stuck
// retrying an event (cleared when the event goes through).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE reactor_checkpoints (
      name text PRIMARY KEY,
      commit_position bigint NOT NULL,
      prepare_position bigint NOT NULL,
      updated_at timestamptz NOT NULL,
      last_error text,
      last_error_at timestamptz
    );
    INSERT INTO reactor_checkpoints (name, commit_position, prepare_position, updated_at)
      SELECT name, commit_position, prepare_position, updated_at FROM donation_processor_checkpoints;
    DROP TABLE donation_processor_checkpoints;
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE donation_processor_checkpoints (
      name text PRIMARY KEY,
      commit_position bigint NOT NULL,
      prepare_position bigint NOT NULL,
      updated_at timestamptz NOT NULL
    );
    INSERT INTO donation_processor_checkpoints (name, commit_position, prepare_position, updated_at)
      SELECT name, commit_position, prepare_position, updated_at FROM reactor_checkpoints;
    DROP TABLE reactor_checkpoints;
  `.execute(db);
}
