import type { Kysely } from 'kysely';
import type { EventStore, GlobalPosition } from '@arena/event-store';
import type { Projector } from '@arena/projection-runner';
import { ensureProjection } from '@arena/projection-runner';
import { projectEvents } from '@arena/projection-runner/testing';

/**
 * What the worker's projection runner does, once, for tests without a worker: applies the store's events after
 * the read model's checkpoint and moves the checkpoint to the last of them (DonationLog's lag guard reads it).
 */
export async function catchUpReadModel(db: Kysely<any>, store: EventStore, projector: Projector) {
  await ensureProjection(db, projector);
  const active = await db
    .selectFrom('projection_generations')
    .select(['position_commit', 'position_prepare'])
    .where('name', '=', projector.name)
    .where('status', '=', 'active')
    .executeTakeFirstOrThrow();
  let after: GlobalPosition = {
    commit: BigInt(active.position_commit as string),
    prepare: BigInt(active.position_prepare as string),
  };
  for (;;) {
    const page = await store.readAll({ after, maxCount: 1000 });
    if (page.length === 0) break;
    await projectEvents(db, projector, page);
    after = page.at(-1)!.position;
  }
  await db
    .updateTable('projection_generations')
    .set({ position_commit: after.commit.toString(), position_prepare: after.prepare.toString() })
    .where('name', '=', projector.name)
    .where('status', '=', 'active')
    .execute();
}
