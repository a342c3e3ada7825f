import type { LoggerService } from '@nestjs/common';
import { sql, type Kysely } from 'kysely';
import type { Pool } from 'pg';
import { PostgresEventStore } from '@arena/event-store';

/** For specs, benchmarks and child processes that run projections: a logger that keeps quiet. */
export const silentLogger: LoggerService = {
  log: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

/** Resolves once check() holds, re-checking every 50 ms; fails after timeoutMs. */
export async function eventually(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * An event store on a test database's pool whose idle subscriptions re-read every 50 ms, so a spec
 * never waits long on a missed wake-up. Close it before dropping the database.
 */
export function testEventStore(database: { url: string; pool: Pool }): PostgresEventStore {
  return new PostgresEventStore({ connectionString: database.url, pool: database.pool, pollIntervalMs: 50 });
}

/** Backend pids holding the runner lock on `key` (at most one while locking works). */
export async function lockHolders(db: Kysely<any>, key: string): Promise<number[]> {
  const { rows } = await sql<{ pid: number }>`
    SELECT pid FROM pg_locks
    WHERE locktype = 'advisory' AND granted AND objsubid = 2 AND objid = hashtext(${key})::oid`.execute(db);
  return rows.map((row) => row.pid);
}

/** What a killed process looks like to PostgreSQL: the session holding `key` ends, and its locks with it. */
export async function terminateLockHolder(db: Kysely<any>, key: string): Promise<void> {
  await sql`
    SELECT pg_terminate_backend(pid) FROM pg_locks
    WHERE locktype = 'advisory' AND granted AND objsubid = 2 AND objid = hashtext(${key})::oid`.execute(db);
}
