/**
 * Which test files take the machine's services for themselves: the browser specs (an API, a worker,
 * Chromium), the integration specs (the API and worker against PostgreSQL and Redis, some of them timing
 * live pushes) and the bench smoke runs. Shared by the sequencer and the serial lock (docs/testing.md).
 */
const SERIAL_FILES = /[\\/]test[\\/](e2e|integration|bench)[\\/]/;

module.exports = { SERIAL_FILES };
