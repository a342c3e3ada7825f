import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { ledgerEntriesParams, type LedgerEntries } from '@arena/contracts';
import { verifyCheckpointSignature } from '@arena/contracts/ledger';
import type { DonationEvent } from '@arena/donations/events';
import type { RecordedEvent } from '@arena/event-store';
import { LedgerCheckpointsRepository, LedgerService, ledgerSigningKey } from '@arena/ledger';
import { donationLedgerProjector } from '@arena/projections/donation-ledger/donation-ledger.projection';
import { projectEvents } from '@arena/projection-runner/testing';
import { createTestDatabase, type TestDatabase } from '@arena/testing';
import { describeVerification, verifyLedgerAt, verifyLedgerFrom, type Fetch } from './ledger-verify-run';

describe('ledger:verify against the ledger service', () => {
  let database: TestDatabase;
  let service: LedgerService;
  const key = ledgerSigningKey({ LEDGER_SIGNING_KEY: undefined, JWT_ACCESS_SECRET: 'a'.repeat(64) });

  let position = 0;
  const directed = (amountCents: number): RecordedEvent => {
    const donationId = randomUUID();
    return {
      id: randomUUID(),
      type: 'DonationDirected',
      data: {
        donationId,
        amountCents,
        charityEin: '530196605',
        charityName: 'American Red Cross',
        directedBy: { kind: 'platform', reason: 'donation-pool' },
        source: { kind: 'gift', checkoutSessionId: `cs_${donationId}` },
        receiptCode: `R-${amountCents}`,
        directedAt: '2026-11-23T10:00:00.000Z',
      } satisfies Extract<DonationEvent, { type: 'DonationDirected' }>['data'],
      metadata: {},
      streamId: `donation-${donationId}`,
      revision: 0,
      position: { commit: 1n, prepare: BigInt(++position) },
      createdAt: new Date(),
    };
  };

  beforeAll(async () => {
    database = await createTestDatabase(2);
    const db = database.db as Kysely<any>;
    service = new LedgerService(db, key, new LedgerCheckpointsRepository(db));
    await service.onModuleInit();
  });
  afterAll(() => database.drop());

  /** The public routes, answered by the service as the controller does. */
  const api =
    (tamper: (page: LedgerEntries) => LedgerEntries = (page) => page): Fetch =>
    async (url) => {
      const { pathname, searchParams } = new URL(url);
      const n = (name: string) => Number(searchParams.get(name));
      if (pathname === '/api/ledger/entries') {
        // The controller's validation: a page larger than the route serves is a 400.
        const query = ledgerEntriesParams.safeParse(Object.fromEntries(searchParams));
        if (!query.success) return { ok: false, status: 400, json: async () => ({ success: false }) };
        const data = tamper(await service.entries(query.data));
        return { ok: true, status: 200, json: async () => ({ success: true, data }) };
      }
      const before = searchParams.get('before');
      const data =
        pathname === '/api/ledger/checkpoints'
          ? {
              checkpoints: await service.listCheckpoints(
                n('limit'),
                before === null ? undefined : Number(before),
              ),
            }
          : pathname === '/api/ledger/public-key'
            ? service.publicKey()
            : pathname === '/api/ledger/keys'
              ? await service.keys()
              : await service.consistency(n('from'), n('to'));
      return { ok: true, status: 200, json: async () => ({ success: true, data }) };
    };

  it('verifies an honest ledger with several checkpoints, and signs nothing new when nothing changed', async () => {
    await projectEvents(database.db, donationLedgerProjector, [directed(100), directed(250)]);
    const first = await service.signCheckpoint();
    expect(first.created).toBe(true);
    expect(await verifyCheckpointSignature(first.checkpoint, key.publicKey.publicKey)).toBe(true);
    expect((await service.signCheckpoint()).created).toBe(false);
    await projectEvents(database.db, donationLedgerProjector, [directed(300), directed(5), directed(7)]);
    expect((await service.signCheckpoint()).checkpoint.treeSize).toBe(5);

    const result = await verifyLedgerAt('http://ledger.test', api());
    expect(result.checks.filter((c) => !c.ok)).toEqual([]);
    expect(result.checks.map((c) => c.name)).toEqual(
      expect.arrayContaining(['hash chain of 5 entries', 'consistency 2 → 5']),
    );
    expect(describeVerification('http://ledger.test', result)).toMatch(/verifies: 6 checks passed/);

    const [fourth] = (await service.entries({ from: 3, limit: 1 })).entries;
    const proof = await service.inclusionProof(fourth!.id);
    expect(proof).toMatchObject({ leafIndex: 3, checkpoint: { treeSize: 5 } });
    await expect(service.consistency(5, 2)).rejects.toThrow('from must not be greater than to');
    await expect(service.consistency(1, 5)).rejects.toThrow('No signed checkpoint has tree size 1');
    await expect(service.inclusionProof(randomUUID())).rejects.toThrow('No ledger entry has this id');
  });

  it('fails on a copy with an edited or a dropped entry', async () => {
    const edited = await verifyLedgerAt(
      'http://ledger.test',
      api((page) => ({
        ...page,
        entries: page.entries.map((e) => (e.index === 1 ? { ...e, body: { ...e.body, amountCents: 1 } } : e)),
      })),
    );
    expect(edited.ok).toBe(false);
    expect(describeVerification('http://ledger.test', edited)).toMatch(
      /FAIL hash chain of 5 entries: entry 1/,
    );

    const dropped = await verifyLedgerAt(
      'http://ledger.test',
      api((page) => ({ ...page, entries: page.entries.filter((e) => e.index !== 4) })),
    );
    expect(dropped.ok).toBe(false);
  });

  it('checks only what was added since a trusted checkpoint, and refuses a rewritten history or another key', async () => {
    const full = await verifyLedgerAt('http://ledger.test', api(), { pinnedKey: key.publicKey.publicKey });
    expect(full.ok).toBe(true);
    const trusted = full.trusted!;
    expect(trusted.checkpoint.treeSize).toBe(5);

    await projectEvents(database.db, donationLedgerProjector, [directed(11), directed(12), directed(13)]);
    await service.signCheckpoint();
    const requested: string[] = [];
    const counting: Fetch = async (url) => {
      requested.push(new URL(url).pathname + new URL(url).search);
      return api()(url);
    };
    const light = await verifyLedgerFrom('http://ledger.test', counting, trusted);
    expect(light.checks.filter((c) => !c.ok)).toEqual([]);
    expect(light.trusted.checkpoint.treeSize).toBe(8);
    // The newest checkpoint, one consistency proof and the three new entries: nothing before them.
    expect(requested).toEqual([
      '/api/ledger/checkpoints?limit=1',
      '/api/ledger/consistency?from=5&to=8',
      '/api/ledger/entries?from=5&limit=3',
    ]);
    // Nothing new: still fine, and the state does not move.
    expect((await verifyLedgerFrom('http://ledger.test', api(), light.trusted)).ok).toBe(true);

    const rewritten = await verifyLedgerFrom(
      'http://ledger.test',
      api((page) => ({
        ...page,
        entries: page.entries.map((e) => (e.index === 6 ? { ...e, body: { ...e.body, amountCents: 1 } } : e)),
      })),
      trusted,
    );
    expect(rewritten.ok).toBe(false);
    expect(rewritten.trusted).toBe(trusted);

    const otherKey = ledgerSigningKey({
      LEDGER_SIGNING_KEY: 'b2'.repeat(32),
      JWT_ACCESS_SECRET: 'x'.repeat(64),
    });
    const pinnedElsewhere = await verifyLedgerFrom('http://ledger.test', api(), {
      ...trusted,
      publicKey: otherKey.publicKey.publicKey,
    });
    expect(pinnedElsewhere.ok).toBe(false);
    expect(describeVerification('http://ledger.test', pinnedElsewhere)).toMatch(
      /FAIL .*not signed by the pinned key/,
    );
  });

  it('waits and retries when the server answers 429, as Retry-After says', async () => {
    let refusals = 2;
    const waits: number[] = [];
    const limited: Fetch = async (url) => {
      if (refusals > 0) {
        refusals -= 1;
        return {
          ok: false,
          status: 429,
          headers: { get: (name: string) => (name === 'retry-after' ? '3' : null) },
          json: async () => ({ success: false }),
        };
      }
      return api()(url);
    };
    const result = await verifyLedgerAt('http://ledger.test', limited, {
      sleep: async (ms) => void waits.push(ms),
    });
    expect(result.ok).toBe(true);
    expect(waits).toEqual([3000, 3000]);
  });
});
