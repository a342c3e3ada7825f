import { JobName, JobsService, QueueName } from '@arena/jobs';
import { clearRedisPrefix, testAppConfig } from '@arena/testing';
import { CHECKPOINT_AFTER_START_MS, LedgerCheckpointScheduler } from './ledger-checkpoint.scheduler';

describe('LedgerCheckpointScheduler', () => {
  const config = testAppConfig('postgres://unused', { LEDGER_CHECKPOINT_CRON: '*/20 * * * *' });
  const jobs = new JobsService(config);

  afterAll(async () => {
    await jobs.onApplicationShutdown();
    await clearRedisPrefix(config.REDIS_PREFIX);
  });

  it('schedules the checkpoint on the configured cron once, and a signing soon after each start', async () => {
    const scheduler = new LedgerCheckpointScheduler(config, jobs);
    await scheduler.onApplicationBootstrap();
    await scheduler.onApplicationBootstrap();

    const queue = jobs.queue(QueueName.Ledger);
    const schedulers = await queue.getJobSchedulers();
    expect(schedulers).toEqual([
      expect.objectContaining({ key: JobName.SignLedgerCheckpoint, pattern: '*/20 * * * *', tz: 'UTC' }),
    ]);
    const afterStart = (await queue.getDelayed()).filter((job) => !job.repeatJobKey);
    expect(afterStart).toHaveLength(2);
    for (const job of afterStart) {
      expect(job.name).toBe(JobName.SignLedgerCheckpoint);
      expect(job.opts.delay).toBe(CHECKPOINT_AFTER_START_MS);
    }
  });
});
