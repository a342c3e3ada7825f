import { sql } from 'kysely';
import type { LedgerEntryBody } from '@arena/contracts';
import { GENESIS_HASH, canonicalJson, entryHash, leafHash } from '@arena/contracts/ledger';
import type { RecordedEvent } from '@arena/event-store';
import { DONATION_EVENT_TYPES, type DirectedBy, type DonationEvent } from '@arena/donations/events';
import type { Projector, TableNames } from '@arena/projection-runner';
import { storedSubtrees } from './donation-ledger.queries';
import { answerFrom, appendLeaf, frontierKeys, subtreesNeeded, type FrontierNode } from './ledger-tree';

type Base = 'ledger_entries' | 'ledger_tree_nodes';

/** The public name of whoever directed a donation: never a member id or an email. */
function directedByName(directedBy: DirectedBy): string {
  if (directedBy.kind === 'winner') return directedBy.username;
  if (directedBy.kind === 'donor') return directedBy.displayName ?? 'Anonymous donor';
  return 'Charity Arena';
}

/** A provider id shown only by its kind and last four characters ('tr_…9xQz'), enough to reconcile. */
export function maskProviderId(id: string | null): string | null {
  if (!id) return null;
  const prefix = id.includes('_') ? id.slice(0, id.indexOf('_') + 1) : '';
  return id.length <= prefix.length + 4 ? id : `${prefix}…${id.slice(-4)}`;
}

interface Previous {
  body: LedgerEntryBody;
  /**
   * The donation's amount as its last entry of a type before issue 20's refunds and disputes stated it: a
   * GiftRefunded, GiftDisputed or GiftDisputeClosed entry's amount is the refund's or the dispute's, never
   * the donation's, so an entry after one (PayoutCleared, DonationPayoutFailed, DonationTransferReversed)
   * must not take it over.
   */
  donationAmountCents: number;
}

/** Entry types whose amount is not the donation's (the refund's, the dispute's). */
const PART_AMOUNT_TYPES: ReadonlySet<string> = new Set(['GiftRefunded', 'GiftDisputed', 'GiftDisputeClosed']);

/**
 * The entry's body. Signed entries are never rewritten: an existing type's body never changes; issue 20's new
 * event types have bodies of their own (DonationPayoutFailed: still pending, the `po_` masked;
 * DonationTransferReversed: the donation's amount, `reversedCents` of it back to the platform, `reversed` once all
 * of it came back, the `trr_` masked).
 */
