import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { PostgresEventStore } from '@arena/event-store';
import { defaultRunnerOptions, rebuildProjection, type RunnerDependencies } from '@arena/projection-runner';
import { silentLogger, testEventStore } from '@arena/projection-runner/testing';
import { createTestDatabase, type TestDatabase } from '@arena/testing';
import { donationLedgerProjector } from './donation-ledger.projection';
import { ledgerTreeAnswer, ledgerTreeSize } from './donation-ledger.queries';

/** A rebuilt ledger replaces the one that signed checkpoints only if it gives every signed root (issue 22). */
describe('donation ledger rebuild', () => {
  let database: TestDatabase;
  let eventStore: PostgresEventStore;
  let deps: RunnerDependencies;

  beforeAll(async () => {
    database = await createTestDatabase();
    eventStore = testEventStore(database);
    deps = {
      db: database.db,
      eventStore,
      lockConnectionString: database.url,
      logger: silentLogger,
      options: { ...defaultRunnerOptions, pollIntervalMs: 50, lockRetryMs: 50, rebuildBatchSize: 7 },
    };
    // 37 gifts received: several batches, and a size whose tree has an uneven right edge.
    for (let i = 0; i < 37; i += 1) {
      const donationId = randomUUID();
      await eventStore.appendToStream(`donation-${donationId}`, [
        {
          id: randomUUID(),
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
            providerEventId: `evt_${i}`,
            receiptCode: `R-${i}`,
            receivedAt: '2026-11-23T10:00:00.000Z',
          },
        },
      ]);
    }
  });

  afterAll(async () => {
    await eventStore.close();
    await database.drop();
  });

  const activeGeneration = async () =>
    (
      await sql<{ generation: number }>`
        SELECT generation FROM projection_generations WHERE name = 'donation_ledger' AND status = 'active'`.execute(
        database.db,
      )
    ).rows[0]!.generation;

  const sign = async (treeSize: number, rootHash: string) =>
    sql`INSERT INTO ledger_checkpoints (tree_size, root_hash, timestamp, key_id, signature)
        VALUES (${treeSize}, ${rootHash}, ${new Date().toISOString()}, 'test-key', 'test-signature')`.execute(
      database.db,
    );

  it('swaps in a rebuild that gives every signed root, and refuses one that does not', async () => {
    await rebuildProjection(deps, donationLedgerProjector, new AbortController().signal);
    expect(await ledgerTreeSize(database.db)).toBe(37);
    for (const treeSize of [1, 16, 23, 37]) {
      const [root] = await ledgerTreeAnswer(database.db, { kind: 'root', treeSize });
      await sign(treeSize, root!);
    }

    const before = await activeGeneration();
    await expect(
      rebuildProjection(deps, donationLedgerProjector, new AbortController().signal),
    ).resolves.toMatchObject({ events: 37 });
    const rebuilt = await activeGeneration();
    expect(rebuilt).toBeGreaterThan(before);

    // A checkpoint the tree cannot give: as if the log's history had changed since it was signed.
    await sql`UPDATE ledger_checkpoints SET root_hash = ${'ab'.repeat(32)} WHERE tree_size = 23`.execute(
      database.db,
    );
    await expect(
      rebuildProjection(deps, donationLedgerProjector, new AbortController().signal),
    ).rejects.toThrow(/tree of 23 entries has root [0-9a-f]{64}, the signed checkpoint abab/);
    expect(await activeGeneration()).toBe(rebuilt);
    expect(await ledgerTreeSize(database.db)).toBe(37);
  });
});
