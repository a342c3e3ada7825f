import type { Kysely } from 'kysely';
import { START, comparePositions, type GlobalPosition } from '@arena/event-store';
import { sleep } from './sleep';

export interface ReadModelWait {
  /** The position the read model must reach: the caller's "as of" (a job's start, the store's head). */
  head: GlobalPosition;
  maxWaitMs: number;
  pollMs: number;
}

export type ReadModelLag =
  | { reached: true; checkpoint: GlobalPosition }
  | { reached: false; checkpoint: GlobalPosition; waitedMs: number };

/**
 * The lag guard of a question answered from a read model alone: polls the read model's active checkpoint until
 * it reaches `head`, for at most `maxWaitMs`. A read model with no active generation yet (a fresh install before
 * the worker's first start) counts as at START, as far behind as can be; the caller decides what an unreached
 * head means (a 503, a retried job). Cost: one indexed row read per poll, whatever the log's size.
 */
export async function waitForReadModel(
  db: Kysely<any>,
  name: string,
  { head, maxWaitMs, pollMs }: ReadModelWait,
): Promise<ReadModelLag> {
  const started = Date.now();
  for (;;) {
    const active = await db
      .selectFrom('projection_generations')
      .select(['position_commit', 'position_prepare'])
      .where('name', '=', name)
      .where('status', '=', 'active')
      .executeTakeFirst();
    const checkpoint: GlobalPosition = active
      ? {
          commit: BigInt(active.position_commit as string),
          prepare: BigInt(active.position_prepare as string),
        }
      : START;
    if (active && comparePositions(checkpoint, head) >= 0) return { reached: true, checkpoint };
    const waitedMs = Date.now() - started;
    if (waitedMs >= maxWaitMs) return { reached: false, checkpoint, waitedMs };
    await sleep(pollMs);
  }
}
