import { Inject, Injectable } from '@nestjs/common';
import type { Kysely } from 'kysely';
import type { LedgerCheckpoint } from '@arena/contracts';
import { DATABASE } from '@arena/database';

interface LedgerCheckpointsTables {
  ledger_checkpoints: {
    tree_size: string | number;
    root_hash: string;
    timestamp: string;
    key_id: string;
    signature: string;
  };
}

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

  /** Stores a checkpoint unless its tree size is signed already; true when it was new. */
  async add(checkpoint: LedgerCheckpoint): Promise<boolean> {
    const result = await this.db
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
    return result !== undefined;
  }

  async newest(limit: number): Promise<LedgerCheckpoint[]> {
    const rows = await this.db
      .selectFrom('ledger_checkpoints')
      .selectAll()
      .orderBy('tree_size', 'desc')
      .limit(limit)
      .execute();
    return rows.map(toCheckpoint);
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
