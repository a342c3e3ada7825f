import { Client, DatabaseError, Pool, type PoolClient } from 'pg';
import {
  EventStoreInputError,
  START,
  WrongExpectedRevisionError,
  type AppendResult,
  type CountEventsOptions,
  type EventCount,
  type EventData,
  type EventStore,
  type EventSubscription,
  type ExpectedRevision,
  type GlobalPosition,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeToAllOptions,
} from './event-store.port';
import { assertValidAppend, assertValidReadAll, assertValidReadStream } from './event-store.validation';
import { PostgresSubscription, type SubscriptionPage } from './postgres-subscription';

/** Channel of the after-commit wake-up; the payload is empty, subscribers re-read the table. */
export const APPENDED_CHANNEL = 'event_store_appended';

export interface PostgresEventStoreOptions {
  /** Used for the LISTEN connection, and for the pool when none is given. */
  connectionString: string;
  /** A pool to share; the store never ends a pool it did not open. */
  pool?: Pool;
  poolSize?: number;
  /** Fallback re-read interval of idle subscriptions, for wake-ups that never came. */
  pollIntervalMs?: number;
  /**
   * At most one NOTIFY per this interval (10 ms by default); appends in between share the next one.
   * Each NOTIFY is a round trip and a commit here, and a read in every listening process, while the
   * projection runner starts a live batch at most every 10 ms anyway.
   */
  notifyIntervalMs?: number;
  /** Events fetched per subscription read. */
  pageSize?: number;
  /**
   * Appends written at once (4 by default). More wait, and go together as one group (one transaction and
   * one WAL flush, `append_to_streams`) as soon as one of these ends. Beyond what the database's CPUs and
   * disk commit in parallel, more connections only queue inside PostgreSQL.
   */
  appendConcurrency?: number;
  /**
   * Test seam: runs inside the append's transaction, after the append and before COMMIT, so tests can
   * make transactions commit out of sequence order. Without it an append is one autocommit statement.
   */
  beforeCommit?: (client: PoolClient) => Promise<void>;
}

interface AppendRow {
  outcome: 'appended' | 'duplicate' | 'conflict' | 'foreign_ids';
  stream_revision: string | null;
  transaction_id: string | null;
  global_position: string | null;
  current_revision: string | null;
}

/** append_to_stream's parameters: stream, expected kind and revision, then the events' columns. */
type AppendParams = [string, string, number | null, string[], string[], string[], string[]];

interface WaitingAppend {
  params: AppendParams;
  resolve: (row: AppendRow) => void;
  reject: (error: unknown) => void;
}

/** One append's row of append_to_streams: its place in the group, then its outcome or its error. */
interface GroupAppendRow extends AppendRow {
  ord: number;
  error_code: string | null;
  error_constraint: string | null;
  error_message: string | null;
}

interface EventRow {
  commit: string;
  prepare: string;
  event_id: string;
  stream_id: string;
  stream_revision: string;
  event_type: string;
  data: unknown;
  metadata: Record<string, unknown> | null;
  created_ms: number;
}

interface PageRow extends Partial<EventRow> {
  window_commit: string | null;
  window_prepare: string | null;
  scanned_count: number;
  held_back: boolean;
}

// created_at as whole ms since the epoch (what a Date holds): a number is far cheaper for the client to
// read than a timestamp's text, which counted for a twentieth of a rebuild's CPU. Empty metadata (most
// events') comes as NULL and becomes {} here: no text to decode and parse, a tenth of a read's CPU.
const EVENT_COLUMNS = `e.transaction_id::text AS commit, e.global_position::text AS prepare, e.event_id,
  e.stream_id, e.stream_revision::text AS stream_revision, e.event_type, e.data,
  NULLIF(e.metadata, '{}'::jsonb) AS metadata,
  floor(extract(epoch FROM e.created_at) * 1000)::float8 AS created_ms`;

/**
 * Rows committed by transactions older than every one still in flight that could write here: nothing
 * can land before them (events_read_horizon, migrations/20261122001000-EventStore.ts).
 */
const HORIZON = `(SELECT events_read_horizon())`;
// The sub-select makes the horizon a value computed once per statement (an index bound), never per row.
const VISIBLE = `e.transaction_id < ${HORIZON}`;

