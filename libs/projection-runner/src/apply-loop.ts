import { comparePositions, type GlobalPosition, type RecordedEvent } from '@arena/event-store';
import {
  advanceCheckpoint,
  clearReadFailure,
  skipFlushWait,
  physicalNames,
  recordFailure,
  recordReadFailure,
  type Generation,
} from './generations.queries';
import type { PublishedNotice, Projector } from './projector';
import type { RunnerDependencies } from './runner-options';
import { sleep } from './sleep';

export type LoopMode = 'live' | 'rebuild';
/** caught_up: a rebuild reached the head, or a live loop that may leave did. stale: the generation is no longer this loop's to write. */
export type LoopOutcome = 'caught_up' | 'stale' | 'stopped';

class StaleCheckpointError extends Error {}

export interface LoopHooks {
  /** Called before each read of the log. */
  beforeRead(): void;
  /** Live mode waits here when the log had nothing new; resolves early on a new event or abort. */
  waitForEvents(signal: AbortSignal): Promise<void>;
  /**
   * Live mode asks this once it has applied the log up to where it read (an empty or short page): true
   * ends the loop as 'caught_up', so the runner can move the projector into its shared batches.
   */
  leaveWhenCaughtUp?(): boolean;
}

function describe(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

/**
 * Reads the log from the generation's checkpoint and applies it batch by batch, each batch and its
 * checkpoint in one transaction. A batch that throws is retried event by event up to where it
 * failed, so the runner stops exactly at the failing event, reports it and retries it with backoff:
 * it never skips. Between batches it checks `signal`, so a stop finishes the batch in flight.
 */
export async function applyLoop(
  deps: RunnerDependencies,
  projector: Projector,
  start: Generation,
  mode: LoopMode,
  hooks: LoopHooks,
  signal: AbortSignal,
): Promise<LoopOutcome> {
  const { db, eventStore, options, logger } = deps;
  const names = physicalNames(projector, start.generation);
  const types = new Set(projector.eventTypes);
  const pageSize = mode === 'live' ? options.batchSize : options.rebuildBatchSize;
  let generation = start;
  let position: GlobalPosition = start.position;
  let failures = start.consecutiveFailures;
  let readFailures = 0;
  // A read failure in the status row (this loop's, or left by a process before it) ends at the next good read.
  let readFailureShown = start.consecutiveFailures > 0 && start.failedEventId === null;
  // After a batch fails, events up to this position go one per transaction to find the culprit.
  let singleStepUntil: GlobalPosition | null = null;
  let prefetched: { after: GlobalPosition; page: Promise<RecordedEvent[]> } | null = null;
  let lastBatchAt = -Infinity;

  const read = (after: GlobalPosition) => {
    const ahead = prefetched;
    prefetched = null;
    if (ahead && comparePositions(ahead.after, after) === 0) return ahead.page;
    ahead?.page.catch(() => undefined);
    return eventStore.readAll({ after, maxCount: pageSize });
  };

  while (!signal.aborted) {
    const sinceLastBatch = performance.now() - lastBatchAt;
    if (mode === 'live' && sinceLastBatch < options.liveBatchIntervalMs) {
      await sleep(options.liveBatchIntervalMs - sinceLastBatch, signal);
      if (signal.aborted) break;
    }
    let page: RecordedEvent[];
    try {
      hooks.beforeRead();
      page = await read(position);
    } catch (error) {
      readFailures += 1;
      const message = describe(error);
      logger.warn(`${projector.name}: reading the log failed (attempt ${readFailures}): ${message}`);
      // Shown in the status row (and /api/health) like a failing event, until a read succeeds.
      try {
        if (
          !(await recordReadFailure(db, generation, position, `Reading the event log failed: ${message}`))
        ) {
          return 'stale';
        }
        readFailureShown = true;
      } catch {
        // The database is out too: the log line above is all there is until it answers again.
      }
      await sleep(Math.min(options.retryBaseMs * 2 ** (readFailures - 1), options.retryMaxMs), signal);
      continue;
    }
    readFailures = 0;
    if (readFailureShown) {
      try {
        await clearReadFailure(db, generation);
        readFailureShown = false;
      } catch (error) {
        logger.warn(
          `${projector.name}: could not clear the read failure (tried again next read): ${describe(error)}`,
        );
      }
    }
    if (page.length === 0) {
      if (mode === 'rebuild' || hooks.leaveWhenCaughtUp?.()) return 'caught_up';
      await hooks.waitForEvents(signal);
      continue;
    }
    const stepping: boolean =
      singleStepUntil !== null && comparePositions(page[0]!.position, singleStepUntil) <= 0;
    const batch: RecordedEvent[] = stepping ? page.slice(0, 1) : page;
    const last: GlobalPosition = batch[batch.length - 1]!.position;
    if (!stepping) singleStepUntil = null;
    // The next page is read while this one is applied (only worth it for full pages).
    if (!stepping && page.length === pageSize) {
      prefetched = { after: last, page: eventStore.readAll({ after: last, maxCount: pageSize }) };
      prefetched.page.catch(() => undefined);
    }
    const relevant = batch.filter((event) => types.has(event.type));
    lastBatchAt = performance.now();
    try {
      const notices = await db.transaction().execute(async (trx) => {
        if (mode === 'rebuild') await skipFlushWait(trx);
        const result = relevant.length > 0 ? await projector.apply(trx, relevant, names) : undefined;
        if (!(await advanceCheckpoint(trx, generation, position, last, relevant.length))) {
          throw new StaleCheckpointError();
        }
        return result ?? [];
      });
      position = last;
      generation = { ...generation, position: last, consecutiveFailures: 0 };
      if (failures > 0) logger.log(`${projector.name}: recovered at event ${batch[0]!.id}`);
      failures = 0;
      if (mode === 'live' && notices.length > 0) await publish(deps, projector, notices);
      if (mode === 'live' && !stepping && page.length < pageSize && hooks.leaveWhenCaughtUp?.())
        return 'caught_up';
    } catch (error) {
      prefetched = null;
      if (error instanceof StaleCheckpointError) return 'stale';
      if (batch.length > 1) {
        singleStepUntil = last;
        continue;
      }
      failures += 1;
      const event = batch[0]!;
      const message = describe(error);
      logger.error(
        `${projector.name} (generation ${generation.generation}) failed on event ${event.id} (${event.type} in ${event.streamId}), attempt ${failures}: ${message}`,
      );
      const ours = await recordFailure(db, generation, position, event, message).catch(() => true);
      if (!ours) return 'stale';
      singleStepUntil = event.position;
      await sleep(Math.min(options.retryBaseMs * 2 ** (failures - 1), options.retryMaxMs), signal);
    }
  }
  return 'stopped';
}

export async function publish(
  deps: RunnerDependencies,
  projector: Projector,
  notices: PublishedNotice[],
): Promise<void> {
  try {
    await deps.publisher?.publish(notices);
  } catch (error) {
    // The commit stands; clients see the change with the next notice or their next read.
    deps.logger.warn(`${projector.name}: change notice not published: ${describe(error)}`);
  }
}
