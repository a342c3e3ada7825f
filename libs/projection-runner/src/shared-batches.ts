import { sql, type Transaction } from 'kysely';
import { comparePositions, type GlobalPosition, type RecordedEvent } from '@arena/event-store';
import { publish, type LoopHooks } from './apply-loop';
import { advanceCheckpoint, physicalNames, type Generation } from './generations.queries';
import type { PublishedNotice, Projector, TableNames } from './projector';
import type { RunnerDependencies } from './runner-options';
import { sleep } from './sleep';

/**
 * Why a projector left the shared batches. failed: its batch threw, the shared read or the shared
 * commit failed (its own loop retries from its checkpoint, event by event where needed). behind: it
 * asked to join behind the group. stale: its generation is no longer its to write. stopped: its
 * signal aborted (stop, or its lock was lost).
 */
export type SharedOutcome = 'failed' | 'behind' | 'stale' | 'stopped';

interface Member {
  projector: Projector;
  names: TableNames;
  types: ReadonlySet<string>;
  generation: Generation;
  signal: AbortSignal;
  leave(outcome: SharedOutcome): void;
}

interface Applied {
  member: Member;
  applied: number;
  notices: PublishedNotice[];
}

const min = (positions: GlobalPosition[]) =>
  positions.reduce((lowest, position) => (comparePositions(position, lowest) < 0 ? position : lowest));

