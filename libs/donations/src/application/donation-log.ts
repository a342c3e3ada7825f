import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Kysely } from 'kysely';
import { DATABASE } from '@arena/database';
import {
  EVENT_STORE,
  START,
  comparePositions,
  type EventStore,
  type GlobalPosition,
  type RecordedEvent,
} from '@arena/event-store';
import { directedCentsByCharity, heldDonationIds } from '@arena/projections/donations/donations.queries';
import type { DonationDirected } from '../domain/donation.events';

const PAGE = 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** The donations projector's name (projection_generations). */
const READ_MODEL = 'donations';

/** The donations read model had not reached the log's head in time: the job fails and is retried later. */
export class DonationReadModelBehindError extends Error {
  constructor(
    readonly checkpoint: GlobalPosition,
    readonly head: GlobalPosition,
    waitedMs: number,
  ) {
    super(
      `The donations read model is behind the event log (checkpoint ${checkpoint.commit}/${checkpoint.prepare}, ` +
        `head ${head.commit}/${head.prepare}) after ${waitedMs} ms: retry once the worker caught up.`,
    );
    this.name = 'DonationReadModelBehindError';
  }
}

/**
 * Questions the jobs ask of all donations (issue 22): answered from the donations read model by indexed
 * queries, never by reading the whole log. The answers only pick candidates; each donation's own stream
 * decides. Lag guard: before answering, the read model's checkpoint must have reached the store's head as of
 * the job's start (`asOf`, else the head when asked); it waits up to `maxWaitMs`, then throws
 * DonationReadModelBehindError so the job is retried, never answering from a stale picture. Only while no
 * generation of the read model exists at all (a fresh install before the worker's first start) does it read
 * the log, with a warning.
 */
@Injectable()
export class DonationLog {
  private readonly logger = new Logger('DonationLog');
  /** How long a question waits for the read model to catch up. */
  maxWaitMs = 10_000;
  pollMs = 50;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(DATABASE) private readonly db: Kysely<any>,
  ) {}

  /** The store's head now: a job takes it at its start and asks every question as of it. */
  head(): Promise<GlobalPosition> {
    return this.store.headPosition();
  }

  /** Donations that may be in the pool or held (read model status 'held'; the window checks the stream). */
  async openDonationIds(asOf?: GlobalPosition): Promise<string[]> {
    if (await this.caughtUp(asOf)) return heldDonationIds(this.db);
    const open = new Set<string>();
    await this.scan((event) => {
      const { donationId } = event.data as { donationId: string };
      if (['DonationReceived', 'DonationDirected', 'DonationTransferFailed'].includes(event.type))
        open.add(donationId);
      if (event.type === 'PayoutCleared') open.delete(donationId);
    });
    return [...open];
  }

  /** Cents directed per charity: by winners over the last `days` days, and by anyone ever. */
  async directedTotals(now: Date, days: number, asOf?: GlobalPosition) {
    const since = new Date(now.getTime() - days * DAY_MS);
    if (await this.caughtUp(asOf)) return directedCentsByCharity(this.db, since);
    const byWinners = new Map<string, number>();
    const all = new Map<string, number>();
    await this.scan((event) => {
      if (event.type !== 'DonationDirected') return;
      const data = event.data as DonationDirected['data'];
      all.set(data.charityEin, (all.get(data.charityEin) ?? 0) + data.amountCents);
      if (data.directedBy.kind === 'winner' && Date.parse(data.directedAt) >= since.getTime())
        byWinners.set(data.charityEin, (byWinners.get(data.charityEin) ?? 0) + data.amountCents);
    });
    return { byWinners, all };
  }

  /**
   * True once the read model's checkpoint reached `asOf` (the job's start; default: the store's head now);
   * false when the read model does not exist; throws when it stays behind for `maxWaitMs`.
   */
  private async caughtUp(asOf?: GlobalPosition): Promise<boolean> {
    const head = asOf ?? (await this.store.headPosition());
    const started = Date.now();
    for (;;) {
      const active = await this.db
        .selectFrom('projection_generations')
        .select(['position_commit', 'position_prepare'])
        .where('name', '=', READ_MODEL)
        .where('status', '=', 'active')
        .executeTakeFirst();
      if (!active) {
        this.logger.warn('No donations read model yet: reading the event log (slow on a large log).');
        return false;
      }
      const checkpoint = {
        commit: BigInt(active.position_commit as string),
        prepare: BigInt(active.position_prepare as string),
      };
      if (comparePositions(checkpoint, head) >= 0) return true;
      const waited = Date.now() - started;
      if (waited >= this.maxWaitMs) throw new DonationReadModelBehindError(checkpoint, head, waited);
      await sleep(this.pollMs);
    }
  }

  /** The whole log: only before the read model exists. */
  private async scan(visit: (event: RecordedEvent) => void): Promise<void> {
    let after = START;
    for (;;) {
      const page = await this.store.readAll({ after, maxCount: PAGE });
      for (const event of page) if (event.streamId.startsWith('donation-')) visit(event);
      if (page.length < PAGE) return;
      after = page[page.length - 1]!.position;
    }
  }
}
