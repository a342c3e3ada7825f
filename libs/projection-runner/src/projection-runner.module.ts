import {
  Inject,
  Logger,
  Module,
  type DynamicModule,
  type ModuleMetadata,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
  type Type,
} from '@nestjs/common';
import type Redis from 'ioredis';
import type { Kysely } from 'kysely';
import { APP_CONFIG, type AppConfig } from '@arena/config';
import { DATABASE } from '@arena/database';
import { EVENT_STORE, type EventStore } from '@arena/event-store';
import { REDIS } from '@arena/redis';
import { redisChangePublisher } from './change-publisher';
import { LockSession } from './lock-session';
import { ProjectionRunner } from './projection.runner';
import type { Projector } from './projector';
import { ReactionRunner } from './reaction.runner';
import type { Reactor } from './reactor';
import {
  defaultRunnerOptions,
  LOCK_SESSION_APPLICATION_NAME,
  type RunnerDependencies,
} from './runner-options';

export const PROJECTORS = Symbol('PROJECTORS');
const REACTORS = Symbol('REACTORS');

export function runnerDependencies(
  config: AppConfig,
  db: Kysely<any>,
  eventStore: EventStore,
  redis: Redis | undefined,
  locks?: LockSession,
): RunnerDependencies {
  return {
    db,
    eventStore,
    lockConnectionString: config.DATABASE_SESSION_URL ?? config.DATABASE_URL,
    locks,
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

export interface Reactions {
  /** Modules that provide (and export) the reactor classes. */
  imports: NonNullable<ModuleMetadata['imports']>;
  reactors: readonly Type<Reactor>[];
}

/**
 * Starts the projection runner and the reaction runner when the worker boots and stops them
 * (in-flight batches and reactions finish) on shutdown. Both hold their advisory locks on the
 * process's one lock session. Needs APP_CONFIG, DATABASE, EVENT_STORE and REDIS from the composition root.
 */
@Module({})
export class ProjectionRunnerModule implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(
    @Inject(ProjectionRunner) private readonly projections: ProjectionRunner,
    @Inject(ReactionRunner) private readonly reactions: ReactionRunner,
    @Inject(LockSession) private readonly locks: LockSession,
  ) {}

  static forRoot(
    projectors: readonly Projector[],
    reactions: Reactions = { imports: [], reactors: [] },
  ): DynamicModule {
    return {
      module: ProjectionRunnerModule,
      imports: reactions.imports,
      providers: [
        { provide: PROJECTORS, useValue: projectors },
        {
          provide: LockSession,
          inject: [APP_CONFIG],
          useFactory: (config: AppConfig) =>
            new LockSession({
              connectionString: config.DATABASE_SESSION_URL ?? config.DATABASE_URL,
              applicationName: LOCK_SESSION_APPLICATION_NAME,
              heartbeatMs: defaultRunnerOptions.heartbeatMs,
            }),
        },
        {
          provide: ProjectionRunner,
          inject: [APP_CONFIG, DATABASE, EVENT_STORE, REDIS, LockSession, PROJECTORS],
          useFactory: (
            config: AppConfig,
            db: Kysely<any>,
            eventStore: EventStore,
            redis: Redis,
            locks: LockSession,
            list: Projector[],
          ) => new ProjectionRunner(runnerDependencies(config, db, eventStore, redis, locks), list),
        },
        {
          provide: REACTORS,
          inject: [...reactions.reactors],
          useFactory: (...list: Reactor[]) => list,
        },
        {
          provide: ReactionRunner,
          inject: [APP_CONFIG, DATABASE, EVENT_STORE, LockSession, REACTORS],
          useFactory: (
            config: AppConfig,
            db: Kysely<any>,
            eventStore: EventStore,
            locks: LockSession,
            list: Reactor[],
          ) =>
            new ReactionRunner(
              {
                ...runnerDependencies(config, db, eventStore, undefined, locks),
                logger: new Logger('Reactions'),
              },
              list,
            ),
        },
      ],
      exports: [ProjectionRunner],
    };
  }

  onApplicationBootstrap() {
    this.projections.start();
    this.reactions.start();
  }

  async onApplicationShutdown() {
    await Promise.all([this.projections.stop(), this.reactions.stop()]);
    await this.locks.close();
  }
}
