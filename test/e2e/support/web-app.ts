import { existsSync } from 'node:fs';
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
    const config = testAppConfig(database.url, {
      DATABASE_POOL_SIZE: '4',
      WEB_DIST_DIR,
      ...(options.gameOrigin ? { GAME_ORIGIN: options.gameOrigin } : {}),
      ...(options.adminApiKey ? { ADMIN_API_KEY: options.adminApiKey } : {}),
    });
    app = await createApiApp(config);
    await app.listen(0, '127.0.0.1');
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