const AFTER = `(e.transaction_id, e.global_position) > ($1::xid8, $2::bigint)`;

const READ_STREAM_SQL = `
  SELECT ${EVENT_COLUMNS} FROM events e
  WHERE e.stream_id = $1 AND e.stream_revision >= coalesce($2::bigint, 0)
  ORDER BY e.stream_revision
  LIMIT $3`;

const READ_STREAM_BACKWARDS_SQL = `
  SELECT ${EVENT_COLUMNS} FROM events e
  WHERE e.stream_id = $1 AND ($2::bigint IS NULL OR e.stream_revision <= $2::bigint)
  ORDER BY e.stream_revision DESC
  LIMIT $3`;

const READ_ALL_SQL = `
  SELECT ${EVENT_COLUMNS} FROM events e
  WHERE ${AFTER} AND ${VISIBLE}
  ORDER BY e.transaction_id, e.global_position
  LIMIT $3`;

/**
 * The range readAll would read, counted: the same order and read horizon, one range scan of the events'
 * ordering index (the primary key, transaction_id and global_position) answered with a single row.
 */
const COUNT_SQL = `
  SELECT count(*)::text AS count, min(e.created_at) AS oldest FROM events e
  WHERE ${AFTER} AND ${VISIBLE} AND ($3::text[] IS NULL OR e.event_type = ANY ($3::text[]))`;

const HEAD_SQL = `
  SELECT e.transaction_id::text AS commit, e.global_position::text AS prepare FROM events e
  WHERE ${VISIBLE}
  ORDER BY e.transaction_id DESC, e.global_position DESC
  LIMIT 1`;

/** Every committed event, readable yet or not: one step down the (transaction_id, global_position) index. */
const COMMITTED_HEAD_SQL = `
  SELECT e.transaction_id::text AS commit, e.global_position::text AS prepare FROM events e
  ORDER BY e.transaction_id DESC, e.global_position DESC
  LIMIT 1`;

/**
 * One statement, one snapshot: a window of at most $4 readable events after the cursor, the ones of the
 * wanted types in it (at most $5), where the window ended (so a type filter that matched nothing still
 * moves the cursor, and a long run of other types is crossed a window at a time rather than in one
 * unbounded scan), and whether committed events wait behind a transaction still in flight.
 */
const SUBSCRIPTION_PAGE_SQL = `
  WITH scanned AS MATERIALIZED (
    SELECT ${EVENT_COLUMNS} FROM events e
    WHERE ${AFTER} AND ${VISIBLE}
    ORDER BY e.transaction_id, e.global_position
    LIMIT $4
  ), window_end AS (
    SELECT s.commit, s.prepare, (SELECT count(*) FROM scanned)::int AS scanned_count
    FROM scanned s ORDER BY s.commit::xid8 DESC, s.prepare::bigint DESC LIMIT 1
  ), page AS (
    SELECT s.* FROM scanned s
    WHERE $3::text[] IS NULL OR s.event_type = ANY ($3::text[])
    ORDER BY s.commit::xid8, s.prepare::bigint
    LIMIT $5
  )
  SELECT w.commit AS window_commit, w.prepare AS window_prepare, coalesce(w.scanned_count, 0) AS scanned_count,
    coalesce((SELECT max(e.transaction_id) FROM events e) >= ${HORIZON}, false) AS held_back, page.*
  FROM (SELECT 1) AS one
  LEFT JOIN window_end w ON true
  LEFT JOIN page ON true
  ORDER BY page.commit::xid8, page.prepare::bigint`;

/** A filtered subscription scans up to this many pages of events per read. */
const FILTERED_WINDOW_PAGES = 10;

// Statements are named, so each connection parses and plans them once.
const APPEND_STATEMENT = 'event_store_append';
const APPEND_SQL = `SELECT * FROM append_to_stream($1, $2, $3, $4, $5, $6, $7)`;
const GROUP_APPEND_STATEMENT = 'event_store_append_group';
const GROUP_APPEND_SQL = `SELECT * FROM append_to_streams($1, $2, $3, $4, $5, $6, $7, $8)`;
/** At most this many appends in one group: one statement's parameters stay a few hundred KB. */
const MAX_GROUP_APPENDS = 64;

