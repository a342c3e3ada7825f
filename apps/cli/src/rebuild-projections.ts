import 'reflect-metadata';
import { config as loadEnvFile } from 'dotenv';
import { Logger } from '@nestjs/common';
import { loadConfig } from '@arena/config';
import { createDatabase } from '@arena/database';
import { createEventStore } from '@arena/event-store';
import { projectors } from '@arena/projections/registry';
import { rebuildProjection, runnerDependencies } from '@arena/projection-runner';

// .env for local runs; variables already set in the environment win.
loadEnvFile({ quiet: true });

/**
 * `npm run projections:rebuild -- <name>...`: rebuilds read models into fresh tables while the
 * worker keeps serving the old ones, then swaps. The projector list is the worker's own registry,
 * so the command rebuilds exactly what the worker runs.
 */
async function main(names: string[]): Promise<number> {
  const available = projectors.map((projector) => projector.name);
  const unknown = names.filter((name) => !available.includes(name));
  if (names.length === 0 || unknown.length > 0) {
    const problem =
      names.length === 0 ? 'Name the projections to rebuild.' : `Unknown projection: ${unknown.join(', ')}.`;
    console.error(
      `${problem} Usage: npm run projections:rebuild -- <name>... (one of: ${available.join(', ')})`,
    );
    return 2;
  }

  const config = loadConfig();
  const { db, close } = createDatabase(config.DATABASE_URL, 4);
  const eventStore = createEventStore(config);
  const stop = new AbortController();
  const abort = () => stop.abort();
  process.once('SIGINT', abort);
  process.once('SIGTERM', abort);
  const logger = new Logger('projections:rebuild');
  try {
    const deps = runnerDependencies(config, db, eventStore, undefined);
    for (const name of names) {
      const result = await rebuildProjection(
        deps,
        projectors.find((projector) => projector.name === name)!,
        stop.signal,
      );
      if (!result) {
        logger.warn(
          `${name}: stopped before the swap; the old tables still serve, and the next rebuild resumes`,
        );
        return 1;
      }
      const perSecond = Math.round(result.events / Math.max(result.durationMs / 1000, 0.001));
      logger.log(
        `${name}: generation ${result.generation} (version ${result.version}) serves now, ${result.events} events in ${result.durationMs} ms (${perSecond} events/s)`,
      );
    }
    return 0;
  } finally {
    await eventStore.close();
    await close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
