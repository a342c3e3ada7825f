import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Kysely } from 'kysely';
import { APP_CONFIG, type AppConfig } from '@arena/config';
import { DATABASE } from '@arena/database';
import { EVENT_STORE, type EventStore } from '@arena/event-store';
import { PrizeFlow } from '../application/prize-flow';
import { EventLogFollower } from './event-log-follower';

/** Runs the prize flow on the event log in the worker (one process at a time across the fleet). */
@Injectable()
export class PrizeFlowFollower implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly follower: EventLogFollower;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(DATABASE) db: Kysely<any>,
    @Inject(EVENT_STORE) store: EventStore,
    flow: PrizeFlow,
  ) {
    this.follower = new EventLogFollower(db, store, {
      name: 'donations_prize_flow',
      eventTypes: PrizeFlow.eventTypes,
      apply: (event) => flow.apply(event),
      lockConnectionString: config.DATABASE_URL,
    });
  }

  onApplicationBootstrap() {
    this.follower.start();
  }

  async onApplicationShutdown() {
    await this.follower.stop();
  }
}
