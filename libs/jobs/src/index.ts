export * from './jobs';
export type { JobHandler } from './job-handler';
export { JobsService, createBullConnection, bullPrefix, type EnqueueOptions } from './jobs.service';
export { JobsModule, JobWorkersModule } from './jobs.module';
export { OutboxRelay, type OutboxWindow } from './outbox-relay';
