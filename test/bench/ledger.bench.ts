/**
 * bench:ledger (issue 22): the public ledger's reads at 1 M and 10 M entries. Each size gets its own database;
 * the entries and the stored tree are written by the bulk equivalent of the donation-ledger projector (SQL over
 * generate_series: the same leaf and node hashes, level by level), then the last entries of each size go
 * through the projector itself, so its append path and the bulk one must agree (the bench checks proofs served
 * against the shared verifier). Timed, one call at a time, through LedgerService as the routes call it:
 * inclusion proofs, consistency proofs and entries pages of random positions, and checkpoint signing after an
 * appended entry. BENCH_LEDGER_SIZES (default 1000000,10000000), BENCH_CALLS (1000); BENCH_SMOKE=1 runs tiny
 * sizes and prints without appending to docs/benchmarks.md.
 *
 * The CSV export (issue 22): the export's read model (finance_money_events: each entry with its number and its
 * donation's facts) is filled in bulk by SQL with as many entries (gifts received, then directed, over a year),
 * the next entry through its projector; then the whole ledger and one month are exported as the route does
 * (DonationEventsReader.ledgerPages and ledgerCsvLine, finance's full variant), timed, with the process's peak
 * heap and RSS sampled after every page.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { leafHash, verifyConsistency, verifyInclusion } from '@arena/contracts/ledger';
import { createDatabase } from '@arena/database';
import type { DonationEvent } from '@arena/donations/events';
import type { RecordedEvent } from '@arena/event-store';
import { LedgerCheckpointsRepository, LedgerService, ledgerSigningKey } from '@arena/ledger';
import { projectEvents } from '@arena/projection-runner/testing';
import { donationLedgerProjector } from '../../projections/donation-ledger/donation-ledger.projection';
import { financeMoneyEventsProjector } from '../../projections/finance-money-events/finance-money-events.projection';
import type { EventStore } from '@arena/event-store';
import { DonationEventsReader } from '../../libs/finance/src/application/queries/donation-events.reader';
import { ledgerCsvHeader, ledgerCsvLine } from '../../libs/finance/src/domain/ledger-csv';
import { createBenchDatabase, machineLine, percentile, publish, SMOKE } from './support/bench-kit';

const SIZES = (process.env.BENCH_LEDGER_SIZES ?? (SMOKE ? '1000' : '1000000,10000000'))
  .split(',')
  .map(Number);
const CALLS = Number(process.env.BENCH_CALLS ?? (SMOKE ? 20 : 1000));
/** Entries appended through the projector after the bulk part, one signing each. */
const APPENDED = Math.min(CALLS, 200);

interface Timing {
  name: string;
  p50: number;
  p99: number;
}

interface ExportResult {
  name: string;
  rows: number;
  seconds: number;
  peakHeapMegabytes: number;
  peakRssMegabytes: number;
}

interface SizeResult {
  size: number;
  buildSeconds: number;
  tableMegabytes: number;
  timings: Timing[];
  exports: ExportResult[];
}

async function main(): Promise<void> {
  const results: SizeResult[] = [];
  for (const size of SIZES) results.push(await benchSize(size));
  const body = [
    `The public ledger's reads over its stored Merkle tree, one call at a time through LedgerService (what the ` +
      `routes call), ${CALLS} random calls each; the entries and tree were written in bulk by SQL with the ` +
      `projector's hashes, the last ${APPENDED} entries through the projector itself, each followed by a signing. ` +
      machineLine('PostgreSQL and this script'),
    '',
    '| entries | build s | tables MB | call | p50 ms | p99 ms |',
    '|---:|---:|---:|---|---:|---:|',
    ...results.flatMap((r) =>
      r.timings.map(
        (t) =>
          `| ${r.size.toLocaleString('en-US')} | ${r.buildSeconds.toFixed(0)} | ${r.tableMegabytes.toFixed(0)} | ${t.name} | ${t.p50.toFixed(2)} | ${t.p99.toFixed(2)} |`,
      ),
    ),
    '',
    `The CSV export (finance's full variant), streamed in pages of ${EXPORT_PAGE.toLocaleString('en-US')} entries ` +
      'from its read model as GET /api/ledger/export.csv does, consumed in process; peak heap and RSS of this ' +
      'process, sampled after every page.',
    '',
    '| entries | export | rows | rows/s | peak heap MB | peak RSS MB |',
    '|---:|---|---:|---:|---:|---:|',
    ...results.flatMap((r) =>
      r.exports.map(
        (e) =>
          `| ${r.size.toLocaleString('en-US')} | ${e.name} | ${e.rows.toLocaleString('en-US')} | ${Math.round(e.rows / e.seconds).toLocaleString('en-US')} | ${e.peakHeapMegabytes.toFixed(0)} | ${e.peakRssMegabytes.toFixed(0)} |`,
      ),
    ),
  ].join('\n');
  publish('bench:ledger', body);
}

