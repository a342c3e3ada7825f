const { readFileSync, statSync } = require('node:fs');
const { relative, resolve } = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;
const { servicesClaim } = require('./serial-files');

const ROOT = resolve(__dirname, '..');
/** Seconds each file took, from a recorded run (test/record-durations.js); a new file is guessed from its size. */
const DURATIONS_FILE = resolve(__dirname, 'file-durations.json');
/** Seconds per byte of a file nobody has timed yet, by what it takes of the services (measured averages). */
const SECONDS_PER_BYTE = { whole: 1e-3, browser: 1.4e-3, shared: 0.5e-3, none: 0.1e-3 };

function recordedDurations() {
  try {
    return JSON.parse(readFileSync(DURATIONS_FILE, 'utf8'));
  } catch {
    return {};
  }
}

/**
 * Orders the files for jest's two workers, which each take the next file when free, under the services lock
 * (test/serial-lock.ts): browser specs one at a time, bench smoke runs alone, everything else side by side.
 * It plays the run out with each file's recorded (or guessed) duration: the worker that frees first takes the
 * longest browser spec when the other worker is not running one, since the browser specs are the longest
 * chain, and otherwise the longest integration spec, then the longest of the code's own specs, which fill the
 * gaps at the end. A failed file from the last run still goes first, as in jest's own order. When the real
 * durations differ from the recorded ones, a worker may wait for a lock a while; nothing runs unlocked.
 */
class InterleavingSequencer extends Sequencer {
  sort(tests) {
    const recorded = recordedDurations();
    const items = super.sort(tests).map((test) => {
      const claim = servicesClaim(test.path);
      const known = recorded[relative(ROOT, test.path).split('\\').join('/')];
      const guess = () => statSync(test.path).size * SECONDS_PER_BYTE[claim ?? 'none'];
      return { test, claim, seconds: known ?? guess(), failed: this.hasFailed(test) };
    });
    const byLongest = (a, b) => b.seconds - a.seconds;
    const failedFirst = items.filter((item) => item.failed);
    const pending = items.filter((item) => !item.failed).sort(byLongest);

    const workers = [
      { freeAt: 0, claim: null },
      { freeAt: 0, claim: null },
    ];
    const ordered = [...failedFirst.map((item) => item.test)];
    while (pending.length > 0) {
      const [worker, other] = workers[0].freeAt <= workers[1].freeAt ? workers : [workers[1], workers[0]];
      const otherBusy = other.freeAt > worker.freeAt ? other.claim : null;
      const allowed = (claim) =>
        otherBusy === 'whole' ? claim === null : !(otherBusy === 'browser' && claim === 'browser');
      const pick =
        ['whole', 'browser', 'shared', null]
          .map((claim) => pending.find((item) => item.claim === claim && allowed(claim)))
          .find(Boolean) ?? pending[0];
      pending.splice(pending.indexOf(pick), 1);
      // A file that must wait for the other's lock starts when the other ends.
      const conflicts =
        otherBusy &&
        (pick.claim === 'whole' ||
          otherBusy === 'whole' ||
          (pick.claim === 'browser' && otherBusy === 'browser'));
      const start = conflicts && pick.claim ? other.freeAt : worker.freeAt;
      worker.freeAt = start + pick.seconds;
      worker.claim = pick.claim;
      ordered.push(pick.test);
    }
    return ordered;
  }
}

module.exports = InterleavingSequencer;
