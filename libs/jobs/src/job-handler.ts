import type { Job } from 'bullmq';
import type { JobName, JobPayloads } from './jobs';

/** A processor for one job name. It must be idempotent and return a short description of what it did. */
export interface JobHandler<N extends JobName = JobName> {
  readonly jobName: N;
  handle(payload: JobPayloads[N], job: Job<JobPayloads[N]>): Promise<string>;
}
