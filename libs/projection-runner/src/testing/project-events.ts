import type { Kysely } from 'kysely';
import type { RecordedEvent } from '@arena/event-store';
import { createGeneration, physicalNames } from '../generations.queries';
import type { PublishedNotice, Projector } from '../projector';

/**
 * For projector specs: applies events straight to the serving generation (created when missing) in
 * one transaction, without the runner or its checkpoint, and returns the projector's notices.
 */
export async function projectEvents(
  db: Kysely<any>,
  projector: Projector,
  events: readonly RecordedEvent[],
): Promise<PublishedNotice[]> {
  const generation = await createGeneration(db, projector, 'active');
  const names = physicalNames(projector, generation.generation);
  const types = new Set(projector.eventTypes);
  const relevant = events.filter((event) => types.has(event.type));
  return db.transaction().execute(async (trx) => (await projector.apply(trx, relevant, names)) ?? []);
}
