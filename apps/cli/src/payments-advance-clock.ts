import { config as loadEnvFile } from 'dotenv';
import { loadConfig } from '@arena/config';
import { advanceClockAt, parseAdvance } from './payments-advance-clock-run';

// .env for local runs; variables already set in the environment win.
loadEnvFile({ quiet: true });

async function main(): Promise<number> {
  const advance = parseAdvance(process.argv.slice(2));
  const line = await advanceClockAt(loadConfig().PUBLIC_URL, advance, (url, body) =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(120_000),
    }),
  );
  console.log(line);
  return 0;
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
