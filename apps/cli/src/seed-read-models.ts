import type { INestApplicationContext } from '@nestjs/common';
import type { AppConfig } from '@arena/config';
import { DATABASE } from '@arena/database';
import { EVENT_STORE } from '@arena/event-store';
import { ProjectionRunner, runnerDependencies } from '@arena/projection-runner';
import { projectors } from '@arena/projections/registry';

/**
 * The transfer windows pick their candidates from the donations read model and wait for it to reach the log's
 * head (DonationLog's lag guard); the worker keeps it, but the seed runs before the worker starts. So the seed
 * serves that projector itself while it moves money, as the worker would: a worker already running holds the
 * projector's lock and serves it instead, and this runner only waits its turn. It serves the ledger's too, so
 * the seed can sign a checkpoint of the demo's entries (signDemoCheckpoint: receipts verified at once).
 */
const SERVED: ReadonlySet<string> = new Set(['donations', 'donation_ledger']);

export async function servingDonationsReadModel<T>(
  config: AppConfig,
  app: INestApplicationContext,
  seed: () => Promise<T>,
): Promise<T> {
  const runner = new ProjectionRunner(
    runnerDependencies(config, app.get(DATABASE), app.get(EVENT_STORE), undefined),
    projectors.filter((projector) => SERVED.has(projector.name)),
  );
  runner.start();
  try {
    return await seed();
  } finally {
    await runner.stop();
  }
}
