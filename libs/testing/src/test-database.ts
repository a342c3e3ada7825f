import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { createDatabase, type DatabaseHandles } from '@arena/database';

/** The machine's PostgreSQL (trust auth). Overridable for other set-ups. */
export const TEST_POSTGRES_URL =
  process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
export const TEMPLATE_DATABASE_ENV = 'ARENA_TEST_TEMPLATE_DATABASE';

export function databaseUrl(name: string): string {
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function withAdminClient<T>(run: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: TEST_POSTGRES_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export interface TestDatabase extends DatabaseHandles {
  name: string;
  url: string;
  /** Closes the pool and drops the database. */
  drop(): Promise<void>;
}

/**
 * A fresh, fully migrated database of its own for one test file, cloned from the template that
 * jest's global set-up migrated once, so tests run in parallel and in any order.
 */
export async function createTestDatabase(poolSize = 10): Promise<TestDatabase> {
  const template = process.env[TEMPLATE_DATABASE_ENV];
  if (!template)
    throw new Error(`${TEMPLATE_DATABASE_ENV} is not set: run the tests through jest's global set-up`);
  const name = `arena_t_${randomBytes(6).toString('hex')}`;
  await withAdminClient((client) => client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
  const url = databaseUrl(name);
  const handles = createDatabase(url, poolSize);
  return {
    ...handles,
    name,
    url,
    async drop() {
      await handles.close();
      await withAdminClient((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
