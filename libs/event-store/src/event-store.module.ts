import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { Pool } from 'pg';
import { APP_CONFIG, type AppConfig } from '@arena/config';
import { PG_POOL } from '@arena/database';
import { createEventStore } from './create-event-store';
import { EVENT_STORE, type EventStore } from './event-store.port';

/**
 * Provides EVENT_STORE, the adapter EVENT_STORE selects: PostgreSQL on DATABASE_URL (on DatabaseModule's
 * pool when there is one, else a pool of its own of DATABASE_POOL_SIZE connections; plus one LISTEN
 * connection once something subscribes) or EventStoreDB on EVENTSTORE_CONNECTION_STRING. Needs ConfigModule.
 */
@Global()
@Module({
  providers: [
    {
      provide: EVENT_STORE,
      inject: [APP_CONFIG, { token: PG_POOL, optional: true }],
      // On a given pool, the connection string serves only the LISTEN connection, which needs a session.
      useFactory: (config: AppConfig, pool?: Pool) =>
        pool && config.EVENT_STORE === 'postgres'
          ? createEventStore({
              kind: 'postgres',
              connectionString: config.DATABASE_SESSION_URL ?? config.DATABASE_URL,
              pool,
            })
          : createEventStore(config),
    },
  ],
  exports: [EVENT_STORE],
})
export class EventStoreModule implements OnApplicationShutdown {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async onApplicationShutdown(): Promise<void> {
    await this.store.close();
  }
}