// A NOTIFY commits a transaction of its own; nothing is lost if a crash drops it, so it need not wait
// for the WAL flush that every append already pays for.
const NOTIFY_SQL = `BEGIN; SET LOCAL synchronous_commit = off; SELECT pg_notify('${APPENDED_CHANNEL}', ''); COMMIT;`;

export class PostgresEventStore implements EventStore {
  private readonly pool: Pool;
  private readonly ownsPool: boolean;
  private readonly pollIntervalMs: number;
  private readonly notifyIntervalMs: number;
  private readonly pageSize: number;
  private readonly subscriptions = new Set<PostgresSubscription>();
  private listener?: Client;
  private listenerConnecting?: Promise<void>;
  private notifyTimer?: NodeJS.Timeout;
  private lastNotifyAt = 0;
  private notifying: Promise<unknown> = Promise.resolve();
  private closed = false;
  private readonly appendConcurrency: number;
  /** Appends being written (alone or as a group), and those waiting for one of them to end. */
  private appendsRunning = 0;
  private readonly waitingAppends: WaitingAppend[] = [];
  private appendsIdle: (() => void)[] = [];

  constructor(private readonly options: PostgresEventStoreOptions) {
    this.ownsPool = !options.pool;
    this.pool =
      options.pool ?? new Pool({ connectionString: options.connectionString, max: options.poolSize ?? 10 });
    if (this.ownsPool) this.pool.on('error', () => undefined);
    this.pollIntervalMs = options.pollIntervalMs ?? 500;
    this.notifyIntervalMs = options.notifyIntervalMs ?? 10;
    this.pageSize = options.pageSize ?? 500;
    this.appendConcurrency = Math.max(1, options.appendConcurrency ?? 4);
  }

  async appendToStream(
    streamId: string,
    events: readonly EventData[],
    options: { expectedRevision?: ExpectedRevision } = {},
  ): Promise<AppendResult> {
    const expected = options.expectedRevision ?? 'any';
    assertValidAppend(streamId, events, expected);
    this.assertOpen();
    const params: AppendParams = [
      streamId,
      typeof expected === 'number' ? 'exact' : expected,
      typeof expected === 'number' ? expected : null,
      events.map((e) => e.id),
      events.map((e) => e.type),
      events.map((e) => JSON.stringify(e.data)),
      events.map((e) => JSON.stringify(e.metadata ?? {})),
    ];
    let row: AppendRow;
    try {
      row = await this.appendRow(params);
    } catch (error) {
      if (isUniqueViolation(error, 'events_event_id_key')) {
        // Some of these ids are stored: a retry of this very batch, or ids reused elsewhere.
        row = await this.settleStoredIds(
          streamId,
          events.map((e) => e.id),
        );
      } else if (isUniqueViolation(error, 'events_stream_revision_key')) {
        // The stream row and its events disagree (rows written around append_to_stream): still a conflict.
        throw new WrongExpectedRevisionError(streamId, expected, await this.lastRevision(streamId));
      } else {
        throw error;
      }
    }
    switch (row.outcome) {
      case 'appended':
        this.announceAppend();
        return toAppendResult(row);
      case 'duplicate':
        return { ...toAppendResult(row), duplicate: true };
      case 'conflict':
        throw new WrongExpectedRevisionError(
          streamId,
          expected,
          row.current_revision === null ? 'no_stream' : Number(row.current_revision),
        );
      case 'foreign_ids':
        throw new EventStoreInputError(
          `Stream ${streamId}: some of these event ids are already stored, in another stream or another batch`,
        );
      default: {
        const unknown: never = row.outcome;
        throw new Error(`append_to_stream returned an unknown outcome ${String(unknown)}`);
      }
    }
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    assertValidReadStream(streamId, options);
    this.assertOpen();
    const backwards = options.direction === 'backwards';
    const { rows } = await this.pool.query<EventRow>({
      name: backwards ? 'event_store_read_stream_backwards' : 'event_store_read_stream',
      text: backwards ? READ_STREAM_BACKWARDS_SQL : READ_STREAM_SQL,
      values: [streamId, options.fromRevision ?? null, options.maxCount ?? null],
    });
    return rows.map(toRecordedEvent);
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    assertValidReadAll(options);
    this.assertOpen();
    const after = options.after ?? START;
    // Rows as arrays: no object per row to build and throw away on the way (rebuilds read millions).
    const { rows } = await this.pool.query<EventTuple>({
      name: 'event_store_read_all',
      text: READ_ALL_SQL,
      values: [xid8Param(after), after.prepare.toString(), options.maxCount ?? null],
      rowMode: 'array',
    });
    return rows.map(tupleToRecordedEvent);
  }

