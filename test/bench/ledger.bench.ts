/**
 * bench:ledger (issue 22): the public ledger's reads at 1 M and 10 M entries. Each size gets its own database;
 * the entries and the stored tree are written by the bulk equivalent of the donation-ledger projector (SQL over
 * generate_series: the same leaf and node hashes, level by level), then the last entries of each size go
 * through the projector itself, so its append path and the bulk one must agree (the bench checks proofs served
 * against the shared verifier). Timed, one call at a time, through LedgerService as the routes call it:
 * inclusion proofs, consistency proofs and entries pages of random positions, and checkpoint signing after an
 * appended entry. BENCH_LEDGER_SIZES (default 1000000,10000000), BENCH_CALLS (1000); BENCH_SMOKE=1 runs tiny
 * sizes and prints without appending to docs/benchmarks.md.
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

interface SizeResult {
  size: number;
  buildSeconds: number;
  tableMegabytes: number;
  timings: Timing[];
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
