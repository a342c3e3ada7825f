import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@arena/config';
import { createEventStore } from './create-event-store';
import { EVENT_STORE, type EventStore } from './event-store.port';

/**
 * Provides EVENT_STORE, the adapter EVENT_STORE selects: PostgreSQL on DATABASE_URL (its own pool of
 * DATABASE_POOL_SIZE connections, plus one LISTEN connection once something subscribes) or EventStoreDB
 * on EVENTSTORE_CONNECTION_STRING. Needs ConfigModule.
 */
@Global()
@Module({
  providers: [
    {
      provide: EVENT_STORE,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => createEventStore(config),
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
