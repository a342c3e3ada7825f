import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Kysely } from 'kysely';
import { APP_CONFIG, type AppConfig } from '@arena/config';
import { DATABASE } from '@arena/database';
import { EventLogFollower } from '@arena/donations';
import { EVENT_STORE, type EventStore } from '@arena/event-store';
import { ReferralAccrual } from '../application/referral-accrual';

/** Runs the referral accrual on the event log in the worker (one process at a time across the fleet). */
@Injectable()
export class ReferralAccrualFollower implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly follower: EventLogFollower;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(DATABASE) db: Kysely<any>,
    @Inject(EVENT_STORE) store: EventStore,
    accrual: ReferralAccrual,
  ) {
    this.follower = new EventLogFollower(db, store, {
      name: 'referrals_accrual',
      eventTypes: ReferralAccrual.eventTypes,
      apply: (event) => accrual.apply(event),
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