function describe(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

/**
 * The live projectors of one runner, applied from one read of the log per batch and in one
 * transaction: each member gets the page's events of its types past its own checkpoint, inside a
 * savepoint with its own checkpoint compare-and-set, so a member whose batch throws (or whose
 * generation moved) is rolled back alone and leaves; the others' work commits. Only members that
 * caught up on their own join, and never behind the group's read position, so a lagging or rebuilding
 * projector cannot hold the group back. A commit that fails sends every member back to its own loop.
 */
export class SharedBatches {
  private members: Member[] = [];
  private joining: Member[] = [];
  private running?: Promise<void>;
  /** Aborted when someone asks to join, so an idle group admits them at once. */
  private knock = new AbortController();

  constructor(
    private readonly deps: RunnerDependencies,
    private readonly hooks: LoopHooks,
  ) {}

  /** Applies `generation` live with the group until it leaves; resolves with the reason. */
  join(projector: Projector, generation: Generation, signal: AbortSignal): Promise<SharedOutcome> {
    return new Promise<SharedOutcome>((resolve) => {
      this.joining.push({
        projector,
        names: physicalNames(projector, generation.generation),
        types: new Set(projector.eventTypes),
        generation,
        signal,
        leave: resolve,
      });
      this.knock.abort();
      this.ensureRunning();
    });
  }

  private ensureRunning(): void {
    this.running ??= this.loop()
      .catch((error) => {
        this.deps.logger.error(`shared batches stopped: ${describe(error)}`);
        [...this.members, ...this.joining.splice(0)].forEach((member) => this.leave(member, 'failed'));
      })
      .finally(() => {
        this.running = undefined;
        // Someone knocked as the last member left.
        if (this.joining.length > 0) this.ensureRunning();
      });
  }

  private leave(member: Member, outcome: SharedOutcome): void {
    this.members = this.members.filter((other) => other !== member);
    member.leave(outcome);
  }

  private admit(): void {
    const reading = this.members.length > 0 ? min(this.members.map((m) => m.generation.position)) : null;
    for (const member of this.joining.splice(0)) {
      if (member.signal.aborted) member.leave('stopped');
      else if (reading && comparePositions(member.generation.position, reading) < 0) member.leave('behind');
      else {
        this.members.push(member);
        this.deps.logger.debug?.(`${member.projector.name}: joined the shared batches`);
      }
    }
    for (const member of this.members.filter((m) => m.signal.aborted)) this.leave(member, 'stopped');
  }

  /** Aborts when a member must leave or someone knocks: a wait never delays either. */
  private wakeSignal(): AbortSignal {
    if (this.joining.length > 0) return AbortSignal.abort();
    if (this.knock.signal.aborted) this.knock = new AbortController();
    return AbortSignal.any([this.knock.signal, ...this.members.map((m) => m.signal)]);
  }

  private async loop(): Promise<void> {
    const { eventStore, options, logger } = this.deps;
    // Its first members have just applied a batch alone: the group's first batch keeps the interval too.
    let lastBatchAt = performance.now();
    let prefetched: { after: GlobalPosition; page: Promise<RecordedEvent[]> } | null = null;
    const read = (after: GlobalPosition) => {
      const ahead = prefetched;
      prefetched = null;
      if (ahead && comparePositions(ahead.after, after) === 0) return ahead.page;
      ahead?.page.catch(() => undefined);
      return eventStore.readAll({ after, maxCount: options.batchSize });
    };
    for (;;) {
      this.admit();
      if (this.members.length === 0) {
        prefetched?.page.catch(() => undefined);
        return;
      }
      const sinceLastBatch = performance.now() - lastBatchAt;
      if (sinceLastBatch < options.liveBatchIntervalMs) {
        await sleep(options.liveBatchIntervalMs - sinceLastBatch, this.wakeSignal());
        continue;
      }
      const after = min(this.members.map((m) => m.generation.position));
      let page: RecordedEvent[];
      try {
        this.hooks.beforeRead();
        page = await read(after);
      } catch (error) {
        // Each member's own loop reports a log it cannot read, in its status row, and retries.
        logger.warn(`shared batches: reading the log failed: ${describe(error)}`);
        this.members.slice().forEach((member) => this.leave(member, 'failed'));
        continue;
      }
      if (page.length === 0) {
        await this.hooks.waitForEvents(this.wakeSignal());
        continue;
      }
      const last = page[page.length - 1]!.position;
      if (page.length === options.batchSize) {
        prefetched = { after: last, page: eventStore.readAll({ after: last, maxCount: options.batchSize }) };
        prefetched.page.catch(() => undefined);
      }
      lastBatchAt = performance.now();
      await this.applyPage(page, last);
    }
  }

  /** One transaction for every member with the page past its checkpoint. */
  private async applyPage(page: RecordedEvent[], last: GlobalPosition): Promise<void> {
    const due = this.members.filter((m) => comparePositions(m.generation.position, last) < 0);
    const left: [Member, SharedOutcome, unknown][] = [];
    let committed: Applied[];
    try {
      committed = await this.deps.db.transaction().execute(async (trx) => {
        const applied: Applied[] = [];
        for (const [index, member] of due.entries()) {
          const outcome = await this.applyMember(trx, member, page, last, `shared_member_${index}`);
          if ('left' in outcome) left.push([member, outcome.left, outcome.error]);
          else applied.push(outcome);
        }
        return applied;
      });
    } catch (error) {
      // Nothing of this page committed: every checkpoint is still at its rows. Each member's own loop
      // retries from there and finds the culprit, if there is one.
      this.deps.logger.warn(`shared batches: a shared batch did not commit: ${describe(error)}`);
      this.members.slice().forEach((member) => this.leave(member, 'failed'));
      return;
    }
    for (const [member, outcome, error] of left) {
      if (outcome === 'failed')
        this.deps.logger.warn(
          `${member.projector.name}: its shared batch failed, retrying on its own: ${describe(error)}`,
        );
      this.leave(member, outcome);
    }
    for (const { member, applied, notices } of committed) {
      member.generation = {
        ...member.generation,
        position: last,
        eventsApplied: member.generation.eventsApplied + applied,
        consecutiveFailures: 0,
      };
      if (notices.length > 0) await publish(this.deps, member.projector, notices);
    }
  }

  /** A member's batch and checkpoint inside a savepoint: rolled back alone when either fails. */
  private async applyMember(
    trx: Transaction<any>,
    member: Member,
    page: RecordedEvent[],
    last: GlobalPosition,
    savepoint: string,
  ): Promise<Applied | { left: SharedOutcome; error?: unknown }> {
    const from = member.generation.position;
    const relevant = page.filter(
      (event) => member.types.has(event.type) && comparePositions(event.position, from) > 0,
    );
    await sql`SAVEPOINT ${sql.id(savepoint)}`.execute(trx);
    try {
      const notices = relevant.length > 0 ? await member.projector.apply(trx, relevant, member.names) : [];
      if (!(await advanceCheckpoint(trx, member.generation, from, last, relevant.length))) {
        await sql`ROLLBACK TO SAVEPOINT ${sql.id(savepoint)}`.execute(trx);
        return { left: 'stale' };
      }
      await sql`RELEASE SAVEPOINT ${sql.id(savepoint)}`.execute(trx);
      return { member, applied: relevant.length, notices: notices ?? [] };
    } catch (error) {
      await sql`ROLLBACK TO SAVEPOINT ${sql.id(savepoint)}`.execute(trx);
      return { left: 'failed', error };
    }
  }
}