  async countEvents(options: CountEventsOptions = {}): Promise<EventCount> {
    this.assertOpen();
    const after = options.after ?? START;
    const { rows } = await this.pool.query<{ count: string; oldest: Date | null }>({
      name: 'event_store_count',
      text: COUNT_SQL,
      values: [
        xid8Param(after),
        after.prepare.toString(),
        options.eventTypes ? [...options.eventTypes] : null,
      ],
    });
    return { count: Number(rows[0]!.count), oldestCreatedAt: rows[0]!.oldest };
  }

  subscribeToAll(options: SubscribeToAllOptions = {}): EventSubscription {
    this.assertOpen();
    const eventTypes = options.eventTypes ? [...options.eventTypes] : null;
    const subscription = new PostgresSubscription({
      after: options.after ?? START,
      pollIntervalMs: this.pollIntervalMs,
      readPage: (after) => this.readSubscriptionPage(after, eventTypes),
      beforeWait: () => this.ensureListener(),
      onEnd: (s) => this.subscriptions.delete(s),
    });
    this.subscriptions.add(subscription);
    return subscription;
  }

  headPosition(): Promise<GlobalPosition> {
    return this.newest('event_store_head', HEAD_SQL);
  }

  committedHeadPosition(): Promise<GlobalPosition> {
    return this.newest('event_store_committed_head', COMMITTED_HEAD_SQL);
  }

