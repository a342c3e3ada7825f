import { randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from 'pg';
import { createDatabase } from '@arena/database';
import { ensureProjection } from '@arena/projection-runner';
import { projectors } from '@arena/projections/registry';
import { migrateToLatest } from '../../../migrations/migrator';

/** Shared by the `npm run bench:*` scripts: their own database, percentiles, and the figures file. */
export const BENCH_POSTGRES_URL =
  process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export function databaseUrl(name: string): string {
  const url = new URL(BENCH_POSTGRES_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin(sql: string) {
  const client = new Client({ connectionString: BENCH_POSTGRES_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export interface BenchDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** A fresh database, migrated, with every read model's first tables. */
export async function createBenchDatabase(): Promise<BenchDatabase> {
  const name = `arena_bench_${randomBytes(4).toString('hex')}`;
  await admin(`CREATE DATABASE ${name}`);
  const url = databaseUrl(name);
  const { db, close } = createDatabase(url, 1);
  try {
    await migrateToLatest(db);
    for (const projector of projectors) await ensureProjection(db, projector);
  } finally {
    await close();
  }
  return { name, url, drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** Nearest-rank percentile of unsorted values; p in 0..100. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

const CLOCK_TICKS_PER_SECOND = 100;

/** CPU seconds (user + system) a process has used so far, from Linux's /proc/<pid>/stat. */
export function processCpuSeconds(pid: number): number {
  // After the parenthesised command name, fields 14 and 15 of the line are user and system ticks.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
}

/** One line on what the figures were measured on: they mean little without it. */
export function machineLine(sharedBy = 'the database, the servers and this script'): string {
  const load = loadavg()
    .map((value) => value.toFixed(1))
    .join(', ');
  return `Node ${process.version}; ${cpus().length} CPUs shared by ${sharedBy} (load average ${load} at the end).`;
}

/** True when this runs from source through @swc-node/register (the smoke runs), false when built into dist/. */
export const FROM_SOURCE = __filename.endsWith('.ts');

/** The repository's root, from test/bench/support or from its build in dist/test/bench/support. */
export const ROOT = resolve(__dirname, FROM_SOURCE ? '../../..' : '../../../..');

/**
 * Node's arguments to run a script named by its source path from the root (e.g. apps/api/src/main.ts) the way
 * this process runs: from source through @swc-node/register, or its build in dist/ (npm run bench:*).
 */
export function nodeScript(sourcePath: string): string[] {
  return FROM_SOURCE
    ? ['-r', '@swc-node/register', join(ROOT, sourcePath)]
    : [join(ROOT, 'dist', sourcePath.replace(/\.ts$/, '.js'))];
}

/** A TCP port free on 127.0.0.1 right now, for a server this bench starts (two benches may run at once). */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolvePort(port));
    });
  });
}

/**
 * BENCH_SMOKE=1: tiny sizes, a few seconds, nothing appended to docs/benchmarks.md. The test suite runs every
 * benchmark this way, so a change that breaks one fails CI; its figures mean nothing.
 */
export const SMOKE = process.env.BENCH_SMOKE === '1';

/** Prints a section and appends it, dated, to docs/benchmarks.md (not in a smoke run). */
export function publish(heading: string, body: string): void {
  const section = `## ${heading}\n\nRun ${new Date().toISOString()}. ${body}`;
  console.log(section);
  if (SMOKE) return;
  const docs = join(ROOT, 'docs');
  const file = join(docs, 'benchmarks.md');
  if (!existsSync(file)) {
    mkdirSync(docs, { recursive: true });
    writeFileSync(
      file,
      '# Benchmarks\n\nEach `npm run bench:*` script appends a section here when it runs.\n',
    );
  }
  appendFileSync(file, `\n${section}\n`);
  console.log('Appended to docs/benchmarks.md');
}