async function benchSize(size: number): Promise<SizeResult> {
  const database = await createBenchDatabase();
  const { db, close } = createDatabase(database.url, 4);
  try {
    const started = performance.now();
    const bulk = size - APPENDED;
    await bulkLedger(db, bulk);
    const key = ledgerSigningKey({ LEDGER_SIGNING_KEY: 'c3'.repeat(32), JWT_ACCESS_SECRET: 'x'.repeat(64) });
    const service = new LedgerService(db, key, new LedgerCheckpointsRepository(db));
    await service.onModuleInit();
    await service.signCheckpoint();
    const signings: number[] = [];
    for (let i = 0; i < APPENDED; i += 1) {
      await projectEvents(db, donationLedgerProjector, [received(bulk + i)]);
      const at = performance.now();
      await service.signCheckpoint();
      signings.push(performance.now() - at);
    }
    const buildSeconds = (performance.now() - started) / 1000;
    console.log(`${size} entries built and signed in ${buildSeconds.toFixed(0)} s`);
    await sql`VACUUM ANALYZE`.execute(db);

    const sizes = (await service.listCheckpoints(1000)).map((c) => c.treeSize);
    const newest = (await service.listCheckpoints(1))[0]!;
    const random = (n: number) => Math.floor(Math.random() * n);
    const ids = (
      await sql<{ id: string }>`
        SELECT id FROM ledger_entries WHERE index = ANY(${Array.from({ length: CALLS }, () => random(size))}::bigint[])`.execute(
        db,
      )
    ).rows.map((row) => row.id);

    const inclusion = await time(ids.length, async (i) => {
      const proof = await service.inclusionProof(ids[i]!);
      if (i < 5) await expectValid(proof.entry.hash, proof.leafIndex, proof.checkpoint, proof.auditPath);
    });
    const consistency = await time(CALLS, async (i) => {
      const from = sizes[1 + random(sizes.length - 1)]!;
      const proof = await service.consistency(from, newest.treeSize);
      if (
        i < 5 &&
        !(await verifyConsistency(from, newest.treeSize, proof.from.rootHash, newest.rootHash, proof.proof))
      )
        throw new Error(`consistency ${from} → ${newest.treeSize} does not verify`);
    });
    const pages = await time(CALLS, () => service.entries({ from: random(size), limit: 100 }));
    const exports = await benchExport(db, size);
    const { rows } = await sql<{ bytes: string }>`
      SELECT sum(pg_total_relation_size(c.oid))::text AS bytes FROM pg_class c
      WHERE c.relname LIKE 'ledger_entries_g%' OR c.relname LIKE 'ledger_tree_nodes_g%'`.execute(db);
    return {
      size,
      buildSeconds,
      tableMegabytes: Number(rows[0]!.bytes) / 1e6,
      timings: [
        { name: 'inclusion proof', ...inclusion },
        { name: 'consistency proof', ...consistency },
        { name: 'entries page (100)', ...pages },
        {
          name: `sign a checkpoint (${APPENDED} calls)`,
          p50: percentile(signings, 50),
          p99: percentile(signings, 99),
        },
      ],
      exports,
    };
  } finally {
    await close();
    await database.drop();
  }
}