  private async newest(name: string, text: string): Promise<GlobalPosition> {
    this.assertOpen();
    const { rows } = await this.pool.query<{ commit: string; prepare: string }>({ name, text });
    const head = rows[0];
    return head ? { commit: BigInt(head.commit), prepare: BigInt(head.prepare) } : START;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.subscriptions].map((s) => s.unsubscribe()));
    clearTimeout(this.notifyTimer);
    if (this.appendsRunning > 0) await new Promise<void>((resolve) => this.appendsIdle.push(resolve));
    await this.notifying;
    await this.listenerConnecting;
    await this.listener?.end().catch(() => undefined);
    if (this.ownsPool) await this.pool.end();
  }

  private async settleStoredIds(streamId: string, ids: string[]): Promise<AppendRow> {
    const { rows } = await this.pool.query<{
      stream_id: string;
      revision: string;
      commit: string;
      prepare: string;
    }>(
      `SELECT e.stream_id, e.stream_revision::text AS revision, e.transaction_id::text AS commit,
         e.global_position::text AS prepare
       FROM events e WHERE e.event_id = ANY ($1::uuid[]) ORDER BY e.stream_revision DESC`,
      [ids],
    );
    const last = rows[0];
    if (!last || rows.length !== ids.length || rows.some((r) => r.stream_id !== streamId)) {
      return {
        outcome: 'foreign_ids',
        stream_revision: null,
        transaction_id: null,
        global_position: null,
        current_revision: null,
      };
    }
    return {
      outcome: 'duplicate',
      stream_revision: last.revision,
      transaction_id: last.commit,
      global_position: last.prepare,
      current_revision: null,
    };
  }

  private async lastRevision(streamId: string): Promise<number | 'no_stream'> {
    const { rows } = await this.pool.query<{ revision: string | null }>(
      'SELECT max(stream_revision)::text AS revision FROM events WHERE stream_id = $1',
      [streamId],
    );
    return rows[0]?.revision == null ? 'no_stream' : Number(rows[0].revision);
  }

  /**
   * One append's row: written at once while fewer than `appendConcurrency` are being written, otherwise
   * queued for the next group. (The beforeCommit test seam writes every append alone.)
   */
  private appendRow(params: AppendParams): Promise<AppendRow> {
    if (this.options.beforeCommit) return this.runAppend(params);
    const queued = new Promise<AppendRow>((resolve, reject) =>
      this.waitingAppends.push({ params, resolve, reject }),
    );
    this.startAppends();
    return queued;
  }

  /** Starts writing what waits, a group at a time, while the concurrency allows. */
  private startAppends(): void {
    while (this.appendsRunning < this.appendConcurrency && this.waitingAppends.length > 0) {
      const group = this.waitingAppends.splice(0, MAX_GROUP_APPENDS);
      this.appendsRunning++;
      void this.writeGroup(group).finally(() => {
        this.appendsRunning--;
        this.startAppends();
        if (this.appendsRunning === 0) for (const idle of this.appendsIdle.splice(0)) idle();
      });
    }
  }

  /** Writes a group: alone with the single-append statement, else in one `append_to_streams` call. */
  private async writeGroup(group: WaitingAppend[]): Promise<void> {
    if (group.length === 1) {
      const [append] = group as [WaitingAppend];
      await this.runAppend(append.params).then(append.resolve, append.reject);
      return;
    }
    const columns = {
      streams: [] as string[],
      kinds: [] as string[],
      revisions: [] as (number | null)[],
      counts: [] as number[],
      ids: [] as string[],
      types: [] as string[],
      data: [] as string[],
      metadata: [] as string[],
    };
    for (const { params } of group) {
      const [streamId, kind, revision, ids, types, data, metadata] = params;
      columns.streams.push(streamId);
      columns.kinds.push(kind);
      columns.revisions.push(revision);
      columns.counts.push(ids.length);
      columns.ids.push(...ids);
      columns.types.push(...types);
      columns.data.push(...data);
      columns.metadata.push(...metadata);
    }
    let rows: GroupAppendRow[];
    try {
      ({ rows } = await this.pool.query<GroupAppendRow>({
        name: GROUP_APPEND_STATEMENT,
        text: GROUP_APPEND_SQL,
        values: Object.values(columns),
      }));
    } catch {
      // The whole statement failed: a value one append holds that its parameters cannot carry (a NUL in
      // a jsonb text), or the connection. Each append is then written alone, so one append's error is
      // its own; a group that did commit before the answer was lost is answered as duplicates by its ids.
      await Promise.all(
        group.map((append) => this.runAppend(append.params).then(append.resolve, append.reject)),
      );
      return;
    }
    const answered = new Set<number>();
    for (const row of rows) {
      const append = group[row.ord - 1]!;
      answered.add(row.ord - 1);
      if (row.error_code === null) append.resolve(row);
      else append.reject(groupAppendError(row));
    }
    // Never the case with the function as written; a waiting caller must not hang should it ever be.
    group.forEach((append, index) => {
      if (!answered.has(index)) append.reject(new Error('append_to_streams gave no answer for this append'));
    });
  }

  private async runAppend(params: AppendParams): Promise<AppendRow> {
    if (!this.options.beforeCommit) {
      const { rows } = await this.pool.query<AppendRow>({
        name: APPEND_STATEMENT,
        text: APPEND_SQL,
        values: params,
      });
      return rows[0]!;
    }
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const { rows } = await client.query<AppendRow>({
        name: APPEND_STATEMENT,
        text: APPEND_SQL,
        values: params,
      });
      await this.options.beforeCommit(client);
      await client.query('COMMIT');
      return rows[0]!;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  private async readSubscriptionPage(
    after: GlobalPosition,
    eventTypes: string[] | null,
  ): Promise<SubscriptionPage> {
    // Without a filter every scanned event is wanted: the window is the page.
    const windowSize = eventTypes ? this.pageSize * FILTERED_WINDOW_PAGES : this.pageSize;
    const { rows } = await this.pool.query<PageRow>({
      name: 'event_store_subscription_page',
      text: SUBSCRIPTION_PAGE_SQL,
      values: [xid8Param(after), after.prepare.toString(), eventTypes, windowSize, this.pageSize],
    });
    const first = rows[0]!;
    const events = rows.filter((row): row is PageRow & EventRow => row.commit != null).map(toRecordedEvent);
    const windowEnd =
      first.window_commit === null
        ? null
        : { commit: BigInt(first.window_commit), prepare: BigInt(first.window_prepare!) };
    const pageFull = events.length === this.pageSize;
    return {
      events,
      // A full page may stop short of the window's end; otherwise every match in the window is in it.
      scannedTo: pageFull ? events.at(-1)!.position : windowEnd,
      full: pageFull || first.scanned_count === windowSize,
      heldBack: first.held_back,
    };
  }

  /** After commit: wake local subscribers now, other processes through a NOTIFY sent on its own. */
  private announceAppend(): void {
    for (const subscription of this.subscriptions) subscription.wake();
    if (this.notifyTimer || this.closed) return;
    const wait = Math.max(0, this.lastNotifyAt + this.notifyIntervalMs - Date.now());
    this.notifyTimer = setTimeout(() => {
      this.notifyTimer = undefined;
      this.lastNotifyAt = Date.now();
      // A lost NOTIFY only costs latency: subscribers poll as a fallback.
      this.notifying = this.pool.query(NOTIFY_SQL).catch(() => undefined);
    }, wait);
  }

  /** One LISTEN connection per store, opened by the first subscription and reopened after a failure. */
  private async ensureListener(): Promise<void> {
    if (this.listener || this.closed) return;
    this.listenerConnecting ??= this.connectListener().finally(() => (this.listenerConnecting = undefined));
    await this.listenerConnecting;
  }

  private async connectListener(): Promise<void> {
    const client = new Client({ connectionString: this.options.connectionString });
    const drop = () => {
      if (this.listener === client) this.listener = undefined;
      client.end().catch(() => undefined);
    };
    client.on('error', drop);
    client.on('end', drop);
    client.on('notification', () => this.subscriptions.forEach((s) => s.wake()));
    try {
      await client.connect();
      await client.query(`LISTEN ${APPENDED_CHANNEL}`);
    } catch {
      drop();
      return;
    }
    if (this.closed) {
      drop();
      return;
    }
    this.listener = client;
    // Appends made while no one listened are picked up by a re-read now rather than at the next poll.
    this.subscriptions.forEach((s) => s.wake());
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('The event store is closed');
  }
}

