import { Global, Module, type DynamicModule, type ModuleMetadata, type Type } from '@nestjs/common';
import { JobsService } from './jobs.service';
import { JOB_HANDLERS, JobWorkersService } from './job-workers.service';
import type { JobHandler } from './job-handler';

/** Producers: import once (global) and inject JobsService. */
@Global()
@Module({ providers: [JobsService], exports: [JobsService] })
export class JobsModule {}

/**
 * Consumers (the worker): `JobWorkersModule.register({ imports: [ModulesExportingHandlers], handlers: [...] })`.
 */
@Module({})
export class JobWorkersModule {
  static register(options: {
    imports: ModuleMetadata['imports'];
    handlers: Type<JobHandler>[];
  }): DynamicModule {
    return {
      module: JobWorkersModule,
      imports: options.imports,
      providers: [
        {
          provide: JOB_HANDLERS,
          inject: options.handlers,
          useFactory: (...handlers: JobHandler[]) => handlers,
        },
        JobWorkersService,
      ],
    };
  }
}
