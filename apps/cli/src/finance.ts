import { userInfo } from 'node:os';
import { config as loadEnvFile } from 'dotenv';
import { loadConfig } from '@arena/config';
import { createDatabase } from '@arena/database';
import { runFinanceCli } from './finance-cli';

// .env for local runs; variables already set in the environment win.
loadEnvFile({ quiet: true });

async function main(): Promise<number> {
  const { db, close } = createDatabase(loadConfig().DATABASE_URL, 1);
  try {
    // Who granted it: the operator's shell account, recorded on the grant.
    return await runFinanceCli(process.argv.slice(2), db, `cli:${userInfo().username}`, {
      out: (line) => console.log(line),
      error: (line) => console.error(line),
    });
  } finally {
    await close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  },
);
