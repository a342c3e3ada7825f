import { sql } from 'kysely';
import { createDatabase } from '@arena/database';
import { PostgresEventStore } from '@arena/event-store';
import { ProjectionRunner, defaultRunnerOptions } from '@arena/projection-runner';
import { silentLogger } from '@arena/projection-runner/testing';
import { leaderboardsProjector } from './leaderboards.projection';

/**
 * A worker reduced to the leaderboard runner, for the crash spec to SIGKILL mid-batch. Its
 * connections are named so the spec can see when one holds a write transaction open, and each
 * batch lingers after its writes so that window is wide enough to hit even on a loaded machine.
 */
const url = new URL(process.env.CRASH_DATABASE_URL ?? '');
url.searchParams.set('application_name', 'crash-runner');
const { db, pool } = createDatabase(url.toString(), 4);
const eventStore = new PostgresEventStore({ connectionString: url.toString(), pool, pollIntervalMs: 20 });
const runner = new ProjectionRunner(
  {
    db,
    eventStore,
    lockConnectionString: url.toString(),
    logger: silentLogger,
    options: { ...defaultRunnerOptions, batchSize: 40, pollIntervalMs: 20, lockRetryMs: 20 },
  },
  [
    {
      ...leaderboardsProjector,
      async apply(trx, events, names) {
        const notices = await leaderboardsProjector.apply(trx, events, names);
        await sql`SELECT pg_sleep(0.1)`.execute(trx);
        return notices;
      },
    },
  ],
);
runner.start();
process.stdout.write('started\n');
