import type { Kysely } from 'kysely';
import { createGeneration } from './generations.queries';
import type { Projector } from './projector';

/**
 * Creates a projector's first generation (tables and views) when none serves yet, so its queries
 * work before any worker ran, e.g. in the API's tests. Idempotent.
 */
export async function ensureProjection(db: Kysely<any>, projector: Projector): Promise<void> {
  await createGeneration(db, projector, 'active');
}