function bodyOf(event: DonationEvent, eventId: string, previous: Previous | undefined): LedgerEntryBody {
  const before = previous?.body;
  const common = { type: event.type, eventId, donationId: event.data.donationId };
  switch (event.type) {
    case 'DonationReceived':
      return {
        ...common,
        amountCents: event.data.amountCents,
        status: null,
        charityEin: event.data.charityEin,
        charityName: null,
        directedBy: null,
        receiptCode: event.data.receiptCode,
        providerId: maskProviderId(event.data.paymentIntentId ?? event.data.checkoutSessionId),
        at: event.data.receivedAt,
      };
    case 'DonationDirected':
      return {
        ...common,
        amountCents: event.data.amountCents,
        status: 'held',
        charityEin: event.data.charityEin,
        charityName: event.data.charityName,
        directedBy: directedByName(event.data.directedBy),
        receiptCode: event.data.receiptCode,
        providerId: before?.providerId ?? null,
        at: event.data.directedAt,
      };
    case 'DonationTransferInitiated':
      return {
        ...common,
        amountCents: event.data.amountCents,
        status: 'pending',
        charityEin: event.data.charityEin,
        charityName: before?.charityName ?? null,
        directedBy: before?.directedBy ?? null,
        receiptCode: before?.receiptCode ?? null,
        providerId: maskProviderId(event.data.transferId),
        at: event.data.initiatedAt,
      };
    case 'PayoutCleared':
    case 'DonationTransferFailed':
      return {
        ...common,
        amountCents: previous?.donationAmountCents ?? 0,
        status: event.type === 'PayoutCleared' ? 'cleared' : 'held',
        charityEin: before?.charityEin ?? null,
        charityName: before?.charityName ?? null,
        directedBy: before?.directedBy ?? null,
        receiptCode: before?.receiptCode ?? null,
        providerId: maskProviderId(event.data.transferId),
        at: event.type === 'PayoutCleared' ? event.data.clearedAt : event.data.failedAt,
      };
    case 'DonationPayoutFailed':
      return {
        ...common,
        amountCents: previous?.donationAmountCents ?? 0,
        status: 'pending',
        charityEin: before?.charityEin ?? null,
        charityName: before?.charityName ?? null,
        directedBy: before?.directedBy ?? null,
        receiptCode: before?.receiptCode ?? null,
        providerId: maskProviderId(event.data.payoutId),
        at: event.data.failedAt,
      };
    case 'DonationTransferReversed': {
      const amountCents = previous?.donationAmountCents ?? 0;
      return {
        ...common,
        amountCents,
        reversedCents: event.data.amountCents,
        status: event.data.totalReversedCents >= amountCents ? 'reversed' : (before?.status ?? 'pending'),
        charityEin: before?.charityEin ?? null,
        charityName: before?.charityName ?? null,
        directedBy: before?.directedBy ?? null,
        receiptCode: before?.receiptCode ?? null,
        providerId: maskProviderId(event.data.reversalId),
        at: event.data.reversedAt,
      };
    }
    // Issue 20: new types, new bodies (the types before keep theirs). The amount is the refund's or the
    // dispute's; the status is the donation's after it: `refunded` once a refund or a lost dispute before
    // the transfer left nothing of it, else as it was (a dispute is the entry's type, not a status).
    case 'GiftRefunded':
    case 'GiftDisputed':
    case 'GiftDisputeClosed': {
      const nothingLeft =
        event.type !== 'GiftDisputed' && !event.data.afterTransfer && event.data.donationAmountCents <= 0;
      return {
        ...common,
        amountCents: event.data.amountCents,
        status: nothingLeft ? 'refunded' : (before?.status ?? null),
        charityEin: before?.charityEin ?? null,
        charityName: before?.charityName ?? null,
        directedBy: before?.directedBy ?? null,
        receiptCode: before?.receiptCode ?? null,
        providerId: maskProviderId(
          event.type === 'GiftRefunded' ? event.data.chargeId : event.data.disputeId,
        ),
        at:
          event.type === 'GiftRefunded'
            ? event.data.refundedAt
            : event.type === 'GiftDisputed'
              ? event.data.disputedAt
              : event.data.closedAt,
      };
    }
  }
}

/**
 * The verifiable ledger (docs/ledger.md): one append-only entry per money event, in global-log order,
 * each naming the previous entry's hash, and the Merkle tree over them stored as it grows (issue 22): every
 * perfect subtree of level ≥ 1 an entry completes is written with the entry, in the same transaction, so roots
 * and proofs read O(log n) rows (ledger-tree.ts). The runner applies events in order under one advisory lock,
 * so `index`, `prev_hash` and the tree's right edge come from the last rows; an event already recorded (a
 * redelivery) is skipped by its id. A rebuild replays the same events in the same order, so it writes the same
 * hashes, and `verifyBeforeSwap` refuses a generation whose roots differ from what was signed.
 */
