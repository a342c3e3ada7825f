import { Client } from 'pg';
import { sleep } from './sleep';

/** First key of every projection lock, so they never collide with other advisory locks. */
const LOCK_CLASS = 0x5052_4a00;

export interface HeldLock {
  /** Aborted when the lock's connection dies: another process may hold the lock from then on. */
  readonly lost: AbortSignal;
  release(): Promise<void>;
}

export interface AdvisoryLockOptions {
  connectionString: string;
  retryMs: number;
  heartbeatMs: number;
}

/**
 * A session advisory lock on a connection of its own, held for as long as the process serves the
 * projector. PostgreSQL releases it when that connection dies, so a waiting process takes over
 * when the holder crashes. Resolves to null when `signal` aborts before the lock is won.
 */
export async function acquireAdvisoryLock(
  key: string,
  options: AdvisoryLockOptions,
  signal: AbortSignal,
): Promise<HeldLock | null> {
  while (!signal.aborted) {
    const client = new Client({
      connectionString: options.connectionString,
      application_name: `lock:${key}`,
    });
    const lost = new AbortController();
    client.on('error', () => lost.abort());
    client.on('end', () => lost.abort());
    try {
      await client.connect();
      while (!signal.aborted && !lost.signal.aborted) {
        const { rows } = await client.query<{ locked: boolean }>(
          'SELECT pg_try_advisory_lock($1::int, hashtext($2)) AS locked',
          [LOCK_CLASS | 0, key],
        );
        if (rows[0]?.locked) return holdLock(client, lost, options.heartbeatMs);
        await sleep(options.retryMs, signal);
      }
    } catch {
      await sleep(options.retryMs, signal);
    }
    await client.end().catch(() => undefined);
  }
  return null;
}

function holdLock(client: Client, lost: AbortController, heartbeatMs: number): HeldLock {
  // A silent network partition leaves the socket open: the heartbeat notices it.
  const heartbeat = setInterval(() => {
    client.query('SELECT 1').catch(() => lost.abort());
  }, heartbeatMs);
  heartbeat.unref();
  lost.signal.addEventListener('abort', () => clearInterval(heartbeat), { once: true });
  return {
    lost: lost.signal,
    async release() {
      clearInterval(heartbeat);
      // Ending the session releases the lock, and works even when the connection is already broken.
      await client.end().catch(() => undefined);
    },
  };
}
