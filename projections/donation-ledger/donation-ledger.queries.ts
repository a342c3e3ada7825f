import { sql, type Kysely } from 'kysely';
import type { LedgerEntry, LedgerEntryBody } from '@arena/contracts';
import {
  answerFrom,
  subtreesNeeded,
  type SubtreeKey,
  type SubtreeLookup,
  type TreeQuestion,
} from './ledger-tree';

export interface LedgerEntryRow {
  index: string | number;
  id: string;
  donation_id: string;
  /** The body's canonical JSON, exactly as hashed. */
  body: string;
  prev_hash: string;
  hash: string;
  leaf_hash: string;
}

export interface LedgerTreeNodeRow {
  level: number;
  index: string | number;
  hash: Buffer;
}

export interface DonationLedgerTables {
  ledger_entries: LedgerEntryRow;
  ledger_tree_nodes: LedgerTreeNodeRow;
}

/** The tables to read: the views, or one generation's physical tables while it is built. */
type LedgerTreeTables = Record<'ledger_entries' | 'ledger_tree_nodes', string>;
const VIEWS: LedgerTreeTables = { ledger_entries: 'ledger_entries', ledger_tree_nodes: 'ledger_tree_nodes' };

const toEntry = (row: LedgerEntryRow): LedgerEntry => ({
  index: Number(row.index),
  id: row.id,
  body: JSON.parse(row.body) as LedgerEntryBody,
  prevHash: row.prev_hash,
  hash: row.hash,
});

/** Entries from index `from`, at most `limit`, in ledger order. */
export async function ledgerEntriesFrom(
  db: Kysely<DonationLedgerTables>,
  from: number,
  limit: number,
): Promise<LedgerEntry[]> {
  const rows = await db
    .selectFrom('ledger_entries')
    .selectAll()
    .where('index', '>=', from)
    .orderBy('index')
    .limit(limit)
    .execute();
  return rows.map(toEntry);
}

export async function ledgerEntryById(
  db: Kysely<DonationLedgerTables>,
  id: string,
): Promise<LedgerEntry | null> {
  const row = await db.selectFrom('ledger_entries').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toEntry(row) : null;
}

/**
 * The stored subtrees `keys` name, by at most two primary-key lookups (leaves from the entries, higher levels
 * from the tree nodes), whatever the ledger's size. The lookup throws for a subtree that is not stored: a
 * question about a tree larger than the ledger.
 */
export async function storedSubtrees(
  db: Kysely<any>,
  keys: readonly SubtreeKey[],
  tables: LedgerTreeTables = VIEWS,
): Promise<SubtreeLookup> {
  const leaves = keys.filter((key) => key.level === 0).map((key) => key.index);
  const nodes = keys.filter((key) => key.level > 0);
  const found = new Map<string, Buffer>();
  await Promise.all([
    leaves.length === 0
      ? undefined
      : sql<{ index: string; leaf_hash: string }>`
          SELECT index, leaf_hash FROM ${sql.table(tables.ledger_entries)}
          WHERE index = ANY(${leaves}::bigint[])`
          .execute(db)
          .then(({ rows }) =>
            rows.forEach((row) => found.set(`0:${row.index}`, Buffer.from(row.leaf_hash, 'hex'))),
          ),
    nodes.length === 0
      ? undefined
      : sql<{ level: number; index: string; hash: Buffer }>`
          SELECT n.level, n.index, n.hash
          FROM unnest(${nodes.map((key) => key.level)}::smallint[], ${nodes.map((key) => key.index)}::bigint[])
            AS wanted(level, index)
          JOIN ${sql.table(tables.ledger_tree_nodes)} n USING (level, index)`
          .execute(db)
          .then(({ rows }) => rows.forEach((row) => found.set(`${row.level}:${row.index}`, row.hash))),
  ]);
  return (level, index) => {
    const hash = found.get(`${level}:${index}`);
    if (!hash) throw new RangeError(`The ledger holds no subtree ${level}:${index}`);
    return hash;
  };
}

/**
 * A root, audit path or consistency proof of the stored tree, as lowercase hex: O(log n) rows read in one
 * round trip, O(log n) hashes computed.
 */
export async function ledgerTreeAnswer(db: Kysely<any>, question: TreeQuestion): Promise<string[]> {
  const stored = await storedSubtrees(db, subtreesNeeded(question));
  return answerFrom(stored, question).map((hash) => hash.toString('hex'));
}

/** How many entries the ledger holds: its last index plus one, read from the primary key's end. */
export async function ledgerTreeSize(db: Kysely<DonationLedgerTables>): Promise<number> {
  const row = await db
    .selectFrom('ledger_entries')
    .select('index')
    .orderBy('index', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? Number(row.index) + 1 : 0;
}