export const donationLedgerProjector: Projector<Base> = {
  name: 'donation_ledger',
  version: 2,
  eventTypes: DONATION_EVENT_TYPES,
  tables: ['ledger_entries', 'ledger_tree_nodes'],

  async createTables(db, names: TableNames<Base>) {
    await sql`
      CREATE TABLE ${sql.table(names.ledger_entries)} (
        index bigint PRIMARY KEY,
        id text NOT NULL UNIQUE,
        donation_id text NOT NULL,
        body text NOT NULL,
        prev_hash text NOT NULL,
        hash text NOT NULL,
        leaf_hash text NOT NULL
      )`.execute(db);
    await sql`CREATE INDEX ON ${sql.table(names.ledger_entries)} (donation_id, index DESC)`.execute(db);
    // The perfect subtrees of level ≥ 1 (level 0 is ledger_entries.leaf_hash): about one row per entry.
    await sql`
      CREATE TABLE ${sql.table(names.ledger_tree_nodes)} (
        level smallint NOT NULL,
        index bigint NOT NULL,
        hash bytea NOT NULL,
        PRIMARY KEY (level, index)
      )`.execute(db);
  },

  async apply(trx, events: readonly RecordedEvent[], names) {
    const table = names.ledger_entries;
    // The tail of the ledger, read once a batch and carried along in memory.
    let tail: { size: number; hash: string; frontier: FrontierNode[] } | undefined;
    for (const recorded of events) {
      const seen = await trx
        .selectFrom(table)
        .select('index')
        .where('id', '=', recorded.id)
        .executeTakeFirst();
      if (seen) continue;
      tail ??= await readTail(trx, names);
      const event = { type: recorded.type, data: recorded.data } as DonationEvent;
      const earlier = (
        await trx
          .selectFrom(table)
          .select('body')
          .where('donation_id', '=', event.data.donationId)
          .orderBy('index', 'desc')
          .execute()
      ).map((row) => JSON.parse(row.body) as LedgerEntryBody);
      const stated = earlier.find((body) => !PART_AMOUNT_TYPES.has(body.type));
      const index = tail.size;
      const prevHash = tail.hash;
      const body = bodyOf(
        event,
        recorded.id,
        earlier[0] && { body: earlier[0], donationAmountCents: stated?.amountCents ?? 0 },
      );
      const hash = await entryHash({ index, prevHash, body });
      const leaf = await leafHash(hash);
      await trx
        .insertInto(table)
        .values({
          index,
          id: recorded.id,
          donation_id: event.data.donationId,
          body: canonicalJson(body),
          prev_hash: prevHash,
          hash,
          leaf_hash: leaf,
        })
        .execute();
      const completed = appendLeaf(tail.frontier, index, Buffer.from(leaf, 'hex'));
      if (completed.length > 0)
        await trx
          .insertInto(names.ledger_tree_nodes)
          .values(completed.map(({ level, index: at, hash: node }) => ({ level, index: at, hash: node })))
          .execute();
      tail = { size: index + 1, hash, frontier: tail.frontier };
    }
  },

  /** A rebuilt ledger must give every signed checkpoint's root, or it does not replace the one that signed them. */
  async verifyBeforeSwap(db, names) {
    for (let after = -1; ;) {
      const { rows: page } = await sql<{ tree_size: string; root_hash: string }>`
        SELECT tree_size, root_hash FROM ledger_checkpoints WHERE tree_size > ${after}
        ORDER BY tree_size LIMIT ${CHECKPOINTS_PER_CHECK}`.execute(db);
      if (page.length === 0) return;
      const questions = page.map((row) => ({ kind: 'root' as const, treeSize: Number(row.tree_size) }));
      const keys = new Map(
        questions.flatMap(subtreesNeeded).map((key) => [`${key.level}:${key.index}`, key]),
      );
      const stored = await storedSubtrees(db, [...keys.values()], names);
      page.forEach((row, i) => {
        let root: string;
        try {
          root = answerFrom(stored, questions[i]!)[0]!.toString('hex');
        } catch {
          root = 'missing';
        }
        if (root !== row.root_hash)
          throw new Error(
            `donation_ledger: the rebuilt tree of ${row.tree_size} entries has root ${root}, the signed checkpoint ` +
              `${row.root_hash}; the rebuild is refused and the ledger that signed it keeps serving`,
          );
      });
      after = Number(page[page.length - 1]!.tree_size);
    }
  },
};

/** Checkpoints checked per query by verifyBeforeSwap: about 12 stored subtrees each. */
const CHECKPOINTS_PER_CHECK = 500;

/** The ledger's size, last entry hash and the right edge of its tree (at most log2(n) stored subtrees). */
async function readTail(
  trx: Parameters<Projector<Base>['apply']>[0],
  names: TableNames<Base>,
): Promise<{ size: number; hash: string; frontier: FrontierNode[] }> {
  const last = await trx
    .selectFrom(names.ledger_entries)
    .select(['index', 'hash'])
    .orderBy('index', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!last) return { size: 0, hash: GENESIS_HASH, frontier: [] };
  const size = Number(last.index) + 1;
  const keys = frontierKeys(size);
  const stored = await storedSubtrees(trx, keys, names);
  return {
    size,
    hash: last.hash,
    frontier: keys.map((key) => ({ ...key, hash: stored(key.level, key.index) })),
  };
}
