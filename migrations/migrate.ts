import { config as loadEnvFile } from 'dotenv';
import { loadCharityDirectory } from '@arena/charities';
import { loadConfig } from '@arena/config';
import { createDatabase } from '@arena/database';
import { ensureDatabaseExists } from './ensure-database';
import { ensureProjection } from '@arena/projection-runner';
import { projectors } from '@arena/projections/registry';
import { migrateToLatest } from './migrator';

// .env for local runs; variables already set in the environment win.
loadEnvFile({ quiet: true });

async function main() {
  const config = loadConfig();
  if (await ensureDatabaseExists(config.DATABASE_URL)) console.log('created the database');
  const { db, close } = createDatabase(config.DATABASE_URL, 1);
  try {
    const { results = [] } = await migrateToLatest(db);
    for (const r of results)
      console.log(`${r.status === 'Success' ? 'applied' : r.status}: ${r.migrationName}`);
    if (results.length === 0) console.log('database is up to date');
    // Read models get their first tables now, so the API answers before the worker's first run.
    for (const projector of projectors) await ensureProjection(db, projector);
    // The bundled IRS data set behind charity search (skipped when the file has not changed).
    const directory = await loadCharityDirectory(db);
    console.log(
      directory.skipped
        ? `charity directory is up to date (${directory.rows} nonprofits)`
        : `loaded ${directory.rows} nonprofits into the charity directory`,
    );
  } finally {
    await close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
