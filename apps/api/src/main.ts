import { config as loadEnvFile } from 'dotenv';
import { loadConfig } from '@arena/config';
import { createPino, PinoLoggerService } from '@arena/logging';
import { createApiApp } from './bootstrap';

// .env for local runs; variables already set in the environment win.
loadEnvFile({ quiet: true });

async function main() {
  const config = loadConfig();
  const logger = new PinoLoggerService(createPino(config.LOG_LEVEL, 'api'));
  if (config.NODE_ENV === 'production' && config.TEST_MODE_DEPLOYMENT) {
    // Said at every start: this deployment takes test cards, not money (docs/security.md).
    logger.warn(
      'TEST_MODE_DEPLOYMENT=true: the local payment driver runs, no real money moves, every page says test mode',
      'Bootstrap',
    );
  }
  const app = await createApiApp(config, { logger });
  await app.listen(config.PORT, '0.0.0.0');
  logger.log({ url: config.PUBLIC_URL, port: config.PORT }, 'Charity Arena API listening', 'Bootstrap');
}

main().catch((error: unknown) => {
  // Configuration errors name the variable; print them plainly and stop.
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
