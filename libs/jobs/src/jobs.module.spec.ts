import { Global, Injectable, Module, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { APP_CONFIG } from '@arena/config';
import type { JobHandler } from './job-handler';
import { JobName } from './jobs';
import { JobWorkersModule } from './jobs.module';
import { JobsService } from './jobs.service';

@Injectable()
class StartTournamentStub implements JobHandler<JobName.StartTournament> {
  readonly jobName = JobName.StartTournament;
  handle = async () => 'started';
}

/** What the composition root provides; nothing here may be reached before the check refuses. */
@Global()
@Module({
  providers: [
    { provide: APP_CONFIG, useValue: {} },
    { provide: JobsService, useValue: {} },
  ],
  exports: [APP_CONFIG, JobsService],
})
class RootStubs {}

/** The worker's job registration, as apps/worker composes it, with these handlers. */
function start(handlers: Type<JobHandler>[], requireHandlersFor: readonly JobName[]) {
  @Module({ providers: handlers, exports: handlers })
  class Processors {}
  @Module({
    imports: [RootStubs, JobWorkersModule.register({ imports: [Processors], handlers, requireHandlersFor })],
  })
  class WorkerStub {}
  return NestFactory.createApplicationContext(WorkerStub, { logger: false, abortOnError: false });
}

describe('JobWorkersModule.register with requireHandlersFor', () => {
  it('refuses to start when a job name has no handler, naming the job', async () => {
    await expect(
      start([StartTournamentStub], [JobName.StartTournament, JobName.EndTournament]),
    ).rejects.toThrow("No handler registered for job 'tournament.end'");
  });

  it('names every job left without a handler', async () => {
    await expect(start([StartTournamentStub], Object.values(JobName))).rejects.toThrow(
      /No handler registered for job 'tournament\.end', .*'account\.erase-closed'/,
    );
  });
});
