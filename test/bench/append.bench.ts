/**
 * bench:append: append throughput and latency of the PostgreSQL event store, one event per append,
 * each writer on its own stream, beside the raw single-row INSERT rate of the same server (the
 * ceiling). Creates and drops its own database; appends the results to docs/benchmarks.md. Compiled
 * by SWC with the server (npm run bench:append) rather than through a TypeScript loader.
 */
import { randomUUID } from 'node:crypto';
import { Client, Pool } from 'pg';
import { PostgresEventStore } from '@arena/event-store';
import { createBenchDatabase, machineLine, percentile, publish, SMOKE } from './support/bench-kit';

// BENCH_SECONDS and BENCH_WRITERS (comma-separated) shorten or focus a run; BENCH_SMOKE=1 runs tiny sizes.
const SECONDS_PER_RUN = Number(process.env.BENCH_SECONDS ?? (SMOKE ? 1 : 10));
/** Appends and raw inserts take turns in short rounds so both see the same load on a shared machine. */
const ROUND_SECONDS = 1;
const WRITER_COUNTS = (process.env.BENCH_WRITERS ?? (SMOKE ? '1,4' : '1,8,32')).split(',').map(Number);
const LAG_RATE = 500;
const LAG_WRITERS = 8;

interface Measurement {
  operations: number;
  seconds: number;
  latenciesMs: number[];
}

type Operation = () => Promise<void>;

interface Row {
  writers: number;
  append: Measurement;
  raw: Measurement;
}

async function main(): Promise<void> {
  const database = await createBenchDatabase();
  const { url } = database;
  try {
    await withClient(url, (client) =>
      client.query(
        'CREATE TABLE bench_raw (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, data jsonb NOT NULL)',
      ),
    );
    const rows: Row[] = [];
    for (const writers of WRITER_COUNTS) {
      rows.push(await benchWriters(url, writers));
      console.log(`${writers} writer(s) done`);
    }
    const lag = await benchSubscriptionLag(url);
    publish('bench:append', await formatReport(url, rows, lag));
  } finally {
    await database.drop();
  }
}

async function benchWriters(url: string, writers: number): Promise<Row> {
  const store = new PostgresEventStore({ connectionString: url, poolSize: writers });
  const pool = new Pool({ connectionString: url, max: writers });
  try {
    const appenders = Array.from({ length: writers }, (): Operation => {
      const streamId = `bench-${randomUUID()}`;
      let revision: number | 'no_stream' = 'no_stream';
      return async () => {
        const result = await store.appendToStream(
          streamId,
          [{ id: randomUUID(), type: 'BenchmarkEventAppended', data: { amountCents: 1234, note: 'bench' } }],
          { expectedRevision: revision },
        );
        revision = result.nextExpectedRevision;
      };
    });
    const inserters = Array.from({ length: writers }, (): Operation => async () => {
      await pool.query('INSERT INTO bench_raw (data) VALUES ($1)', [
        JSON.stringify({ amountCents: 1234, note: 'bench' }),
      ]);
    });
    // Warm up: connections opened, statements prepared.
    await Promise.all([...appenders, ...inserters].map((operation) => operation()));
    const append = emptyMeasurement();
    const raw = emptyMeasurement();
    for (let round = 0; round < SECONDS_PER_RUN / ROUND_SECONDS; round++) {
      await runRound(appenders, append);
      await runRound(inserters, raw);
    }
    return { writers, append, raw };
  } finally {
    await store.close();
    await pool.end();
  }
}

/**
 * Delivery lag, from an append's return to a subscriber on another store instance (its own pool and
 * LISTEN connection, as in the worker), at a paced LAG_RATE appends/s from LAG_WRITERS writers.
 */
