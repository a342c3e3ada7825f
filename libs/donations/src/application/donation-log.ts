import { Inject, Injectable } from '@nestjs/common';
import type { Kysely } from 'kysely';
import { DATABASE } from '@arena/database';
import {
  EVENT_STORE,
  START,
  comparePositions,
  type EventStore,
  type GlobalPosition,
} from '@arena/event-store';
import { DomainError } from '@arena/http';
import { waitForReadModel } from '@arena/projection-runner';
import { directedCentsByCharity, heldDonationIds } from '@arena/projections/donations/donations.queries';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The donations projector's name (projection_generations). */
const READ_MODEL = 'donations';

/** The donations read model had not reached the log's head in time: the job fails and is retried later. */
export class DonationReadModelBehindError extends DomainError<'unavailable'> {
  constructor(
    readonly checkpoint: GlobalPosition,
    readonly head: GlobalPosition,
    waitedMs: number,
  ) {
    super(
      'unavailable',
      `The donations read model is behind the event log (checkpoint ${checkpoint.commit}/${checkpoint.prepare}, ` +
        `head ${head.commit}/${head.prepare}) after ${waitedMs} ms: retry once the worker caught up.`,
      30,
    );
  }
}

/**
 * Questions the jobs ask of all donations (issue 22): answered from the donations read model by indexed
 * queries, never by reading the whole log. The answers only pick candidates; each donation's own stream
 * decides. Lag guard: before answering, the read model's checkpoint must have reached the store's head as of
 * the job's start (`asOf`, else the head when asked); it waits up to `maxWaitMs`, then throws
 * DonationReadModelBehindError so the job is retried, never answering from a stale picture. A read model that
 * does not exist yet (a fresh install before the worker's first start) is behind in the same way: the log is
 * never scanned. Cost: two indexed queries, growing with the open donations and the charities, not the log.
 */
@Injectable()
export class DonationLog {
  /** How long a question waits for the read model to catch up. */
  maxWaitMs = 10_000;
  pollMs = 50;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(DATABASE) private readonly db: Kysely<any>,
  ) {}

  /** The store's head now: a job takes it at its start and asks every question as of it. */
  head(): Promise<GlobalPosition> {
    return this.store.committedHeadPosition();
  }

  /** Donations that may be in the pool or held (read model status 'held'; the window checks the stream). */
  async openDonationIds(asOf?: GlobalPosition): Promise<string[]> {
    if (!(await this.caughtUp(asOf))) return [];
    return heldDonationIds(this.db);
  }

  /** Cents directed per charity: by winners over the last `days` days, and by anyone ever. */
  async directedTotals(now: Date, days: number, asOf?: GlobalPosition) {
    if (!(await this.caughtUp(asOf)))
      return { byWinners: new Map<string, number>(), all: new Map<string, number>() };
    return directedCentsByCharity(this.db, new Date(now.getTime() - days * DAY_MS));
  }

  /**
   * True once the read model's checkpoint reached `asOf` (the job's start; default: the store's head now);
   * false when the log is empty (nothing to answer); throws when the read model stays behind, or does not
   * exist yet, for `maxWaitMs`.
   */
  private async caughtUp(asOf?: GlobalPosition): Promise<boolean> {
    const head = asOf ?? (await this.store.committedHeadPosition());
    if (comparePositions(head, START) <= 0) return false;
    const lag = await waitForReadModel(this.db, READ_MODEL, {
      head,
      maxWaitMs: this.maxWaitMs,
      pollMs: this.pollMs,
    });
    if (!lag.reached) throw new DonationReadModelBehindError(lag.checkpoint, head, lag.waitedMs);
    return true;
  }
}
