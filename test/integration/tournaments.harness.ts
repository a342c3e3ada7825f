import { randomUUID } from 'node:crypto';
import { Global, Module, type DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { ConfigModule, type AppConfig } from '@arena/config';
import { DatabaseModule } from '@arena/database';
import { EVENT_STORE, PostgresEventStore } from '@arena/event-store';
import { HttpExceptionFilter } from '@arena/http';
import { signAccessToken } from '@arena/identity';
import { JobsModule } from '@arena/jobs';
import { RedisModule } from '@arena/redis';
import { ProjectionRunner, defaultRunnerOptions, ensureProjection } from '@arena/projection-runner';
import { silentLogger } from '@arena/projection-runner/testing';
import { projectors } from '@arena/projections/registry';
import { clearRedisPrefix, createTestDatabase, testAppConfig, type TestDatabase } from '@arena/testing';
import { TournamentsModule } from '@arena/tournaments';

export const ADMIN_KEY = 'admin-key-for-tests-0123456789';

export interface TournamentsHarness {
  app: NestFastifyApplication;
  config: AppConfig;
  database: TestDatabase;
  store: PostgresEventStore;
  /** Creates an account and returns its id, username and a bearer header. */
  member(name: string): Promise<{ id: string; username: string; auth: { authorization: string } }>;
  /** Resolves once `check` passes against the projected read models (the runner is asynchronous). */
  eventually<T>(check: () => Promise<T>, timeoutMs?: number): Promise<T>;
  close(): Promise<void>;
}

/**
 * The tournaments context as the API and the worker compose it, on a database and a Redis prefix
 * of its own, with the real PostgreSQL event store and a projection runner feeding the read models.
 */
export async function startTournamentsHarness(
  extraImports: DynamicModule[] = [],
): Promise<TournamentsHarness> {
  const database = await createTestDatabase(5);
  const config = testAppConfig(database.url, { ADMIN_API_KEY: ADMIN_KEY });
  const store = new PostgresEventStore({ connectionString: database.url, poolSize: 5, pollIntervalMs: 100 });

  @Global()
  @Module({ providers: [{ provide: EVENT_STORE, useValue: store }], exports: [EVENT_STORE] })
  class TestEventStoreModule {}

  @Module({
    imports: [
      ConfigModule.forRoot(config),
      DatabaseModule,
      TestEventStoreModule,
      RedisModule,
      JobsModule,
      CqrsModule.forRoot(),
      TournamentsModule,
      ...extraImports,
    ],
  })
  class TestAppModule {}

  const app = await NestFactory.create<NestFastifyApplication>(TestAppModule, new FastifyAdapter(), {
    logger: ['error'],
    abortOnError: false,
  });
  app.setGlobalPrefix('api');
  app.useGlobalFilters(new HttpExceptionFilter());
  await app.init();
  await app.getHttpAdapter().getInstance().ready();

  // Every read model the worker runs (projections/registry.ts).
  // As the worker's first start would: the read models exist before the API's first read.
  for (const projector of projectors) await ensureProjection(database.db, projector);
  const runner = new ProjectionRunner(
    {
      db: database.db,
      eventStore: store,
      lockConnectionString: database.url,
      logger: silentLogger,
      options: { ...defaultRunnerOptions, pollIntervalMs: 50, lockRetryMs: 100 },
    },
    projectors,
  );
  runner.start();

  return {
    app,
    config,
    database,
    store,
    async member(name) {
      const id = randomUUID();
      const username = `${name}${id.slice(0, 6)}`;
      await database.db
        .insertInto('accounts')
        .values({
          id,
          username,
          email: `${username}@example.org`,
          phone_number: `+1555${Math.floor(Math.random() * 1e7)}`,
          referral_code: id.slice(0, 12),
        })
        .execute();
      const token = await signAccessToken(config.JWT_ACCESS_SECRET, { sub: id, username, sid: randomUUID() });
      return { id, username, auth: { authorization: `Bearer ${token}` } };
    },
    async eventually(check, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        try {
          return await check();
        } catch (error) {
          if (Date.now() > deadline) throw error;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
    },
    async close() {
      await runner.stop();
      await app.close();
      await store.close();
      await clearRedisPrefix(config.REDIS_PREFIX);
      await database.drop();
    },
  };
}
