import { Client } from 'pg';
import { TEST_POSTGRES_URL } from '@arena/testing';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { SERIAL_FILES } = require('./serial-files') as { SERIAL_FILES: RegExp };

/**
 * Jest runs two workers (two cores); the files that start an API, a worker or Chromium, or time live
 * pushes, run one at a time all the same: each holds a PostgreSQL advisory lock from before its own
 * set-up until after its tear-down, so the other worker runs the code's own specs meanwhile. The lock
 * lives in its connection: a worker that dies frees it. A jest run of one file takes it at once.
 */
const SERIAL_LOCK_KEY = 0x61726e61; // 'arna'
/** A serial file may wait for every other one before it: as long as the whole suite, not a test's timeout. */
const WAIT_FOR_TURN_MS = 60 * 60_000;

const testPath = expect.getState().testPath ?? '';

if (SERIAL_FILES.test(testPath)) {
  let holder: Client | undefined;

  beforeAll(async () => {
    holder = new Client({ connectionString: TEST_POSTGRES_URL, application_name: 'jest-serial-lock' });
    await holder.connect();
    await holder.query('SELECT pg_advisory_lock($1)', [SERIAL_LOCK_KEY]);
  }, WAIT_FOR_TURN_MS);

  afterAll(async () => {
    await holder?.end();
  });
}
