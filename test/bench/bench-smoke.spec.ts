import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Every script that `npm run bench:*` runs, in its smoke mode (BENCH_SMOKE=1: tiny sizes, figures that mean
 * nothing), from source as a child process, so a change that breaks a benchmark fails the suite rather than the
 * next measurement. The list comes from package.json, so a new bench is smoke-run without being added here. Each
 * must exit 0 and print its section; nothing is timed, and docs/benchmarks.md must stay as it was.
 */
const ROOT = join(__dirname, '../..');
const BENCHMARKS_FILE = join(ROOT, 'docs/benchmarks.md');
/** Generous for a busy machine: each bench with servers starts an API and a worker from source. */
const BENCH_TIMEOUT_MS = 240_000;
/** Benches run two at a time: jest runs the files one after another, so the machine's second core is free. */
const AT_ONCE = 2;

interface SmokeRun {
  script: string;
  file: string;
  args: string[];
}

/** package.json's bench:* scripts (but bench:build), by name without the prefix, and their commands. */
function benchScripts(): Array<[string, string]> {
  const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  return Object.entries(scripts)
    .filter(([name]) => name.startsWith('bench:') && name !== 'bench:build')
    .map(([name, command]) => [name.slice('bench:'.length), command]);
}

/** The files each bench:* script runs with node; dist/test/bench/x.bench.js is run from test/bench/x.bench.ts. */
function smokeRuns(): SmokeRun[] {
  return benchScripts().flatMap(([script, command]) =>
    // Node's own flags (`node --max-semi-space-size=64 dist/...`) come before the file.
    [...command.matchAll(/\bnode (?:--\S+ )*(\S+)/g)].map(([, file]) => {
      const source = file!.replace(/^dist\/(.*)\.js$/, '$1.ts');
      const args = source.endsWith('.ts') ? ['-r', '@swc-node/register', source] : [source];
      return { script, file: source, args };
    }),
  );
}

interface Outcome {
  exitCode: number | null;
  output: string;
  seconds: number;
}

/** One bench in its own process group, so a bench that hangs is stopped with the servers it started. */
function run(args: string[]): Promise<Outcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, {
      cwd: ROOT,
      env: { ...process.env, BENCH_SMOKE: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => {
      output += `\nstopped after ${BENCH_TIMEOUT_MS - 5_000} ms`;
      process.kill(-child.pid!, 'SIGKILL');
    }, BENCH_TIMEOUT_MS - 5_000);
    const done = (exitCode: number | null) => {
      clearTimeout(timer);
      resolve({ exitCode, output, seconds: (performance.now() - started) / 1000 });
    };
    child.once('error', (error) => {
      output += `\n${error.message}`;
      done(null);
    });
    child.once('close', done);
  });
}

/** Every bench's outcome, in the list's order; AT_ONCE run at any time, each that ends starting the next. */
function runAll(runs: readonly SmokeRun[]): Array<Promise<Outcome>> {
  const turns = runs.map(() => {
    let start!: () => void;
    const started = new Promise<void>((resolve) => (start = resolve));
    return { started, start };
  });
  const outcomes = runs.map((one, index) => turns[index]!.started.then(() => run(one.args)));
  let next = AT_ONCE;
  for (const outcome of outcomes) void outcome.then(() => turns[next++]?.start());
  for (const { start } of turns.slice(0, AT_ONCE)) start();
  return outcomes;
}

describe('benchmarks in smoke mode', () => {
  const runs = smokeRuns();
  const benchmarksBefore = readFileSync(BENCHMARKS_FILE, 'utf8');
  let outcomes: Array<Promise<Outcome>> = [];

  beforeAll(() => {
    outcomes = runAll(runs);
  });

  afterAll(async () => {
    // What each smoke run cost, for docs/testing.md; printed, never asserted.
    const seconds = await Promise.all(outcomes.map(async (outcome) => (await outcome).seconds));
    console.log(runs.map((one, index) => `${one.file}: ${seconds[index]!.toFixed(1)} s`).join('\n'));
  });

  it('finds the files of every bench:* script', () => {
    const names = benchScripts().map(([name]) => name);
    expect(names).toEqual(
      expect.arrayContaining(['append', 'scores', 'projection', 'replay', 'ledger', 'enumeration', 'web']),
    );
    // A script whose command no longer reads `node <file>` would otherwise be left out without a word.
    expect(names.filter((name) => !runs.some((one) => one.script === name))).toEqual([]);
  });

  it.each(runs.map((one, index) => [one.file, one.script, index] as const))(
    '%s runs to the end and prints its section',
    async (_file, script, index) => {
      const { exitCode, output } = await outcomes[index]!;
      // The output's end is in the failure message: it says why a bench broke.
      expect({ exitCode, output: output.slice(-6000) }).toMatchObject({ exitCode: 0 });
      expect(output).toMatch(new RegExp(`^#{2,3} bench:${script}\\b`, 'm'));
    },
    BENCH_TIMEOUT_MS,
  );

  it('appends nothing to docs/benchmarks.md', () => {
    expect(readFileSync(BENCHMARKS_FILE, 'utf8')).toBe(benchmarksBefore);
  });
});
