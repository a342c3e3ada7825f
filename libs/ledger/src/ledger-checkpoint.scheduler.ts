import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@arena/config';
import { JobName, JobsService } from '@arena/jobs';

/** Long enough for the projection runner, and the webhooks the worker delivers at start, to catch up. */
export const CHECKPOINT_AFTER_START_MS = 60_000;

/**
 * The checkpoint's BullMQ job scheduler on LEDGER_CHECKPOINT_CRON (one per name, so restarts never double
 * it), plus one signing soon after start: a fresh start shows a verifiable ledger without waiting for the
 * cron. That job signs only when the ledger grew since the newest checkpoint (SignLedgerCheckpointProcessor).
 */
@Injectable()
export class LedgerCheckpointScheduler implements OnApplicationBootstrap {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jobs: JobsService,
  ) {}

  async onApplicationBootstrap() {
    await this.jobs.scheduleCron(JobName.SignLedgerCheckpoint, this.config.LEDGER_CHECKPOINT_CRON, {});
    await this.jobs.enqueue(JobName.SignLedgerCheckpoint, {}, { delay: CHECKPOINT_AFTER_START_MS });
  }
}
