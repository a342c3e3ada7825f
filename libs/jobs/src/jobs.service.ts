import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { Queue, type JobsOptions } from 'bullmq';
import Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '@arena/config';
import { jobQueue, type JobName, type JobPayloads, QueueName } from './jobs';

export const bullPrefix = (config: Pick<AppConfig, 'REDIS_PREFIX'>) => `${config.REDIS_PREFIX}:bull`;

/** BullMQ needs `maxRetriesPerRequest: null` on its connections (blocking commands). */
export function createBullConnection(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: null, enableReadyCheck: false });
}

export interface EnqueueOptions {
  /**
   * Derive it from what the job is about: BullMQ ignores a second job with the same id. BullMQ refuses
   * ':' in custom ids (its key separator): join parts with '-'.
   */
  jobId?: string;
  delay?: number;
}

const DEFAULT_JOB_OPTIONS: JobsOptions = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { age: 24 * 3600, count: 1000 },
  removeOnFail: { age: 7 * 24 * 3600 },
};

/** The one way to put work on a queue. */
@Injectable()
export class JobsService implements OnApplicationShutdown {
  private readonly connection: Redis;
  private readonly queues = new Map<QueueName, Queue>();

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.connection = createBullConnection(config.REDIS_URL);
  }

  queue(name: QueueName): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, {
        connection: this.connection,
        prefix: bullPrefix(this.config),
        defaultJobOptions: DEFAULT_JOB_OPTIONS,
      });
      this.queues.set(name, queue);
    }
    return queue;
  }

  async enqueue<N extends JobName>(
    name: N,
    payload: JobPayloads[N],
    options: EnqueueOptions = {},
  ): Promise<void> {
    await this.queue(jobQueue[name]).add(name, payload, { jobId: options.jobId, delay: options.delay });
  }

  /**
   * Replaces a delayed job (a rescheduled tournament): removes the pending one with this id, then adds
   * the new one. A job already running keeps running; its effect is guarded by the event store.
   */
  async reschedule<N extends JobName>(name: N, payload: JobPayloads[N], options: Required<EnqueueOptions>) {
    const queue = this.queue(jobQueue[name]);
    const existing = await queue.getJob(options.jobId);
    if (existing && (await existing.isDelayed())) await existing.remove();
    await queue.add(name, payload, { jobId: options.jobId, delay: options.delay });
  }

  /**
   * Runs a job on a cron pattern (UTC) through a BullMQ job scheduler named after the job: one per name,
   * so a restart or a second worker replaces it instead of adding another.
   */
  async scheduleCron<N extends JobName>(name: N, pattern: string, payload: JobPayloads[N]): Promise<void> {
    await this.queue(jobQueue[name]).upsertJobScheduler(
      name,
      { pattern, tz: 'UTC' },
      { name, data: payload },
    );
  }

  /** Removes a job that is still waiting for its delay; one already running or done is left alone. */
  async removeDelayed(name: JobName, jobId: string): Promise<void> {
    const existing = await this.queue(jobQueue[name]).getJob(jobId);
    if (existing && (await existing.isDelayed())) await existing.remove();
  }

  async onApplicationShutdown() {
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
    await this.connection.quit().catch(() => this.connection.disconnect());
  }
}
