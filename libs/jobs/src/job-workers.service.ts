import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { Worker, type Job } from 'bullmq';
import type Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '@arena/config';
import { jobQueue, periodicJobs, type JobName, type QueueName } from './jobs';
import type { JobHandler } from './job-handler';
import { bullPrefix, createBullConnection, JobsService } from './jobs.service';

export const JOB_HANDLERS = Symbol('JOB_HANDLERS');

/** Runs one BullMQ worker per queue that has handlers, dispatching by job name. */
@Injectable()
export class JobWorkersService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Jobs');
  private readonly workers: Worker[] = [];
  private connection?: Redis;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(JOB_HANDLERS) private readonly handlers: JobHandler[],
    private readonly jobs: JobsService,
  ) {}

  async onApplicationBootstrap() {
    // One scheduler per periodic job this worker handles; upserting by name never doubles it.
    for (const periodic of periodicJobs.filter((job) => this.handlers.some((h) => h.jobName === job.name))) {
      await this.jobs
        .queue(jobQueue[periodic.name])
        .upsertJobScheduler(periodic.name, { every: periodic.everyMs }, { name: periodic.name, data: {} });
    }
    const byQueue = new Map<QueueName, Map<JobName, JobHandler>>();
    for (const handler of this.handlers) {
      const queue = jobQueue[handler.jobName];
      if (!byQueue.has(queue)) byQueue.set(queue, new Map());
      byQueue.get(queue)!.set(handler.jobName, handler);
    }
    this.connection = createBullConnection(this.config.REDIS_URL);
    for (const [queue, handlers] of byQueue) {
      const worker = new Worker(queue, (job: Job) => this.dispatch(handlers, job), {
        connection: this.connection,
        prefix: bullPrefix(this.config),
        concurrency: 8,
      });
      worker.on('failed', (job, error) =>
        this.logger.warn(
          { job: job?.name, jobId: job?.id, attempt: job?.attemptsMade, error: error.message },
          'job failed',
        ),
      );
      this.workers.push(worker);
    }
  }

  private async dispatch(handlers: Map<JobName, JobHandler>, job: Job): Promise<string> {
    const handler = handlers.get(job.name as JobName);
    if (!handler) throw new Error(`No handler for job ${job.name}`);
    const outcome = await handler.handle(job.data, job);
    this.logger.log({ job: job.name, jobId: job.id, outcome }, 'job done');
    return outcome;
  }

  /** Graceful: each worker finishes the jobs it is running before closing. */
  async onApplicationShutdown() {
    await Promise.all(this.workers.map((worker) => worker.close()));
    await this.connection?.quit().catch(() => this.connection?.disconnect());
  }
}