/** The projector's entries and tree for indexes [0, n), written level by level in SQL with its hashes. */
async function bulkLedger(db: Kysely<any>, n: number): Promise<void> {
  const { rows } = await sql<{ generation: number }>`
    SELECT generation FROM projection_generations WHERE name = 'donation_ledger' AND status = 'active'`.execute(
    db,
  );
  const g = rows[0]!.generation;
  const entries = sql.table(`ledger_entries_g${g}`);
  const nodes = sql.table(`ledger_tree_nodes_g${g}`);
  // Synthetic entries (their hashes are not their bodies'): the tree is the subject here, not the chain. The
  // projector's appends after them chain on from the last one.
  await sql`
    INSERT INTO ${entries} (index, id, donation_id, body, prev_hash, hash, leaf_hash)
    SELECT i, 'bench-' || i, 'donation-' || i, '{"bench":' || i || '}',
      encode(sha256(int8send(i - 1)), 'hex'), encode(sha256(int8send(i)), 'hex'),
      encode(sha256('\\x00'::bytea || sha256(int8send(i))), 'hex')
    FROM generate_series(0, ${n - 1}::bigint) AS i`.execute(db);
  await sql`
    INSERT INTO ${nodes} (level, index, hash)
    SELECT 1, index / 2, sha256('\\x01'::bytea || decode(leaf_hash, 'hex') || decode(next, 'hex'))
    FROM (SELECT index, leaf_hash, lead(leaf_hash) OVER (ORDER BY index) AS next FROM ${entries}) pairs
    WHERE index % 2 = 0 AND next IS NOT NULL`.execute(db);
  for (let level = 2; 2 ** level <= n; level += 1) {
    await sql`
      INSERT INTO ${nodes} (level, index, hash)
      SELECT ${level}, index / 2, sha256('\\x01'::bytea || hash || next)
      FROM (
        SELECT index, hash, lead(hash) OVER (ORDER BY index) AS next
        FROM ${nodes} WHERE level = ${level - 1}
      ) pairs
      WHERE index % 2 = 0 AND next IS NOT NULL`.execute(db);
  }
}

const EXPORT_PAGE = 5000;
const EXPORT_START = Date.UTC(2025, 0, 1);
/** The bulk entries' spacing: the ledger spans a year, whatever its size. */
const spacingMs = (n: number) => Math.max(1, Math.floor((365 * 86_400_000) / n));

/**
 * The export's read model for entries [0, n) in SQL: gift 2k received (entry 2k) then directed (2k + 1), each
 * row with its donation's facts after it, as the projector writes them; then one entry through the projector,
 * which must number it n. The read model's checkpoint is its last row: nothing is left in the store's tail.
 */
async function bulkExportReadModel(db: Kysely<any>, n: number): Promise<void> {
  const { rows } = await sql<{ generation: number }>`
    SELECT generation FROM projection_generations WHERE name = 'finance_money_events' AND status = 'active'`.execute(
    db,
  );
  const table = sql.table(`finance_money_events_g${rows[0]!.generation}`);
  const spacing = spacingMs(n);
  await sql`
    INSERT INTO ${table}
      (event_id, position_commit, position_prepare, event_type, data, created_at, entry, donation_id, facts)
    SELECT 'bench-' || i, i + 1, i + 1,
      CASE WHEN i % 2 = 0 THEN 'DonationReceived' ELSE 'DonationDirected' END,
      CASE WHEN i % 2 = 0 THEN jsonb_build_object(
          'donationId', 'd-' || i / 2, 'amountCents', 100 + i / 2 % 900, 'currency', 'usd',
          'donorEmail', 'donor' || i / 2 || '@example.org', 'donorMemberId', null, 'charityEin', null,
          'checkoutSessionId', 'cs_bench_' || i / 2, 'paymentIntentId', 'pi_bench_' || i / 2,
          'providerEventId', 'evt_' || i, 'receiptCode', 'R-' || i / 2, 'receivedAt', '2025-01-01T00:00:00.000Z')
        ELSE jsonb_build_object(
          'donationId', 'd-' || i / 2, 'amountCents', 100 + i / 2 % 900, 'charityEin', '530196605',
          'charityName', 'American Red Cross', 'directedBy', jsonb_build_object('kind', 'platform', 'reason', 'donation-pool'),
          'source', jsonb_build_object('kind', 'gift', 'checkoutSessionId', 'cs_bench_' || i / 2),
          'receiptCode', 'R-' || i / 2, 'directedAt', '2025-01-01T00:00:00.000Z')
      END,
      to_timestamp(${EXPORT_START / 1000}::double precision + i * ${spacing / 1000}::double precision),
      i, 'd-' || i / 2,
      jsonb_build_object('amountCents', 100 + i / 2 % 900,
        'ein', CASE WHEN i % 2 = 1 THEN '530196605' END,
        'nonprofit', CASE WHEN i % 2 = 1 THEN 'American Red Cross' END,
        'directedBy', CASE WHEN i % 2 = 1 THEN 'Charity Arena' END, 'directedById', null,
        'receiptCode', 'R-' || i / 2, 'donorEmail', 'donor' || i / 2 || '@example.org', 'memberId', null)
    FROM generate_series(0, ${n - 1}::bigint) AS i`.execute(db);
  await projectEvents(db, financeMoneyEventsProjector, [received(n)]);
  const { rows: last } = await sql<{ entry: string }>`
    SELECT entry FROM ${table} WHERE event_id NOT LIKE 'bench-%'`.execute(db);
  if (Number(last[0]?.entry) !== n) throw new Error(`the projector numbered entry ${n} as ${last[0]?.entry}`);
  await sql`
    UPDATE projection_generations SET position_commit = ${n + 1}, position_prepare = ${n + 1}
    WHERE name = 'finance_money_events' AND status = 'active'`.execute(db);
}

