import { randomUUID } from 'node:crypto';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { sql } from 'kysely';
import { loadConfig } from '@arena/config';
import { clearRedisPrefix, createTestDatabase, testAppConfig, type TestDatabase } from '@arena/testing';
import { createApiApp } from '../../apps/api/src/bootstrap';
import { WorkerModule } from '../../apps/worker/src/worker.module';

/** Connections an API + worker pair may hold at most (docs/operations.md, "PostgreSQL connections"). */
const PAIR_BUDGET = 12;

/**
 * Three instances of the product (API + worker each) on one PostgreSQL: each pair holds at most its
 * budget, so three stay far below max_connections (100 here) and leave room for migrations, the CLI
 * and operators. Counted in pg_stat_activity after the workers hold every lock they can.
 */
describe('connection budget: API + worker pairs on one PostgreSQL', () => {
  let database: TestDatabase;
  const prefix = `test:${randomUUID()}`;
  const processes: Array<{ close(): Promise<unknown> }> = [];

  beforeAll(async () => {
    database = await createTestDatabase(1);
  });

  afterAll(async () => {
    for (const process of processes.reverse()) await process.close();
    await clearRedisPrefix(prefix);
    await database.drop();
  });

  /** Every connection to the test database but the spec's own. */
  async function connections(): Promise<number> {
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND pid <> pg_backend_pid()`.execute(database.db);
    return rows[0]!.n;
  }

  async function grantedAdvisoryLocks(): Promise<number> {
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM pg_locks
      WHERE locktype = 'advisory' AND granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`.execute(
      database.db,
    );
    return rows[0]!.n;
  }

  /** The most connections seen over a few seconds: pools keep connections opened at start-up a while. */
  async function peakConnections(ms = 3_000): Promise<number> {
    let peak = 0;
    for (const until = Date.now() + ms; Date.now() < until;) {
      peak = Math.max(peak, await connections());
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return peak;
  }

  async function startPair(): Promise<void> {
    const config = testAppConfig(database.url, { REDIS_PREFIX: prefix });
    const api = await createApiApp(config);
    await api.listen(0, '127.0.0.1');
    processes.push(api);
    const worker: INestApplicationContext = await NestFactory.createApplicationContext(
      WorkerModule.forRoot(config),
      { logger: false },
    );
    await worker.init();
    processes.push(worker);
  }

  async function waitForLocks(count: number): Promise<void> {
    for (const until = Date.now() + 60_000; (await grantedAdvisoryLocks()) < count;) {
      if (Date.now() > until)
        throw new Error(`the workers hold ${await grantedAdvisoryLocks()} of ${count} locks`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  it('sizes the pools by default so that a pair holds at most 12 at its fullest', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://127.0.0.1/arena',
      REDIS_URL: 'redis://127.0.0.1:6379',
      JWT_ACCESS_SECRET: 'x'.repeat(32),
    });
    // The worker's lock session and its LISTEN connection come on top of the two pools.
    expect(config.DATABASE_POOL_SIZE + config.WORKER_DATABASE_POOL_SIZE + 2).toBeLessThanOrEqual(PAIR_BUDGET);
  });

  it('holds at most 12 connections per idle API + worker pair, and three pairs leave room under max_connections', async () => {
    await startPair();
    // Every projector's and reactor's live lock, held by the one worker.
    const locks = await (async () => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await waitForLocks(1);
      for (let last = -1, now = await grantedAdvisoryLocks(); now !== last;) {
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        [last, now] = [now, await grantedAdvisoryLocks()];
      }
      return grantedAdvisoryLocks();
    })();
    const onePair = await peakConnections();

    await startPair();
    await startPair();
    await waitForLocks(locks);
    const threePairs = await peakConnections();
    const { rows } = await sql<{ max: string }>`SELECT current_setting('max_connections') AS max`.execute(
      database.db,
    );
    const maxConnections = Number(rows[0]!.max);
    console.log(
      `connections: one idle API + worker pair ${onePair}, three pairs ${threePairs} (max_connections ${maxConnections}, ${locks} locks)`,
    );

    expect(onePair).toBeLessThanOrEqual(PAIR_BUDGET);
    expect(threePairs).toBeLessThanOrEqual(3 * PAIR_BUDGET);
    expect(threePairs).toBeLessThan(maxConnections / 2);
  }, 180_000);
});
