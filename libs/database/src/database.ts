import { Kysely, PostgresDialect } from 'kysely';
import { Pool, types } from 'pg';

// int8 (bigint) columns hold money in cents and global positions: read them as JS numbers only where
// they fit, which every value we store does (cents and positions stay far below 2^53).
types.setTypeParser(types.builtins.INT8, (value) => {
  const parsed = Number(value);
  if (!Number.isSafeInteger(parsed)) throw new RangeError(`int8 value ${value} exceeds Number.MAX_SAFE_INTEGER`);
  return parsed;
});

export interface DatabaseHandles {
  pool: Pool;
  /** Typed per caller: each context's queries file declares its own table interfaces. */
  db: Kysely<any>;
  close(): Promise<void>;
}

export function createDatabase(connectionString: string, max = 10): DatabaseHandles {
  const pool = new Pool({ connectionString, max });
  // An idle client that errors (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const db = new Kysely<any>({ dialect: new PostgresDialect({ pool }) });
  return {
    pool,
    db,
    // Kysely's destroy() ends the pool it was given.
    close: () => db.destroy(),
  };
}