async function benchExport(db: Kysely<any>, size: number): Promise<ExportResult[]> {
  await bulkExportReadModel(db, size);
  await sql`VACUUM ANALYZE`.execute(db);
  // The checkpoint is the read model's last row: the store's tail after it is empty.
  const store = { readAll: async () => [] } as unknown as EventStore;
  const reader = new DonationEventsReader(store, db);
  reader.exportPageSize = EXPORT_PAGE;
  const month = new Date(EXPORT_START + 180 * 86_400_000).toISOString().slice(0, 7);
  const from = new Date(`${month}-01T00:00:00.000Z`);
  const before = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + 1, 1));
  return [
    await exportOnce(reader, 'whole ledger', {}),
    await exportOnce(reader, `one month (${month})`, { from, before }),
  ];
}

async function exportOnce(
  reader: DonationEventsReader,
  name: string,
  range: { from?: Date; before?: Date },
): Promise<ExportResult> {
  global.gc?.();
  let peakHeap = process.memoryUsage().heapUsed;
  let peakRss = process.memoryUsage().rss;
  let rows = 0;
  let bytes = ledgerCsvHeader(true).length;
  const started = performance.now();
  for await (const page of reader.ledgerPages(range)) {
    let chunk = '';
    for (const row of page) chunk += ledgerCsvLine(row, { full: true });
    bytes += chunk.length;
    rows += page.length;
    const memory = process.memoryUsage();
    peakHeap = Math.max(peakHeap, memory.heapUsed);
    peakRss = Math.max(peakRss, memory.rss);
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `export ${name}: ${rows} rows, ${(bytes / 1e6).toFixed(0)} MB of CSV in ${seconds.toFixed(1)} s`,
  );
  return { name, rows, seconds, peakHeapMegabytes: peakHeap / 1e6, peakRssMegabytes: peakRss / 1e6 };
}

async function expectValid(
  entryHash: string,
  index: number,
  checkpoint: { treeSize: number; rootHash: string },
  path: string[],
): Promise<void> {
  if (
    !(await verifyInclusion(await leafHash(entryHash), index, checkpoint.treeSize, path, checkpoint.rootHash))
  )
    throw new Error(`the inclusion proof of entry ${index} does not verify`);
}

let position = 0;
function received(i: number): RecordedEvent {
  const donationId = randomUUID();
  const event = {
    type: 'DonationReceived',
    data: {
      donationId,
      amountCents: 100,
      currency: 'usd',
      donorEmail: null,
      donorMemberId: null,
      charityEin: '530196605',
      checkoutSessionId: `cs_bench_${i}`,
      paymentIntentId: `pi_bench_${i}`,
      providerEventId: `evt_bench_${i}`,
      receiptCode: `R-${i}`,
      receivedAt: '2026-11-27T10:00:00.000Z',
    },
  } as DonationEvent;
  return {
    id: randomUUID(),
    type: event.type,
    data: event.data,
    metadata: {},
    streamId: `donation-${donationId}`,
    revision: 0,
    position: { commit: 1n, prepare: BigInt(++position) },
    createdAt: new Date(),
  };
}

async function time(
  calls: number,
  run: (i: number) => Promise<unknown>,
): Promise<{ p50: number; p99: number }> {
  const latencies: number[] = [];
  for (let i = 0; i < calls; i += 1) {
    const started = performance.now();
    await run(i);
    latencies.push(performance.now() - started);
  }
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
