import { Inject, Injectable } from '@nestjs/common';
import type { Generated, Kysely } from 'kysely';
import type { LedgerCheckpoint, LedgerKeys, LedgerPublicKey } from '@arena/contracts';
import { DATABASE } from '@arena/database';

interface LedgerCheckpointsTables {
  ledger_checkpoints: {
    tree_size: string | number;
    root_hash: string;
    timestamp: string;
    key_id: string;
    signature: string;
  };
  ledger_keys: {
    key_id: string;
    algorithm: Generated<string>;
    public_key: string | null;
    first_tree_size: string | number | null;
    last_tree_size: string | number | null;
  };
}

const sizeOrNull = (size: string | number | null) => (size === null ? null : Number(size));

const toCheckpoint = (row: LedgerCheckpointsTables['ledger_checkpoints']): LedgerCheckpoint => ({
  treeSize: Number(row.tree_size),
  rootHash: row.root_hash,
  timestamp: row.timestamp,
  keyId: row.key_id,
  signature: row.signature,
});

@Injectable()
export class LedgerCheckpointsRepository {
  constructor(@Inject(DATABASE) private readonly db: Kysely<LedgerCheckpointsTables>) {}

  /**
   * Stores a checkpoint unless its tree size is signed already, and widens its key's signed range with it, in
   * one transaction; true when it was new.
   */
  async add(checkpoint: LedgerCheckpoint): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const result = await trx
        .insertInto('ledger_checkpoints')
        .values({
          tree_size: checkpoint.treeSize,
          root_hash: checkpoint.rootHash,
          timestamp: checkpoint.timestamp,
          key_id: checkpoint.keyId,
          signature: checkpoint.signature,
        })
        .onConflict((conflict) => conflict.column('tree_size').doNothing())
        .returning('tree_size')
        .executeTakeFirst();
      if (result === undefined) return false;
      await trx
        .insertInto('ledger_keys')
        .values({
          key_id: checkpoint.keyId,
          first_tree_size: checkpoint.treeSize,
          last_tree_size: checkpoint.treeSize,
        })
        .onConflict((conflict) =>
          conflict.column('key_id').doUpdateSet((eb) => ({
            // least/greatest skip nulls: a key registered at start, before it signed, gains its first size.
            first_tree_size: eb.fn<number>('least', [
              eb.ref('ledger_keys.first_tree_size'),
              eb.ref('excluded.first_tree_size'),
            ]),
            last_tree_size: eb.fn<number>('greatest', [
              eb.ref('ledger_keys.last_tree_size'),
              eb.ref('excluded.last_tree_size'),
            ]),
          })),
        )
        .execute();
      return true;
    });
  }

  /** Newest first, of trees smaller than `before` when given: one index range scan of `limit` rows. */
  async newest(limit: number, before?: number): Promise<LedgerCheckpoint[]> {
    let query = this.db.selectFrom('ledger_checkpoints').selectAll();
    if (before !== undefined) query = query.where('tree_size', '<', before);
    const rows = await query.orderBy('tree_size', 'desc').limit(limit).execute();
    return rows.map(toCheckpoint);
  }

  /** Records the signing key's public half (idempotent; fills it in for a key backfilled without it). */
  async registerKey(key: LedgerPublicKey): Promise<void> {
    await this.db
      .insertInto('ledger_keys')
      .values({ key_id: key.keyId, algorithm: key.algorithm, public_key: key.publicKey })
      .onConflict((conflict) =>
        conflict.column('key_id').doUpdateSet((eb) => ({
          public_key: eb.fn.coalesce(eb.ref('ledger_keys.public_key'), eb.ref('excluded.public_key')),
        })),
      )
      .execute();
  }

  /** Every signing key, oldest first: a handful of rows (one per rotation). */
  async keys(currentKeyId: string): Promise<LedgerKeys['keys']> {
    const rows = await this.db
      .selectFrom('ledger_keys')
      .select(['key_id', 'public_key', 'first_tree_size', 'last_tree_size'])
      .orderBy('first_tree_size', (order) => order.asc().nullsLast())
      .execute();
    return rows.map((row) => ({
      algorithm: 'Ed25519' as const,
      keyId: row.key_id,
      publicKey: row.public_key,
      current: row.key_id === currentKeyId,
      firstTreeSize: sizeOrNull(row.first_tree_size),
      lastTreeSize: sizeOrNull(row.last_tree_size),
    }));
  }

  async bySize(treeSize: number): Promise<LedgerCheckpoint | null> {
    const row = await this.db
      .selectFrom('ledger_checkpoints')
      .selectAll()
      .where('tree_size', '=', treeSize)
      .executeTakeFirst();
    return row ? toCheckpoint(row) : null;
  }

  /** The newest checkpoint whose tree holds more than `index` entries. */
  async newestCovering(index: number): Promise<LedgerCheckpoint | null> {
    const row = await this.db
      .selectFrom('ledger_checkpoints')
      .selectAll()
      .where('tree_size', '>', index)
      .orderBy('tree_size', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row ? toCheckpoint(row) : null;
  }
}
