import { config as loadEnvFile } from 'dotenv';
import { loadConfig } from '@arena/config';
import { createDatabase } from '@arena/database';
import { createEventStore } from '@arena/event-store';
import { seedDemoMembers } from '@arena/identity';
import { JobsService } from '@arena/jobs';
import { seedAllDemoTournaments } from '@arena/tournaments';

// .env for local runs; variables already set in the environment win.
loadEnvFile({ quiet: true });

/** Demo data for `npm start`: safe to run again (every id is derived from a fixed name). */
async function main() {
  const config = loadConfig();
  const database = createDatabase(config.DATABASE_URL, 2);
  const eventStore = createEventStore(config);
  const jobs = new JobsService(config);
  try {
    const players = await seedDemoMembers(database.db);
    const { tournaments } = await seedAllDemoTournaments({ players, eventStore, jobs });
    for (const t of tournaments) {
      console.log(`${t.appended > 0 ? 'seeded' : 'already there'}: ${t.title} (${t.status})`);
    }
  } finally {
    await jobs.onApplicationShutdown();
    await eventStore.close();
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
