import { sql, type Kysely } from 'kysely';
import { START, type GlobalPosition } from '@arena/event-store';

/** Where a reactor is in the log: START before its first event. One row per reactor, read by key. */
export async function loadReactorCheckpoint(db: Kysely<any>, name: string): Promise<GlobalPosition> {
  const row = await db
    .selectFrom('reactor_checkpoints')
    .select(['commit_position', 'prepare_position'])
    .where('name', '=', name)
    .executeTakeFirst();
  return row ? { commit: BigInt(row.commit_position), prepare: BigInt(row.prepare_position) } : START;
}

/**
 * Moves a reactor's checkpoint forward, never back: a runner that lost its lock and saves late cannot
 * undo the progress of the one that took over. False when the stored position was already as far.
 */
export async function advanceReactorCheckpoint(
  db: Kysely<any>,
  name: string,
  position: GlobalPosition,
): Promise<boolean> {
  const result = await sql`
    INSERT INTO reactor_checkpoints AS stored (name, commit_position, prepare_position, updated_at)
    VALUES (${name}, ${position.commit.toString()}, ${position.prepare.toString()}, now())
    ON CONFLICT (name) DO UPDATE
      SET commit_position = excluded.commit_position,
          prepare_position = excluded.prepare_position,
          updated_at = excluded.updated_at,
          last_error = NULL,
          last_error_at = NULL
      WHERE (stored.commit_position, stored.prepare_position)
          < (excluded.commit_position, excluded.prepare_position)`.execute(db);
  return Number(result.numAffectedRows ?? 0) > 0;
}

/** Why the reactor is stuck retrying an event, for operators (SELECT * FROM reactor_checkpoints). */
export async function recordReactorFailure(db: Kysely<any>, name: string, error: string): Promise<void> {
  await sql`
    INSERT INTO reactor_checkpoints AS stored
      (name, commit_position, prepare_position, updated_at, last_error, last_error_at)
    VALUES (${name}, ${START.commit.toString()}, ${START.prepare.toString()}, now(), ${error}, now())
    ON CONFLICT (name) DO UPDATE SET last_error = excluded.last_error, last_error_at = excluded.last_error_at`.execute(
    db,
  );
}