async function benchSubscriptionLag(url: string): Promise<number[]> {
  const writerStore = new PostgresEventStore({ connectionString: url, poolSize: LAG_WRITERS });
  const readerStore = new PostgresEventStore({ connectionString: url, poolSize: 2 });
  const appendedAt = new Map<string, number>();
  const receivedAt = new Map<string, number>();
  const subscription = readerStore.subscribeToAll({
    after: await readerStore.headPosition(),
    eventTypes: ['LagProbed'],
  });
  const consuming = (async () => {
    for await (const event of subscription) receivedAt.set(event.id, performance.now());
  })();
  try {
    const perWriterIntervalMs = (1000 * LAG_WRITERS) / LAG_RATE;
    const deadline = performance.now() + SECONDS_PER_RUN * 1000;
    await Promise.all(
      Array.from({ length: LAG_WRITERS }, async (_, writer) => {
        const streamId = `lag-${randomUUID()}`;
        let next = performance.now() + (writer * perWriterIntervalMs) / LAG_WRITERS;
        while (next < deadline) {
          await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())));
          const id = randomUUID();
          await writerStore.appendToStream(streamId, [{ id, type: 'LagProbed', data: {} }]);
          appendedAt.set(id, performance.now());
          next += perWriterIntervalMs;
        }
      }),
    );
    const waitUntil = performance.now() + 10_000;
    while (receivedAt.size < appendedAt.size && performance.now() < waitUntil) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    if (receivedAt.size < appendedAt.size) {
      throw new Error(`The subscriber received ${receivedAt.size} of ${appendedAt.size} events`);
    }
    // A subscriber may see an event before its append call has returned: that counts as no lag.
    return [...appendedAt].map(([id, at]) => Math.max(0, receivedAt.get(id)! - at));
  } finally {
    await subscription.unsubscribe();
    await consuming;
    await readerStore.close();
    await writerStore.close();
  }
}

/** Each writer repeats its operation, one at a time, until the round is over. */
async function runRound(operations: Operation[], into: Measurement): Promise<void> {
  const started = process.hrtime.bigint();
  const deadline = started + BigInt(ROUND_SECONDS * 1e9);
  await Promise.all(
    operations.map(async (operation) => {
      while (process.hrtime.bigint() < deadline) {
        const before = process.hrtime.bigint();
        await operation();
        into.latenciesMs.push(Number(process.hrtime.bigint() - before) / 1e6);
        into.operations++;
      }
    }),
  );
  into.seconds += Number(process.hrtime.bigint() - started) / 1e9;
}

function emptyMeasurement(): Measurement {
  return { operations: 0, seconds: 0, latenciesMs: [] };
}

async function formatReport(url: string, rows: Row[], lagMs: number[]): Promise<string> {
  const rate = (m: Measurement) => m.operations / m.seconds;
  const lines = rows.map(({ writers, append, raw }) =>
    [
      writers,
      Math.round(rate(append)),
      percentile(append.latenciesMs, 50).toFixed(2),
      percentile(append.latenciesMs, 99).toFixed(2),
      Math.round(rate(raw)),
      percentile(raw.latenciesMs, 50).toFixed(2),
      percentile(raw.latenciesMs, 99).toFixed(2),
      (rate(append) / rate(raw)).toFixed(2),
    ].join(' | '),
  );
  const settings = await withClient(url, (client) =>
    client.query<{ version: string; commit: string }>(
      `SELECT current_setting('server_version') AS version, current_setting('synchronous_commit') AS commit`,
    ),
  );
  const server = settings.rows[0]!;
  return [
    `One event per append, each writer on its own stream with an exact expected ` +
      `revision, beside single-row INSERTs into a plain table (one identity primary key, a jsonb column) at the same ` +
      `concurrency; the two take turns in ${ROUND_SECONDS} s rounds, ${SECONDS_PER_RUN} s each per row. The store ` +
      `writes at most 4 appends at once (its default \`appendConcurrency\`); those that wait go together as one ` +
      `group (one transaction, \`append_to_streams\`), which is how the appends can pass the raw INSERTs. ` +
      `PostgreSQL ${server.version}, synchronous_commit ${server.commit}; ` +
      machineLine('the database, this script and whatever else runs'),
    '',
    '| writers | append ops/s | append p50 ms | append p99 ms | raw INSERT ops/s | raw p50 ms | raw p99 ms | append ÷ raw |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...lines.map((line) => `| ${line} |`),
    '',
    `Delivery lag at ${LAG_RATE} appends/s (${LAG_WRITERS} writers, ${lagMs.length} events), from the append's ` +
      `return to a subscriber on another store instance woken by NOTIFY: p50 ${percentile(lagMs, 50).toFixed(1)} ms, ` +
      `p99 ${percentile(lagMs, 99).toFixed(1)} ms, max ${percentile(lagMs, 100).toFixed(1)} ms.`,
  ].join('\n');
}

async function withClient<T>(url: string, run: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
