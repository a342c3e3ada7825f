import { Client, type QueryResultRow } from 'pg';
import { sleep } from './sleep';

/** First key of every runner lock, so they never collide with other advisory locks. */
const LOCK_CLASS = 0x5052_4a00;
const UNLOCK_SQL = 'SELECT pg_advisory_unlock($1::int, hashtext($2))';

export interface HeldLock {
  /** Aborted when the session's connection dies: another process may hold the lock from then on. */
  readonly lost: AbortSignal;
  release(): Promise<void>;
}

export interface LockSessionOptions {
  connectionString: string;
  /** Shown in pg_stat_activity, so operators (and specs) can find the session. */
  applicationName: string;
  heartbeatMs: number;
}

interface Connection {
  client: Client;
  /** Aborted once, when this connection is gone: every lock taken on it is lost with it. */
  gone: AbortController;
  held: Map<string, AbortController>;
  heartbeat: NodeJS.Timeout;
  /** The last query sent: pg wants one query at a time per client, so each waits for the one before. */
  tail: Promise<unknown>;
}

/**
 * Every session advisory lock of one process on ONE PostgreSQL connection (pg_try_advisory_lock and
 * pg_advisory_unlock per key), however many projectors and reactors it serves. PostgreSQL releases a
 * session's locks when its connection dies, so a waiting process takes over when the holder crashes;
 * here, a dead connection reports every lock held on it as lost, and the next acquire reconnects.
 * One heartbeat notices a silent network partition. Behind PgBouncer this connection needs session
 * pooling (docs/operations.md).
 */
export class LockSession {
  private connection?: Connection;
  private connecting?: Promise<Connection>;
  private closed = false;

  constructor(private readonly options: LockSessionOptions) {}

  /**
   * Waits until the lock on `key` is won (retrying every `retryMs`); null when `signal` aborts first.
   * A key this session already holds counts as taken: PostgreSQL's session locks are re-entrant, and
   * two runners in one process must not both win.
   */
  async acquire(key: string, retryMs: number, signal: AbortSignal): Promise<HeldLock | null> {
    while (!signal.aborted && !this.closed) {
      try {
        const connection = await this.connect();
        if (!connection.held.has(key)) {
          const { rows } = await this.query<{ locked: boolean }>(
            connection,
            'SELECT pg_try_advisory_lock($1::int, hashtext($2)) AS locked',
            [LOCK_CLASS | 0, key],
          );
          if (rows[0]?.locked && !connection.gone.signal.aborted) {
            if (!connection.held.has(key)) return this.hold(connection, key);
            // Another runner of this process won the key while this try was in flight: give back the
            // re-entrant count it took, so one unlock still releases the key.
            await this.query(connection, UNLOCK_SQL, [LOCK_CLASS | 0, key]);
          }
        }
      } catch {
        // The connection failed: it is dropped, and the next round reconnects.
      }
      await sleep(retryMs, signal);
    }
    return null;
  }

  /** Releases every lock by ending the connection. */
  async close(): Promise<void> {
    this.closed = true;
    const connection = this.connection ?? (await this.connecting?.catch(() => undefined));
    if (connection) await this.drop(connection);
  }

  private hold(connection: Connection, key: string): HeldLock {
    const lost = new AbortController();
    connection.held.set(key, lost);
    return {
      lost: lost.signal,
      release: async () => {
        if (connection.held.get(key) !== lost) return;
        connection.held.delete(key);
        if (connection.gone.signal.aborted) return;
        await this.query(connection, UNLOCK_SQL, [LOCK_CLASS | 0, key]).catch(() => this.drop(connection));
      },
    };
  }

  private connect(): Promise<Connection> {
    if (this.connection) return Promise.resolve(this.connection);
    this.connecting ??= this.open().finally(() => (this.connecting = undefined));
    return this.connecting;
  }

  private async open(): Promise<Connection> {
    const client = new Client({
      connectionString: this.options.connectionString,
      application_name: this.options.applicationName,
      keepAlive: true,
      // A try-lock never waits for another session, so a slow answer means a broken connection.
      query_timeout: this.options.heartbeatMs * 2,
    });
    const connection: Connection = {
      client,
      gone: new AbortController(),
      held: new Map(),
      heartbeat: setInterval(() => {
        this.query(connection, 'SELECT 1').catch(() => this.drop(connection));
      }, this.options.heartbeatMs),
      tail: Promise.resolve(),
    };
    connection.heartbeat.unref();
    client.on('error', () => void this.drop(connection));
    client.on('end', () => void this.drop(connection));
    try {
      await client.connect();
    } catch (error) {
      await this.drop(connection);
      throw error;
    }
    if (this.closed) {
      await this.drop(connection);
      throw new Error('The lock session is closed');
    }
    this.connection = connection;
    return connection;
  }

  private query<Row extends object>(
    connection: Connection,
    text: string,
    values: unknown[] = [],
  ): Promise<{ rows: Row[] }> {
    const result = connection.tail.then(() => connection.client.query<Row & QueryResultRow>(text, values));
    connection.tail = result.catch(() => undefined);
    return result;
  }

  /** Reports every lock held on the connection as lost, and ends it (which releases them in PostgreSQL). */
  private async drop(connection: Connection): Promise<void> {
    if (this.connection === connection) this.connection = undefined;
    if (connection.gone.signal.aborted) return;
    connection.gone.abort();
    clearInterval(connection.heartbeat);
    for (const lost of connection.held.values()) lost.abort();
    connection.held.clear();
    await connection.client.end().catch(() => undefined);
  }
}
