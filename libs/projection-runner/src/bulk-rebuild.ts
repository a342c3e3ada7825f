import { comparePositions, type GlobalPosition, type RecordedEvent } from '@arena/event-store';
import { advanceCheckpoint, physicalNames, skipFlushWait, type Generation } from './generations.queries';
import type { BulkRebuild, Projector } from './projector';
import type { RunnerDependencies } from './runner-options';

/** caught_up: the log is read and written. failed: go on through apply() (see BulkRebuild). */
export type BulkOutcome = 'caught_up' | 'stale' | 'stopped' | 'failed';

class StaleCheckpointError extends Error {}

function describe(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

/**
 * Fills a building generation through the projector's bulk path from its checkpoint to the head of
 * the log. One page is read ahead while the last one is folded, and one write (with its checkpoint)
 * runs while the next pages are read and folded; writes commit in order, each from the checkpoint the
 * one before left. A stop lets the write in flight commit and drops the fold not yet written: the
 * rebuild resumes from the checkpoint, as after a crash.
 */
export async function bulkRebuildLoop(
  deps: RunnerDependencies,
  projector: Projector,
  bulk: BulkRebuild,
  start: Generation,
  signal: AbortSignal,
): Promise<BulkOutcome> {
  const { db, eventStore, options, logger } = deps;
  const names = physicalNames(projector, start.generation);
  const types = new Set(projector.eventTypes);
  const pageSize = options.rebuildBatchSize;
  // The checkpoint the last write committed, and the one in flight.
  let generation = start;
  let writing: Promise<Generation> | null = null;
  let fold = bulk.start();
  let folded = 0;
  let foldEnd: GlobalPosition = start.position;

  const write = (from: Generation, rows: unknown, to: GlobalPosition, applied: number) =>
    db.transaction().execute(async (trx) => {
      await skipFlushWait(trx);
      await bulk.write(trx, rows, names);
      if (!(await advanceCheckpoint(trx, from, from.position, to, applied))) throw new StaleCheckpointError();
      return { ...from, position: to, eventsApplied: from.eventsApplied + applied };
    });

  /** Waits for the write in flight: null when it committed (or none ran), else the loop's outcome. */
  const settle = async (): Promise<'stale' | 'failed' | null> => {
    if (!writing) return null;
    try {
      generation = await writing;
      return null;
    } catch (error) {
      if (error instanceof StaleCheckpointError) return 'stale';
      logger.warn(
        `${projector.name}: bulk write failed, the rebuild goes on event by event from the checkpoint: ${describe(error)}`,
      );
      return 'failed';
    } finally {
      writing = null;
    }
  };
  /** Starts writing the fold once the write before it committed. */
  const flush = async (): Promise<'stale' | 'failed' | null> => {
    const failure = await settle();
    if (failure || comparePositions(foldEnd, generation.position) === 0) return failure;
    writing = write(generation, fold, foldEnd, folded);
    // Observed by settle(); never an unhandled rejection meanwhile.
    writing.catch(() => undefined);
    fold = bulk.start();
    folded = 0;
    return null;
  };

  const read = (after: GlobalPosition) => {
    const page = eventStore.readAll({ after, maxCount: pageSize });
    page.catch(() => undefined);
    return page;
  };
  let next: Promise<RecordedEvent[]> | null = read(start.position);
  try {
    while (next && !signal.aborted) {
      const page: RecordedEvent[] = await next;
      if (page.length === 0) break;
      foldEnd = page[page.length - 1]!.position;
      // A short page is the head of the log: the rebuild checks the head again before it swaps.
      next = page.length === pageSize ? read(foldEnd) : null;
      const relevant = page.filter((event) => types.has(event.type));
      if (relevant.length > 0) bulk.fold(fold, relevant);
      folded += relevant.length;
      if (bulk.size(fold) >= options.rebuildFlushRows) {
        const failure = await flush();
        if (failure) return failure;
      }
    }
  } catch (error) {
    // A failed read or fold: apply() reads, retries and reports event by event.
    const failure = await settle();
    logger.warn(`${projector.name}: bulk rebuild stopped, going on event by event: ${describe(error)}`);
    return failure ?? 'failed';
  }
  if (signal.aborted) return (await settle()) ?? 'stopped';
  return (await flush()) ?? (await settle()) ?? 'caught_up';
}
