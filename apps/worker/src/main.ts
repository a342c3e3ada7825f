import { config as loadEnvFile } from 'dotenv';
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { loadConfig } from '@arena/config';
import { createPino, PinoLoggerService } from '@arena/logging';
import { WorkerModule } from './worker.module';

// .env for local runs; variables already set in the environment win.
loadEnvFile({ quiet: true });

async function main() {
  const config = loadConfig();
  const logger = new PinoLoggerService(createPino(config.LOG_LEVEL, 'worker'));
  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), {
    logger,
    abortOnError: false,
  });
  // SIGTERM/SIGINT: BullMQ workers finish their running jobs and the projection runner its batch.
  app.enableShutdownHooks();
  await app.init();
  logger.log('Charity Arena worker started', 'Bootstrap');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
