import { randomUUID } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import fc from 'fast-check';
import type {
  LedgerCheckpoint,
  LedgerConsistencyProof,
  LedgerEntries,
  LedgerInclusionProof,
  LedgerKeys,
} from '@arena/contracts';
import { leafHash, merkleRoot, verifyConsistency, verifyInclusion } from '@arena/contracts/ledger';
import type { DonationEvent } from '@arena/donations/events';
import type { RecordedEvent } from '@arena/event-store';
import { projectEvents } from '@arena/projection-runner/testing';
import { donationLedgerProjector } from '@arena/projections/donation-ledger/donation-ledger.projection';
import { projectors } from '@arena/projections/registry';
import { createTestDatabase, testAppConfig, type TestDatabase } from '@arena/testing';
import { createApiApp } from '../../apps/api/src/bootstrap';

/**
 * The public ledger served from its stored Merkle tree (issue 22): for random sequences of appends and signed
 * checkpoints, every inclusion and consistency proof the API serves verifies against its signed checkpoints with
 * the shared verifier, and every signed root is the root recomputed from the entries. Also the checkpoint pages,
 * the key history, and the proof routes' cache headers and per-client limit.
 */
describe('the public ledger over its stored tree', () => {
  let database: TestDatabase;
  let app: NestFastifyApplication;
  const operator = { authorization: 'Bearer test-metrics-token-000000000000' };

  beforeAll(async () => {
    database = await createTestDatabase(2);
    for (const projector of projectors) await projectEvents(database.db, projector, []);
    app = await createApiApp(
      testAppConfig(database.url, {
        LEDGER_PROOFS_PER_MINUTE: '100000',
        TRUST_PROXY: '1',
        METRICS_TOKEN: 'test-metrics-token-000000000000',
      }),
    );
  });

  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  let position = 0;
  const received = (i: number): RecordedEvent => {
    const donationId = randomUUID();
    const event: DonationEvent = {
      type: 'DonationReceived',
      data: {
        donationId,
        amountCents: 100 + i,
        currency: 'usd',
        donorEmail: null,
        donorMemberId: null,
        charityEin: '530196605',
        checkoutSessionId: `cs_test_${i}`,
        paymentIntentId: `pi_test_${i}`,
        providerEventId: `evt_${randomUUID()}`,
        receiptCode: `R-${i}`,
        receivedAt: '2026-11-23T10:00:00.000Z',
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
  };

  const get = async <T>(url: string, client = '198.51.100.1') => {
    const response = await app.inject({
      method: 'GET',
      url,
      remoteAddress: '192.0.2.1',
      headers: { 'x-forwarded-for': client },
    });
    return { response, data: (response.json() as { data: T }).data };
  };
  const sign = async () => {
    const response = await app.inject({ method: 'POST', url: '/api/ledger/checkpoints', headers: operator });
    if (response.statusCode >= 300) throw new Error(response.body);
    return (response.json() as { data: LedgerCheckpoint }).data;
  };
  const allEntries = async () => {
    const entries: LedgerEntries['entries'] = [];
    for (;;) {
      const { data } = await get<LedgerEntries>(`/api/ledger/entries?from=${entries.length}&limit=200`);
      entries.push(...data.entries);
      if (data.entries.length < 200) return entries;
    }
  };

  it('serves proofs that verify against their signed checkpoints, for random appends and checkpoints', async () => {
    const signed: LedgerCheckpoint[] = [];
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 4 }),
        async (runs) => {
          for (const run of runs) {
            await projectEvents(
              database.db,
              donationLedgerProjector,
              Array.from({ length: run }, (_, i) => received(i)),
            );
            signed.push(await sign());
          }
          const entries = await allEntries();
          const leaves = await Promise.all(entries.map((entry) => leafHash(entry.hash)));
          for (const checkpoint of signed)
            expect(checkpoint.rootHash).toBe(await merkleRoot(leaves.slice(0, checkpoint.treeSize)));
          const newest = signed[signed.length - 1]!;
          for (const index of new Set([0, newest.treeSize - 1, Math.floor(newest.treeSize / 2)])) {
            const { data: proof } = await get<LedgerInclusionProof>(
              `/api/ledger/entries/${entries[index]!.id}/proof`,
            );
            expect(proof.checkpoint).toEqual(newest);
            expect(
              await verifyInclusion(leaves[index]!, index, newest.treeSize, proof.auditPath, newest.rootHash),
            ).toBe(true);
          }
          for (const older of signed.slice(-5)) {
            const { data } = await get<LedgerConsistencyProof>(
              `/api/ledger/consistency?from=${older.treeSize}&to=${newest.treeSize}`,
            );
            expect(
              await verifyConsistency(
                older.treeSize,
                newest.treeSize,
                older.rootHash,
                newest.rootHash,
                data.proof,
              ),
            ).toBe(true);
          }
        },
      ),
      { numRuns: 6 },
    );
  });

  it('pages the checkpoints newest first with `before`, and lists the signing key with the sizes it signed', async () => {
    const { data: first } = await get<{ checkpoints: LedgerCheckpoint[] }>('/api/ledger/checkpoints?limit=3');
    expect(first.checkpoints).toHaveLength(3);
    const sizes = first.checkpoints.map((c) => c.treeSize);
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
    const { data: next } = await get<{ checkpoints: LedgerCheckpoint[] }>(
      `/api/ledger/checkpoints?limit=3&before=${sizes[2]}`,
    );
    expect(next.checkpoints.length).toBeGreaterThan(0);
    expect(next.checkpoints.every((c) => c.treeSize < sizes[2]!)).toBe(true);

    const { data: keys } = await get<LedgerKeys>('/api/ledger/keys');
    const { data: publicKey } = await get<{ keyId: string; publicKey: string }>('/api/ledger/public-key');
    const { data: oldest } = await get<{ checkpoints: LedgerCheckpoint[] }>(
      `/api/ledger/checkpoints?limit=1&before=${sizes[sizes.length - 1]! + 1}`,
    );
    expect(keys.keys).toEqual([
      {
        algorithm: 'Ed25519',
        keyId: publicKey.keyId,
        publicKey: publicKey.publicKey,
        current: true,
        firstTreeSize: expect.any(Number),
        lastTreeSize: sizes[0],
      },
    ]);
    expect(keys.keys[0]!.firstTreeSize).toBeLessThanOrEqual(oldest.checkpoints[0]!.treeSize);
  });

  it('marks a consistency proof cacheable forever and an inclusion proof until the next checkpoint', async () => {
    const { data } = await get<{ checkpoints: LedgerCheckpoint[] }>('/api/ledger/checkpoints?limit=2');
    const [to, from] = data.checkpoints;
    const { response } = await get(`/api/ledger/consistency?from=${from!.treeSize}&to=${to!.treeSize}`);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const [entry] = await allEntries();
    const { response: proof } = await get(`/api/ledger/entries/${entry!.id}/proof`);
    expect(proof.headers['cache-control']).toBe('public, max-age=60');
  });

  it('refuses a size that was never signed, and a reversed range, with the error shape', async () => {
    // Sizes past every append: the random checkpoints above may have signed any small size, 1 included.
    const { response: unsigned } = await get('/api/ledger/consistency?from=999998&to=999999');
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json()).toMatchObject({
      success: false,
      message: 'No signed checkpoint has tree size 999998',
    });
    const { response: reversed } = await get('/api/ledger/consistency?from=3&to=2');
    expect(reversed.statusCode).toBe(400);
  });
});

describe('the public ledger proof routes: per-client limit', () => {
  let database: TestDatabase;
  let app: NestFastifyApplication;

  beforeAll(async () => {
    database = await createTestDatabase(2);
    for (const projector of projectors) await projectEvents(database.db, projector, []);
    app = await createApiApp(
      testAppConfig(database.url, { LEDGER_PROOFS_PER_MINUTE: '2', TRUST_PROXY: '1' }),
    );
  });

  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  it('answers 429 with Retry-After past LEDGER_PROOFS_PER_MINUTE proofs from one client address, not for another', async () => {
    const proof = (client: string) =>
      app.inject({
        method: 'GET',
        url: '/api/ledger/consistency?from=1&to=2',
        remoteAddress: '192.0.2.1',
        headers: { 'x-forwarded-for': client },
      });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await proof('198.51.100.20')).statusCode);
    // No checkpoints here: the first two are counted and answered 400, the third is refused before any read.
    expect(statuses).toEqual([400, 400, 429]);
    const refused = await proof('198.51.100.20');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({
      success: false,
      message: 'Too many requests. Please wait a moment and try again.',
    });
    expect((await proof('198.51.100.21')).statusCode).toBe(400);
  });
});
