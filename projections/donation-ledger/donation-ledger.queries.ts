import type { Kysely } from 'kysely';
import type { LedgerEntry, LedgerEntryBody } from '@arena/contracts';

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

export interface DonationLedgerTables {
  ledger_entries: LedgerEntryRow;
}

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

/** The Merkle leaf hashes of the first `size` entries, in order. */
export async function ledgerLeafHashes(db: Kysely<DonationLedgerTables>, size: number): Promise<string[]> {
  const rows = await db
    .selectFrom('ledger_entries')
    .select('leaf_hash')
    .where('index', '<', size)
    .orderBy('index')
    .execute();
  return rows.map((row) => row.leaf_hash);
}

/** How many entries the ledger holds. */
export async function ledgerTreeSize(db: Kysely<DonationLedgerTables>): Promise<number> {
  const row = await db
    .selectFrom('ledger_entries')
    .select((eb) => eb.fn.countAll<string>().as('size'))
    .executeTakeFirstOrThrow();
  return Number(row.size);
}
