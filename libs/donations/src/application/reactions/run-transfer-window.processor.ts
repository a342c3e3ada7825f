import { Injectable } from '@nestjs/common';
import { JobName, type JobHandler, type JobPayloads } from '@arena/jobs';
import { TransferWindowService, windowIdOf } from './transfer-window.service';

/** RunTransferWindow (a job scheduler on TRANSFER_WINDOW_CRON): the window of the UTC day unless given. */
@Injectable()
export class RunTransferWindowProcessor implements JobHandler<JobName.RunTransferWindow> {
  readonly jobName = JobName.RunTransferWindow;

  constructor(private readonly window: TransferWindowService) {}

  async handle({ windowId }: JobPayloads[JobName.RunTransferWindow]): Promise<string> {
    const run = await this.window.run(windowId ?? windowIdOf(new Date()));
    return `window ${run.windowId}: ${run.transfers.length} transfers, ${run.skippedCharities.length} charities skipped`;
  }
}
