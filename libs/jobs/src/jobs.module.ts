import { Global, Module, type DynamicModule, type ModuleMetadata, type Type } from '@nestjs/common';
import { JobsService } from './jobs.service';
import { JOB_HANDLERS, JobWorkersService } from './job-workers.service';
import type { JobHandler } from './job-handler';
import type { JobName } from './jobs';

/** Producers: import once (global) and inject JobsService. */
@Global()
@Module({ providers: [JobsService], exports: [JobsService] })
export class JobsModule {}

/**
 * Consumers (the worker): `JobWorkersModule.register({ imports: [ModulesExportingHandlers], handlers: [...] })`.
 * With `requireHandlersFor`, the module refuses to start (before any worker runs) when one of those job
 * names has no handler: the worker passes every JobName, so a job added without its processor never ships.
 */
@Module({})
export class JobWorkersModule {
  static register(options: {
    imports: ModuleMetadata['imports'];
    handlers: Type<JobHandler>[];
    requireHandlersFor?: readonly JobName[];
  }): DynamicModule {
    return {
      module: JobWorkersModule,
      imports: options.imports,
      providers: [
        {
          provide: JOB_HANDLERS,
          inject: options.handlers,
          useFactory: (...handlers: JobHandler[]) => {
            assertEveryJobHandled(options.requireHandlersFor ?? [], handlers);
            return handlers;
          },
        },
        JobWorkersService,
      ],
    };
  }
}

/** Throws naming every required job name without a handler. */
export function assertEveryJobHandled(required: readonly JobName[], handlers: readonly JobHandler[]): void {
  const handled = handlers.map((handler) => handler.jobName);
  const missing = required.filter((name) => !handled.includes(name));
  if (missing.length > 0)
    throw new Error(
      `No handler registered for job ${missing.map((name) => `'${name}'`).join(', ')}: add its processor to the worker's handlers`,
    );
}
