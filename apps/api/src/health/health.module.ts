import { Module } from '@nestjs/common';
import { PROJECTORS } from '@arena/projection-runner';
import { projectors } from '@arena/projections/registry';
import { HealthController } from './health.controller';
import { HealthService } from './health.service';
import { MetricsService } from './metrics.service';

@Module({
  controllers: [HealthController],
  // The worker's projector list: which event types count towards each projector's lag.
  providers: [HealthService, MetricsService, { provide: PROJECTORS, useValue: projectors }],
  exports: [MetricsService],
})
export class HealthModule {}
