const Sequencer = require('@jest/test-sequencer').default;
const { SERIAL_FILES } = require('./serial-files');

/**
 * Jest's order (last run's failures first, then the slowest, or the biggest files when nothing is known),
 * with the files that run one at a time (test/serial-lock.ts) spread evenly among the others: jest gives
 * each free worker the next file, so while one worker holds the lock with a browser or integration file,
 * the other runs the code's own specs instead of waiting for the lock.
 */
class InterleavingSequencer extends Sequencer {
  sort(tests) {
    const ordered = super.sort(tests);
    const serial = ordered.filter((test) => SERIAL_FILES.test(test.path));
    const free = ordered.filter((test) => !SERIAL_FILES.test(test.path));
    const perSerial = free.length / Math.max(1, serial.length);
    const interleaved = [];
    let next = 0;
    serial.forEach((test, index) => {
      interleaved.push(test);
      for (const until = Math.round((index + 1) * perSerial); next < until; next++) interleaved.push(free[next]);
    });
    return interleaved.concat(free.slice(next));
  }
}

module.exports = InterleavingSequencer;
