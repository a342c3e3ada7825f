import { Injectable } from '@nestjs/common';
import { JobName, type JobHandler } from '@arena/jobs';
import { LedgerService } from './ledger.service';

/** On LEDGER_CHECKPOINT_CRON: signs the ledger unless nothing changed since the newest checkpoint. */
@Injectable()
export class SignLedgerCheckpointProcessor implements JobHandler<JobName.SignLedgerCheckpoint> {
  readonly jobName = JobName.SignLedgerCheckpoint;

  constructor(private readonly ledger: LedgerService) {}

  async handle(): Promise<string> {
    const { checkpoint, created } = await this.ledger.signCheckpoint();
    return created
      ? `signed checkpoint of ${checkpoint.treeSize} entries, root ${checkpoint.rootHash}`
      : `no new entries since the checkpoint of ${checkpoint.treeSize}`;
  }
}
