import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@arena/config';
import { createDatabase, type DatabaseHandles } from './database';

/** Kysely instance; inject as `Kysely<YourTables>`. Only *.queries.ts and repositories use it. */
export const DATABASE = Symbol('DATABASE');
/** Raw pg pool, for the event store adapter and advisory locks. */
export const PG_POOL = Symbol('PG_POOL');
const HANDLES = Symbol('DATABASE_HANDLES');

@Global()
@Module({
  providers: [
    {
      provide: HANDLES,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => createDatabase(config.DATABASE_URL, config.DATABASE_POOL_SIZE),
    },
    { provide: DATABASE, inject: [HANDLES], useFactory: (h: DatabaseHandles) => h.db },
    { provide: PG_POOL, inject: [HANDLES], useFactory: (h: DatabaseHandles) => h.pool },
  ],
  exports: [DATABASE, PG_POOL],
})
export class DatabaseModule implements OnApplicationShutdown {
  constructor(@Inject(HANDLES) private readonly handles: DatabaseHandles) {}

  async onApplicationShutdown() {
    await this.handles.close();
  }
}
