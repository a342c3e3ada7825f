import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { Kysely } from 'kysely';
import type {
  LedgerCheckpoint,
  LedgerConsistencyProof,
  LedgerEntries,
  LedgerEntriesParams,
  LedgerInclusionProof,
  LedgerKeys,
  LedgerPublicKey,
} from '@arena/contracts';
import { checkpointMessageBytes } from '@arena/contracts/ledger';
import { DATABASE } from '@arena/database';
import {
  ledgerEntriesFrom,
  ledgerEntryById,
  ledgerTreeAnswer,
  ledgerTreeSize,
  type DonationLedgerTables,
} from '@arena/projections/donation-ledger/donation-ledger.queries';
import { LedgerCheckpointsRepository } from './ledger-checkpoints.repository';
import { entryNotCheckpointed, entryNotFound, noCheckpointOfSize, rangeReversed } from './ledger.errors';
import { LEDGER_SIGNING_KEY, type LedgerSigningKey } from './ledger.tokens';

/**
 * The verifiable ledger's server side: entries, signed checkpoints and the proofs between them. Every answer
 * reads O(log n) stored rows whatever the ledger's size n (the stored tree, issue 22).
 */
@Injectable()
export class LedgerService implements OnModuleInit {
  constructor(
    @Inject(DATABASE) private readonly db: Kysely<DonationLedgerTables>,
    @Inject(LEDGER_SIGNING_KEY) private readonly key: LedgerSigningKey,
    private readonly checkpoints: LedgerCheckpointsRepository,
  ) {}

  /** The running key joins the key history before it signs anything. */
  async onModuleInit(): Promise<void> {
    await this.checkpoints.registerKey(this.key.publicKey);
  }

  async entries({ from, limit }: LedgerEntriesParams): Promise<LedgerEntries> {
    const [entries, treeSize] = await Promise.all([
      ledgerEntriesFrom(this.db, from, limit),
      ledgerTreeSize(this.db),
    ]);
    return { entries, treeSize };
  }

  publicKey(): LedgerPublicKey {
    return this.key.publicKey;
  }

  async listCheckpoints(limit: number, before?: number): Promise<LedgerCheckpoint[]> {
    return this.checkpoints.newest(limit, before);
  }

  async keys(): Promise<LedgerKeys> {
    return { keys: await this.checkpoints.keys(this.key.publicKey.keyId) };
  }

  /** Signs the ledger as it is now; `created` is false when the newest checkpoint already has this size. */
  async signCheckpoint(now: Date = new Date()): Promise<{ checkpoint: LedgerCheckpoint; created: boolean }> {
    const treeSize = await ledgerTreeSize(this.db);
    const [newest] = await this.checkpoints.newest(1);
    if (newest && newest.treeSize === treeSize) return { checkpoint: newest, created: false };
    const unsigned = {
      treeSize,
      rootHash: (await ledgerTreeAnswer(this.db, { kind: 'root', treeSize }))[0]!,
      timestamp: now.toISOString(),
      keyId: this.key.publicKey.keyId,
    };
    const checkpoint = { ...unsigned, signature: this.key.sign(checkpointMessageBytes(unsigned)) };
    if (await this.checkpoints.add(checkpoint)) return { checkpoint, created: true };
    // Another process signed this size a moment ago: its checkpoint stands.
    return { checkpoint: (await this.checkpoints.bySize(treeSize))!, created: false };
  }

  async inclusionProof(id: string): Promise<LedgerInclusionProof> {
    const entry = await ledgerEntryById(this.db, id);
    if (!entry) throw entryNotFound();
    const checkpoint = await this.checkpoints.newestCovering(entry.index);
    if (!checkpoint) throw entryNotCheckpointed();
    const auditPath = await ledgerTreeAnswer(this.db, {
      kind: 'inclusion',
      index: entry.index,
      treeSize: checkpoint.treeSize,
    });
    return { entry, checkpoint, leafIndex: entry.index, auditPath };
  }

  async consistency(from: number, to: number): Promise<LedgerConsistencyProof> {
    if (from > to) throw rangeReversed();
    const [first, second] = await Promise.all([this.checkpoints.bySize(from), this.checkpoints.bySize(to)]);
    if (!first || !second) throw noCheckpointOfSize(first ? to : from);
    const proof = await ledgerTreeAnswer(this.db, { kind: 'consistency', fromSize: from, toSize: to });
    return { from: first, to: second, proof };
  }
}
