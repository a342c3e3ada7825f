import {
  Inject,
  Logger,
  Module,
  type DynamicModule,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type Redis from 'ioredis';
import type { Kysely } from 'kysely';
import { APP_CONFIG, type AppConfig } from '@arena/config';
import { DATABASE } from '@arena/database';
import { EVENT_STORE, type EventStore } from '@arena/event-store';
import { REDIS } from '@arena/redis';
import { redisChangePublisher } from './change-publisher';
import { ProjectionRunner } from './projection.runner';
import type { Projector } from './projector';
import { defaultRunnerOptions, type RunnerDependencies } from './runner-options';

export const PROJECTORS = Symbol('PROJECTORS');

export function runnerDependencies(
  config: AppConfig,
  db: Kysely<any>,
  eventStore: EventStore,
  redis: Redis | undefined,
): RunnerDependencies {
  return {
    db,
    eventStore,
    lockConnectionString: config.DATABASE_URL,
    publisher: redis && redisChangePublisher(redis, config.REDIS_PREFIX),
    logger: new Logger('Projections'),
    options: {
      ...defaultRunnerOptions,
      batchSize: config.PROJECTION_BATCH_SIZE,
      rebuildBatchSize: config.PROJECTION_REBUILD_BATCH_SIZE,
      pollIntervalMs: config.PROJECTION_POLL_INTERVAL_MS,
      retryMaxMs: config.PROJECTION_RETRY_MAX_MS,
    },
  };
}

/**
 * Starts the runner when the worker boots and stops it (in-flight batches commit) on shutdown.
 * Needs APP_CONFIG, DATABASE, EVENT_STORE and REDIS from the composition root.
 */
@Module({})
export class ProjectionRunnerModule implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(@Inject(ProjectionRunner) private readonly runner: ProjectionRunner) {}

  static forRoot(projectors: readonly Projector[]): DynamicModule {
    return {
      module: ProjectionRunnerModule,
      providers: [
        { provide: PROJECTORS, useValue: projectors },
        {
          provide: ProjectionRunner,
          inject: [APP_CONFIG, DATABASE, EVENT_STORE, REDIS, PROJECTORS],
          useFactory: (
            config: AppConfig,
            db: Kysely<any>,
            eventStore: EventStore,
            redis: Redis,
            list: Projector[],
          ) => new ProjectionRunner(runnerDependencies(config, db, eventStore, redis), list),
        },
      ],
      exports: [ProjectionRunner],
    };
  }

  onApplicationBootstrap() {
    this.runner.start();
  }

  async onApplicationShutdown() {
    await this.runner.stop();
  }
}