/** An error one append of a group met, as pg would have raised it for that append alone. */
function groupAppendError(row: GroupAppendRow): DatabaseError {
  const error = new DatabaseError(row.error_message ?? 'append failed', 0, 'error');
  error.code = row.error_code!;
  error.constraint = row.error_constraint || undefined;
  return error;
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  return error instanceof DatabaseError && error.code === '23505' && error.constraint === constraint;
}

function xid8Param(position: GlobalPosition): string {
  // START's commit (-1) sorts before every transaction id; xid8 has no negative values.
  return (position.commit < 0n ? 0n : position.commit).toString();
}

function toAppendResult(row: AppendRow): AppendResult {
  return {
    nextExpectedRevision: Number(row.stream_revision),
    position: { commit: BigInt(row.transaction_id!), prepare: BigInt(row.global_position!) },
  };
}

function toRecordedEvent(row: EventRow): RecordedEvent {
  return {
    id: row.event_id,
    type: row.event_type,
    data: row.data,
    metadata: row.metadata ?? {},
    streamId: row.stream_id,
    revision: Number(row.stream_revision),
    position: { commit: BigInt(row.commit), prepare: BigInt(row.prepare) },
    createdAt: new Date(row.created_ms),
  };
}

/** EVENT_COLUMNS in their order, as an array row. */
type EventTuple = [
  commit: string,
  prepare: string,
  eventId: string,
  streamId: string,
  revision: string,
  type: string,
  data: unknown,
  metadata: Record<string, unknown> | null,
  createdMs: number,
];

function tupleToRecordedEvent(row: EventTuple): RecordedEvent {
  return {
    id: row[2],
    type: row[5],
    data: row[6],
    metadata: row[7] ?? {},
    streamId: row[3],
    revision: Number(row[4]),
    position: { commit: BigInt(row[0]), prepare: BigInt(row[1]) },
    createdAt: new Date(row[8]),
  };
}
