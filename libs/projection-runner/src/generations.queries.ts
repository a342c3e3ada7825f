import { sql, type Generated, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { GlobalPosition, RecordedEvent } from '@arena/event-store';
import type { Projector, TableNames } from './projector';

interface ProjectionGenerationsTable {
  name: string;
  generation: number;
  version: number;
  status: GenerationStatus;
  position_commit: Generated<string>;
  position_prepare: Generated<string>;
  events_applied: Generated<number>;
  last_error: Generated<string | null>;
  last_error_at: Generated<Date | null>;
  failed_event_id: Generated<string | null>;
  consecutive_failures: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

interface Tables {
  projection_generations: ProjectionGenerationsTable;
}

export type GenerationStatus = 'active' | 'building' | 'retired';

export interface Generation {
  name: string;
  generation: number;
  version: number;
  status: GenerationStatus;
  position: GlobalPosition;
  eventsApplied: number;
  lastError: string | null;
  lastErrorAt: Date | null;
  failedEventId: string | null;
  consecutiveFailures: number;
  updatedAt: Date;
}

type Db = Kysely<any> | Transaction<any>;
const typed = (db: Db) => db as unknown as Kysely<Tables>;

export function physicalNames<Base extends string>(
  projector: Projector<Base>,
  generation: number,
): TableNames<Base> {
  return Object.fromEntries(
    projector.tables.map((base) => [base, `${base}_g${generation}`]),
  ) as TableNames<Base>;
}

function toGeneration(row: Selectable<ProjectionGenerationsTable>): Generation {
  return {
    name: row.name,
    generation: row.generation,
    version: row.version,
    status: row.status,
    position: { commit: BigInt(row.position_commit), prepare: BigInt(row.position_prepare) },
    eventsApplied: row.events_applied,
    lastError: row.last_error,
    lastErrorAt: row.last_error_at,
    failedEventId: row.failed_event_id,
    consecutiveFailures: row.consecutive_failures,
    updatedAt: row.updated_at,
  };
}

export async function loadGenerations(db: Db, name?: string): Promise<Generation[]> {
  let query = typed(db).selectFrom('projection_generations').selectAll().where('status', '<>', 'retired');
  if (name !== undefined) query = query.where('name', '=', name);
  const rows = await query.orderBy('name').orderBy('generation').execute();
  return rows.map(toGeneration);
}

/** Serialises generation changes of one projector (creation, swap) across processes. */
async function lockProjector(trx: Transaction<any>, name: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`projection-generations:${name}`}))`.execute(trx);
}

async function replaceViews(trx: Transaction<any>, projector: Projector, generation: number): Promise<void> {
  for (const base of projector.tables) {
    await sql`DROP VIEW IF EXISTS ${sql.table(base)}`.execute(trx);
    await sql`CREATE VIEW ${sql.table(base)} AS SELECT * FROM ${sql.table(`${base}_g${generation}`)}`.execute(
      trx,
    );
  }
}

/**
 * Creates the next generation's row and tables in one transaction. An `active` one (the very first
 * generation, when nothing serves yet) also gets the views at once: an empty read model is correct
 * for a log nobody has applied.
 */
export async function createGeneration(
  db: Kysely<any>,
  projector: Projector,
  status: 'active' | 'building',
): Promise<Generation> {
  return db.transaction().execute(async (trx) => {
    await lockProjector(trx, projector.name);
    const existing = await typed(trx)
      .selectFrom('projection_generations')
      .selectAll()
      .where('name', '=', projector.name)
      .where('status', '=', status)
      .executeTakeFirst();
    if (existing) return toGeneration(existing);
    const { max } = await typed(trx)
      .selectFrom('projection_generations')
      .select((eb) => eb.fn.max('generation').as('max'))
      .where('name', '=', projector.name)
      .executeTakeFirstOrThrow();
    const generation = (max ?? 0) + 1;
    const row = await typed(trx)
      .insertInto('projection_generations')
      .values({ name: projector.name, generation, version: projector.version, status })
      .returningAll()
      .executeTakeFirstOrThrow();
    const names = physicalNames(projector, generation);
    await projector.createTables(trx, names);
    if (status === 'active') {
      await projector.createIndexes?.(trx, names);
      await replaceViews(trx, projector, generation);
    }
    return toGeneration(row);
  });
}

/**
 * Lets a rebuild's batch commit without waiting for its WAL flush. Safe for a generation still being
 * built: a crash loses the last batches' rows and their checkpoint together (one transaction), and the
 * rebuild resumes from the checkpoint that was flushed. Never for the serving generation, whose
 * committed batches were already announced.
 */
export async function skipFlushWait(trx: Transaction<any>): Promise<void> {
  await sql`SET LOCAL synchronous_commit = off`.execute(trx);
}

/**
 * Compare-and-set of the checkpoint, inside the transaction that applied the batch: it fails (and
 * the caller rolls everything back) when another runner moved the checkpoint or the generation was
 * retired meanwhile.
 */
export async function advanceCheckpoint(
  trx: Transaction<any>,
  generation: Generation,
  from: GlobalPosition,
  to: GlobalPosition,
  applied: number,
): Promise<boolean> {
  const result = await typed(trx)
    .updateTable('projection_generations')
    .set((eb) => ({
      position_commit: to.commit.toString(),
      position_prepare: to.prepare.toString(),
      events_applied: eb('events_applied', '+', applied),
      consecutive_failures: 0,
      failed_event_id: null,
      updated_at: sql<Date>`now()`,
    }))
    .where('name', '=', generation.name)
    .where('generation', '=', generation.generation)
    .where('status', '=', generation.status)
    .where('position_commit', '=', from.commit.toString())
    .where('position_prepare', '=', from.prepare.toString())
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Returns false when the generation is no longer the caller's (retired or moved on). */
export function recordFailure(
  db: Kysely<any>,
  generation: Generation,
  at: GlobalPosition,
  event: RecordedEvent,
  error: string,
): Promise<boolean> {
  return markFailing(db, generation, at, error, event.id);
}

/**
 * The log could not be read at the checkpoint: reported like a failing event, with no event named.
 * An event failure already recorded keeps its event id (the runner is still stuck at it).
 * Returns false when the generation is no longer the caller's.
 */
export function recordReadFailure(
  db: Kysely<any>,
  generation: Generation,
  at: GlobalPosition,
  error: string,
): Promise<boolean> {
  return markFailing(db, generation, at, error, undefined);
}

async function markFailing(
  db: Kysely<any>,
  generation: Generation,
  at: GlobalPosition,
  error: string,
  failedEventId: string | undefined,
): Promise<boolean> {
  const result = await typed(db)
    .updateTable('projection_generations')
    .set((eb) => ({
      last_error: error,
      last_error_at: sql<Date>`now()`,
      ...(failedEventId === undefined ? {} : { failed_event_id: failedEventId }),
      consecutive_failures: eb('consecutive_failures', '+', 1),
      updated_at: sql<Date>`now()`,
    }))
    .where('name', '=', generation.name)
    .where('generation', '=', generation.generation)
    .where('status', '=', generation.status)
    .where('position_commit', '=', at.commit.toString())
    .where('position_prepare', '=', at.prepare.toString())
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/**
 * The log reads again: ends a failure that only reads caused. One stuck at an event stays until
 * that event applies (advanceCheckpoint) or fails again (recordFailure).
 */
export async function clearReadFailure(db: Kysely<any>, generation: Generation): Promise<void> {
  await typed(db)
    .updateTable('projection_generations')
    .set({ consecutive_failures: 0, updated_at: sql<Date>`now()` })
    .where('name', '=', generation.name)
    .where('generation', '=', generation.generation)
    .where('status', '=', generation.status)
    .where('failed_event_id', 'is', null)
    .where('consecutive_failures', '>', 0)
    .execute();
}

/**
 * Makes a caught-up building generation the one readers see: views re-pointed and statuses
 * swapped in one transaction, so a reader sees either the old tables or the new ones, never a mix.
 * Returns the retired generation's number (its tables are dropped afterwards), or null.
 */
export async function promoteGeneration(
  db: Kysely<any>,
  projector: Projector,
  building: Generation,
): Promise<{ retired: number | null }> {
  return db.transaction().execute(async (trx) => {
    await lockProjector(trx, projector.name);
    const rows = await typed(trx)
      .selectFrom('projection_generations')
      .selectAll()
      .where('name', '=', projector.name)
      .where('status', 'in', ['active', 'building'])
      .forUpdate()
      .execute();
    const current = rows.find((row) => row.generation === building.generation && row.status === 'building');
    if (!current)
      throw new Error(`${projector.name}: generation ${building.generation} is no longer building`);
    const active = rows.find((row) => row.status === 'active');
    if (active) {
      await typed(trx)
        .updateTable('projection_generations')
        .set({ status: 'retired', updated_at: sql<Date>`now()` })
        .where('name', '=', projector.name)
        .where('generation', '=', active.generation)
        .execute();
    }
    await typed(trx)
      .updateTable('projection_generations')
      .set({ status: 'active', updated_at: sql<Date>`now()` })
      .where('name', '=', projector.name)
      .where('generation', '=', building.generation)
      .execute();
    await replaceViews(trx, projector, building.generation);
    return { retired: active?.generation ?? null };
  });
}

/** Drops a retired or abandoned generation's tables and forgets its row. */
export async function dropGeneration(
  db: Kysely<any>,
  projector: Projector,
  generation: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockProjector(trx, projector.name);
    for (const table of Object.values<string>(physicalNames(projector, generation))) {
      await sql`DROP TABLE IF EXISTS ${sql.table(table)}`.execute(trx);
    }
    await typed(trx)
      .deleteFrom('projection_generations')
      .where('name', '=', projector.name)
      .where('generation', '=', generation)
      .where('status', '<>', 'active')
      .execute();
  });
}
