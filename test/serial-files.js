/**
 * What each test file takes of the machine's services (docs/testing.md), shared by the sequencer and the
 * services lock (test/serial-lock.ts):
 * - 'whole': the bench smoke runs, which start several APIs and workers and time them: nothing else that takes
 *   the services runs beside them;
 * - 'browser': the browser specs (an API, a worker and Chromium): one at a time, beside an integration spec or
 *   the code's own specs, never beside another browser spec (two Chromiums on two cores starve the pages);
 * - 'shared': the integration specs (the API and the worker against PostgreSQL and Redis, each in its own
 *   database and Redis prefix), beside anything but a bench smoke run;
 * - null: the code's own specs, which take no lock.
 */
function servicesClaim(path) {
  if (/[\\/]test[\\/]bench[\\/]/.test(path)) return 'whole';
  if (/[\\/]test[\\/]e2e[\\/]/.test(path)) return 'browser';
  if (/[\\/]test[\\/]integration[\\/]/.test(path)) return 'shared';
  return null;
}

module.exports = { servicesClaim };
