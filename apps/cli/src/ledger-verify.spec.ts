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
import { describeVerification, verifyLedgerAt, type Fetch } from './ledger-verify-run';

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
      const data =
        pathname === '/api/ledger/checkpoints'
          ? { checkpoints: await service.listCheckpoints(n('limit')) }
          : pathname === '/api/ledger/public-key'
            ? service.publicKey()
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
});
