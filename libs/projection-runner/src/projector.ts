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
   * A batch may hold a single event.
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
}
