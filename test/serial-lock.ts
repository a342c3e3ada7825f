import { Client } from 'pg';
import { TEST_POSTGRES_URL } from '@arena/testing';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { servicesClaim } = require('./serial-files') as {
  servicesClaim: (path: string) => 'whole' | 'browser' | 'shared' | null;
};

/**
 * Jest runs two workers (two cores). A file that takes the machine's services holds PostgreSQL advisory locks
 * from before its own set-up until after its tear-down (test/serial-files.js says which):
 * - the services lock, exclusively for a bench smoke run, shared for a browser or integration spec;
 * - the browser lock, exclusively, for a browser spec, so two Chromiums never share the two cores.
 * PostgreSQL queues a shared request behind a waiting exclusive one, so a bench run is never starved. The locks
 * live in their connection: a worker that dies frees them. A jest run of one file takes them at once.
 */
const SERVICES_LOCK_KEY = 0x61726e61; // 'arna'
const BROWSER_LOCK_KEY = 0x61726e62;
/** A file may wait for every other one before it: as long as the whole suite, not a test's timeout. */
const WAIT_FOR_TURN_MS = 60 * 60_000;

const claim = servicesClaim(expect.getState().testPath ?? '');

if (claim) {
  let holder: Client | undefined;

  beforeAll(async () => {
    holder = new Client({ connectionString: TEST_POSTGRES_URL, application_name: `jest-services-lock-${claim}` });
    await holder.connect();
    // Browser lock first: a browser spec waiting for its turn holds no share of the services lock meanwhile.
    if (claim === 'browser') await holder.query('SELECT pg_advisory_lock($1)', [BROWSER_LOCK_KEY]);
    await holder.query(
      claim === 'whole' ? 'SELECT pg_advisory_lock($1)' : 'SELECT pg_advisory_lock_shared($1)',
      [SERVICES_LOCK_KEY],
    );
  }, WAIT_FOR_TURN_MS);

  afterAll(async () => {
    await holder?.end();
  });
}
