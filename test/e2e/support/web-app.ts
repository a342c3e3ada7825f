import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { clearRedisPrefix, createTestDatabase, testAppConfig, type TestDatabase } from '@arena/testing';
import { createApiApp } from '../../../apps/api/src/bootstrap';
import { WorkerModule } from '../../../apps/worker/src/worker.module';

export const WEB_DIST_DIR = resolve(__dirname, '../../../web/dist');

export interface RunningWebApp {
  baseUrl: string;
  database: TestDatabase;
  /** The API's access-token secret, so a test can sign a member in without the code flows. */
  jwtSecret: string;
  app: NestFastifyApplication;
  stop(): Promise<void>;
}

export interface WebAppOptions {
  /** GAME_ORIGIN: where the games are framed from (support/game-server.ts); unset, no games. */
  gameOrigin?: string;
  /** ADMIN_API_KEY: lets the test create tournaments through the admin API. */
  adminApiKey?: string;
  /** Runs the worker too, so read models (the leaderboard) follow the events live. */
  worker?: boolean;
  /**
   * PUBLIC_URL is the app's own address rather than the default: the payment provider's return URLs
   * and the local payment driver's webhooks then come back to this app.
   */
  ownPublicUrl?: boolean;
  /** METRICS_TOKEN: the bearer key of the operators' routes (metrics, POST /api/ledger/checkpoints). */
  metricsToken?: string;
  /** More settings (a Charity Navigator stand-in's URL and key, for one). */
  env?: Record<string, string>;
}

/** A TCP port nothing listens on now, for an app that must know its URL before it starts. */
function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Serves the built SPA the way production does: the real API app, with its own database and
 * Redis prefix, listening on a random port and serving web/dist with the client-route fallback.
 */
export async function startWebApp(options: WebAppOptions = {}): Promise<RunningWebApp> {
  if (!existsSync(resolve(WEB_DIST_DIR, 'index.html'))) {
    throw new Error(`No built web app in ${WEB_DIST_DIR}: run \`npm run build:web\` first`);
  }
  const database = await createTestDatabase(4);
  let app: NestFastifyApplication | undefined;
  let worker: INestApplicationContext | undefined;
  try {
    const port = options.ownPublicUrl ? await freePort() : 0;
    const config = testAppConfig(database.url, {
      DATABASE_POOL_SIZE: '4',
      // The ledger tests poll GET /api/ledger/entries every 100 ms while the worker projects: past the
      // default 120 a minute they would meet the per-IP limit (test/integration/ledger-limits.spec.ts covers it).
      LEDGER_ENTRIES_PER_MINUTE: '6000',
      LEDGER_PROOFS_PER_MINUTE: '6000',
      ...(options.ownPublicUrl ? { PUBLIC_URL: `http://127.0.0.1:${port}` } : {}),
      WEB_DIST_DIR,
      ...(options.gameOrigin ? { GAME_ORIGIN: options.gameOrigin } : {}),
      ...(options.adminApiKey ? { ADMIN_API_KEY: options.adminApiKey } : {}),
      ...(options.metricsToken ? { METRICS_TOKEN: options.metricsToken } : {}),
      ...options.env,
    });
    app = await createApiApp(config);
    await app.listen(port, '127.0.0.1');
    const address = app.getHttpServer().address();
    if (!address || typeof address === 'string') throw new Error('The API did not report a TCP port');
    if (options.worker) {
      worker = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), { logger: false });
      await worker.init();
    }
    const running = app;
    const runningWorker = worker;
    return {
      baseUrl: `http://127.0.0.1:${address.port}`,
      database,
      jwtSecret: config.JWT_ACCESS_SECRET,
      app: running,
      async stop() {
        await runningWorker?.close();
        await running.close();
        await clearRedisPrefix(config.REDIS_PREFIX);
        await database.drop();
      },
    };
  } catch (error) {
    await worker?.close();
    await app?.close();
    await database.drop();
    throw error;
  }
}
