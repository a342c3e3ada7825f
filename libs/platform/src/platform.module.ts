import { Module, type DynamicModule } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { ConfigModule, type AppConfig } from '@arena/config';
import { DatabaseModule } from '@arena/database';
import { EventStoreModule } from '@arena/event-store';
import { JobsModule } from '@arena/jobs';
import { RedisModule } from '@arena/redis';

/**
 * What every process stands on, each piece global: configuration, PostgreSQL, Redis, the event
 * store, job producers and the command/query buses. Contexts assume it is there.
 */
@Module({})
export class PlatformModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: PlatformModule,
      imports: [
        ConfigModule.forRoot(config),
        DatabaseModule,
        RedisModule,
        EventStoreModule,
        JobsModule,
        CqrsModule.forRoot(),
      ],
    };
  }
}
