import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@arena/config';
import { JobName, JobsService } from '@arena/jobs';

/** The monthly payout's BullMQ job scheduler on REFERRAL_PAYOUT_CRON (UTC): one per name, so restarts never double it. */
@Injectable()
export class ReferralPayoutScheduler implements OnApplicationBootstrap {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jobs: JobsService,
  ) {}

  async onApplicationBootstrap() {
    await this.jobs.scheduleCron(JobName.PayReferralRewards, this.config.REFERRAL_PAYOUT_CRON, {});
  }
}
