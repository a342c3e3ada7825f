import {
  comparePositions,
  type EventSubscription,
  type GlobalPosition,
  type RecordedEvent,
} from './event-store.port';

export interface SubscriptionPage {
  /** Matching events after the cursor, in global order. */
  events: RecordedEvent[];
  /** How far the read looked, past events the type filter left out; null when there is nothing yet. */
  scannedTo: GlobalPosition | null;
  /** The page hit its size limit: read again at once. */
  full: boolean;
  /** Committed events wait behind a transaction still in flight: they become readable when it ends. */
  heldBack: boolean;
}

export interface PostgresSubscriptionOptions {
  after: GlobalPosition;
  pollIntervalMs: number;
  readPage(after: GlobalPosition): Promise<SubscriptionPage>;
  beforeWait(): Promise<void>;
  onEnd(subscription: PostgresSubscription): void;
}

/**
 * Re-read delays while events are held back by a transaction that may never announce its end (it may
 * not be an append): short, and capped low, because the events are already committed and waiting.
 */
const HELD_BACK_FIRST_DELAY_MS = 5;
const HELD_BACK_MAX_DELAY_MS = 20;

/**
 * Catches up page by page, then waits for a wake-up (an append in this process, a NOTIFY from another)
 * or the poll interval. Errors reading the store end the iteration with that error; the consumer
 * resumes from its own checkpoint.
 */
export class PostgresSubscription implements EventSubscription {
  private cursor: GlobalPosition;
  private ended = false;
  private started = false;
  private woken = true;
  private release?: () => void;
  private reading: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: PostgresSubscriptionOptions) {
    this.cursor = options.after;
  }

  wake(): void {
    this.woken = true;
    this.release?.();
  }

  async unsubscribe(): Promise<void> {
    this.end();
    await this.reading.catch(() => undefined);
  }

  async *[Symbol.asyncIterator](): AsyncIterator<RecordedEvent> {
    if (this.started) throw new Error('A subscription can be iterated only once');
    this.started = true;
    let heldBackDelay = HELD_BACK_FIRST_DELAY_MS;
    try {
      while (!this.ended) {
        this.woken = false;
        const reading = this.options.readPage(this.cursor);
        this.reading = reading;
        const page = await reading;
        for (const event of page.events) {
          if (this.ended) return;
          this.cursor = event.position;
          yield event;
        }
        if (page.scannedTo && comparePositions(page.scannedTo, this.cursor) > 0) this.cursor = page.scannedTo;
        if (page.full) continue;
        await this.options.beforeWait();
        if (page.heldBack) {
          await this.waitForWake(heldBackDelay);
          heldBackDelay = Math.min(heldBackDelay * 2, HELD_BACK_MAX_DELAY_MS, this.options.pollIntervalMs);
        } else {
          heldBackDelay = HELD_BACK_FIRST_DELAY_MS;
          await this.waitForWake(this.options.pollIntervalMs);
        }
      }
    } finally {
      this.end();
    }
  }

  private async waitForWake(timeoutMs: number): Promise<void> {
    if (this.woken || this.ended) return;
    let timer: NodeJS.Timeout | undefined;
    await new Promise<void>((resolve) => {
      this.release = resolve;
      timer = setTimeout(resolve, timeoutMs);
    });
    clearTimeout(timer);
    this.release = undefined;
  }

  private end(): void {
    if (this.ended) return;
    this.ended = true;
    this.release?.();
    this.options.onEnd(this);
  }
}
