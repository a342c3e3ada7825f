#!/usr/bin/env node
/**
 * Records how long each test file took, for the sequencer's plan (test/interleaving-sequencer.js):
 *   npx jest --json --outputFile=/tmp/jest.json && node test/record-durations.js /tmp/jest.json
 * A file's time is the sum of its tests plus two seconds of set-up: jest's own file time would count the
 * wait for the services lock too. Files of the old table that this run did not cover keep their time.
 */
const { existsSync, readFileSync, writeFileSync } = require('node:fs');
const { dirname, relative, resolve } = require('node:path');

const ROOT = resolve(__dirname, '..');
const TABLE = resolve(__dirname, 'file-durations.json');
const SET_UP_SECONDS = 2;

const [input] = process.argv.slice(2);
if (!input) throw new Error('usage: node test/record-durations.js <jest --json output>');
const run = JSON.parse(readFileSync(input, 'utf8'));
let table = {};
try {
  table = JSON.parse(readFileSync(TABLE, 'utf8'));
} catch {
  // No table yet: this run makes it.
}
/** The file's path in its checkout (the run may come from another clone): from the nearest package.json up. */
function inCheckout(path) {
  let dir = dirname(path);
  while (!existsSync(resolve(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return relative(dir, path).split('\\').join('/');
}
for (const file of run.testResults) {
  const tests = file.assertionResults.reduce((sum, test) => sum + (test.duration ?? 0), 0) / 1000;
  table[inCheckout(file.name)] = Math.round((tests + SET_UP_SECONDS) * 10) / 10;
}
const sorted = Object.fromEntries(Object.entries(table).sort(([a], [b]) => a.localeCompare(b)));
writeFileSync(TABLE, `${JSON.stringify(sorted, null, 2)}\n`);
console.log(`${Object.keys(run.testResults).length} files recorded in ${relative(ROOT, TABLE)}`);
