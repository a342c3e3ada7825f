import { Logger } from '@nestjs/common';
import { sql, type Kysely } from 'kysely';
import { Client } from 'pg';
import { START, type EventStore, type GlobalPosition, type RecordedEvent } from '@arena/event-store';

export interface FollowerOptions {
  /** Checkpoint key and advisory-lock key. */
  name: string;
  eventTypes: readonly string[];
  apply(event: RecordedEvent): Promise<void>;
  lockConnectionString: string;
  retryMaxMs?: number;
}

const LOCK_CLASS = 0x444f_4e00;

/**
 * Follows the event log from its own checkpoint (donation_processor_checkpoints) and applies each event
 * of its types. The projection runner is built for read models (generations, views, a transaction per
 * batch); this writes to the event store, where idempotency lives (derived ids), so all it needs is a
 * checkpoint and one runner per name across processes (a session advisory lock). An event that fails
 * is retried, with backoff, before the checkpoint moves: processing is at least once, in log order.
 */
export class EventLogFollower {
  private readonly logger: Logger;
  private readonly stopping = new AbortController();
  private running?: Promise<void>;
  private unsubscribe?: () => Promise<void>;

  constructor(
    private readonly db: Kysely<any>,
    private readonly store: EventStore,
    private readonly options: FollowerOptions,
  ) {
    this.logger = new Logger(`Follower:${options.name}`);
  }

  start(): void {
    this.running ??= this.run();
  }

  async stop(): Promise<void> {
    this.stopping.abort();
    await this.unsubscribe?.().catch(() => undefined);
    await this.running;
  }

  private async run(): Promise<void> {
    const lock = new Client({
      connectionString: this.options.lockConnectionString,
      application_name: `lock:${this.options.name}`,
    });
    lock.on('error', () => undefined);
    try {
      await lock.connect();
      while (!this.stopping.signal.aborted) {
        const { rows } = await lock.query<{ locked: boolean }>(
          'SELECT pg_try_advisory_lock($1::int, hashtext($2)) AS locked',
          [LOCK_CLASS | 0, this.options.name],
        );
        if (rows[0]?.locked) break;
        await this.sleep(1000);
      }
      while (!this.stopping.signal.aborted) {
        try {
          await this.follow();
        } catch (error) {
          if (!this.stopping.signal.aborted) this.logger.warn(`subscription ended: ${String(error)}`);
          await this.sleep(1000);
        }
      }
    } finally {
      await lock.end().catch(() => undefined);
    }
  }

  private async follow(): Promise<void> {
    const subscription = this.store.subscribeToAll({
      after: await this.checkpoint(),
      eventTypes: this.options.eventTypes,
    });
    this.unsubscribe = () => subscription.unsubscribe();
    if (this.stopping.signal.aborted) await subscription.unsubscribe();
    for await (const event of subscription) {
      await this.applyWithRetry(event);
      await this.save(event.position);
      if (this.stopping.signal.aborted) break;
    }
  }

  private async applyWithRetry(event: RecordedEvent): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.options.apply(event);
      } catch (error) {
        if (this.stopping.signal.aborted) throw error;
        this.logger.warn(`${event.type} ${event.id} failed (attempt ${attempt + 1}): ${String(error)}`);
        await this.sleep(Math.min(this.options.retryMaxMs ?? 30_000, 100 * 2 ** attempt));
      }
    }
  }

  async checkpoint(): Promise<GlobalPosition> {
    const row = await this.db
      .selectFrom('donation_processor_checkpoints')
      .select(['commit_position', 'prepare_position'])
      .where('name', '=', this.options.name)
      .executeTakeFirst();
    return row ? { commit: BigInt(row.commit_position), prepare: BigInt(row.prepare_position) } : START;
  }

  private async save(position: GlobalPosition): Promise<void> {
    await this.db
      .insertInto('donation_processor_checkpoints')
      .values({
        name: this.options.name,
        commit_position: position.commit.toString(),
        prepare_position: position.prepare.toString(),
        updated_at: sql`now()`,
      })
      .onConflict((oc) =>
        oc.column('name').doUpdateSet({
          commit_position: position.commit.toString(),
          prepare_position: position.prepare.toString(),
          updated_at: sql`now()`,
        }),
      )
      .execute();
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.stopping.signal.addEventListener('abort', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}
