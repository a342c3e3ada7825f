import { config as loadEnvFile } from 'dotenv';
import { runCharitiesCli } from './charities-cli';

// .env for local runs; variables already set in the environment win.
loadEnvFile({ quiet: true });

runCharitiesCli(
  process.argv.slice(2),
  {
    apiUrl: process.env.ARENA_API_URL ?? process.env.PUBLIC_URL ?? 'http://localhost:3000',
    adminApiKey: process.env.ADMIN_API_KEY,
  },
  { out: (line) => console.log(line), error: (line) => console.error(line) },
).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  },
);
