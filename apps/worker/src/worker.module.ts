import { Module, type DynamicModule } from '@nestjs/common';
import type { AppConfig } from '@arena/config';
import { IdentityModule, PurgeExpiredSignInsProcessor } from '@arena/identity';
import { JobWorkersModule } from '@arena/jobs';
import { PlatformModule } from '@arena/platform';
import { ProjectionRunnerModule } from '@arena/projection-runner';
import {
  EndTournamentProcessor,
  MatchDeadlineProcessor,
  StartTournamentProcessor,
  TournamentsModule,
} from '@arena/tournaments';
import { EmailDeliveryProcessor, NotificationDeliveryModule, SmsDeliveryProcessor } from '@arena/notifications';
import { projectors } from '@arena/projections/registry';
import { RedisPolicyCheck } from './redis-policy.check';

/** The worker's composition root: job processors and the projection runner. */
@Module({})
export class WorkerModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        PlatformModule.forRoot(config),
        JobWorkersModule.register({
          imports: [TournamentsModule, NotificationDeliveryModule, IdentityModule],
          handlers: [
            StartTournamentProcessor,
            EndTournamentProcessor,
            MatchDeadlineProcessor,
            EmailDeliveryProcessor,
            SmsDeliveryProcessor,
            PurgeExpiredSignInsProcessor,
          ],
        }),
        ProjectionRunnerModule.forRoot(projectors),
      ],
      providers: [RedisPolicyCheck],
    };
  }
}
