import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@arena/config';
import { JobName, JobsService } from '@arena/jobs';

/** The transfer window's BullMQ job scheduler on TRANSFER_WINDOW_CRON: one per name, so restarts never double it. */
@Injectable()
export class TransferWindowScheduler implements OnApplicationBootstrap {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jobs: JobsService,
  ) {}

  async onApplicationBootstrap() {
    await this.jobs.scheduleCron(JobName.RunTransferWindow, this.config.TRANSFER_WINDOW_CRON, {});
  }
}
