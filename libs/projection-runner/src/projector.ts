import type { Kysely, Transaction } from 'kysely';
import type { RecordedEvent } from '@arena/event-store';

/**
 * Base table name → physical table name of the generation being written (`<base>_g<N>`).
 * Readers never see these: each base name is a view over the active generation, swapped in one
 * transaction when a rebuild catches up, so queries always read the stable base name.
 */
export type TableNames<Base extends string = string> = Readonly<Record<Base, string>>;

/**
 * Published on Redis after the commit that caused it. The runner only carries it; the notices the
 * product's projectors publish and the API reads are the `ChangeNotice` union of `@arena/contracts`.
 */
export interface PublishedNotice {
  topic: string;
  [key: string]: unknown;
}

/**
 * One read model. The runner owns transactions, checkpoints, generations and notices; a projector
 * only creates its tables and turns events into rows.
 */
export interface Projector<Base extends string = string> {
  /** Stable, unique, snake_case: also the checkpoint key and the advisory-lock key. */
  readonly name: string;
  /** Bumping it rebuilds the read model into a fresh generation at the next worker start. */
  readonly version: number;
  /** Only these event types are delivered. */
  readonly eventTypes: readonly string[];
  /** Base table names it owns; each becomes a view over `<base>_g<N>`. */
  readonly tables: readonly Base[];
  /** Creates the physical tables of one generation (and the indexes its own writes need). */
  createTables(db: Kysely<any>, names: TableNames<Base>): Promise<void>;
  /**
   * Indexes only reads need, named after the physical tables and created IF NOT EXISTS. A rebuild
   * creates them once its tables are full, just before the swap, which is much faster than
   * maintaining them row by row; a first generation gets them with its tables.
   */
  createIndexes?(db: Kysely<any>, names: TableNames<Base>): Promise<void>;
  /**
   * Applies events, in global order, inside the runner's transaction (which also moves the
   * checkpoint). Writes are upserts, so a repeated event changes nothing. Throwing rolls the whole
   * batch back; the runner then retries event by event to stop exactly at the failing one.
   * A batch may hold a single event. Live, the transaction may hold other projectors' batches too,
   * each in a savepoint: touch only your own tables, and change no transaction-wide setting.
   */
  apply(
    trx: Transaction<any>,
    events: readonly RecordedEvent[],
    names: TableNames<Base>,
  ): Promise<PublishedNotice[] | void>;
  /**
   * Checks a rebuilt generation before it replaces the active one; throwing refuses the swap (the rebuild
   * fails, the active generation keeps serving). For read models whose contents were published, such as
   * the signed ledger.
   */
  verifyBeforeSwap?(db: Kysely<any>, names: TableNames<Base>): Promise<void>;
  /** A rebuild's fast path, for read models whose rows many events change (see BulkRebuild). */
  readonly bulk?: BulkRebuild<Base>;
}

/**
 * How a rebuild fills a fresh generation in bulk. The runner reads the log in pages, folds them into
 * memory with `fold` (no I/O), and writes the fold out with `write`, in one transaction with the
 * checkpoint, once it holds `rebuildFlushRows` rows and when the log is read: a row that many events
 * change is written once per write instead of once per batch, and the next pages are read and folded
 * while a write runs. Nothing reads a building generation, so it needs no change notices.
 *
 * A write must leave the rows apply() would have left for the same events, merging with what earlier
 * writes stored. When it throws (or anything else fails), the rebuild goes on through apply() from the
 * last checkpoint, which stops exactly at a failing event and reports it: a write may throw whenever
 * the events are not the ordinary case it is written for.
 */
export interface BulkRebuild<Base extends string = string, Fold = any> {
  /** An empty fold. */
  start(): Fold;
  /** Folds events of the projector's types, in global order, into `fold`. */
  fold(fold: Fold, events: readonly RecordedEvent[]): void;
  /** Rows `fold` would write: bounds the memory and each write's transaction. */
  size(fold: Fold): number;
  write(trx: Transaction<any>, fold: Fold, names: TableNames<Base>): Promise<void>;
  /**
   * Tables derived from others (counts, totals), built once from the full tables after the last
   * event is applied, before createIndexes; writes and apply() may leave them stale meanwhile.
   */
  finish?(db: Kysely<any>, names: TableNames<Base>): Promise<void>;
}
