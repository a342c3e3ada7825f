import { sql } from 'kysely';
import type { Projector } from '../projector';

/**
 * A projector that is not idempotent on purpose: it adds one per event to its stream's count, so
 * an event applied twice shows as a wrong count instead of a harmless repeated upsert. It handles
 * the event type named after it.
 */
export function countingEventsProjector(name: string): Projector {
  return {
    name,
    version: 1,
    eventTypes: [name],
    tables: [name],
    async createTables(db, names) {
      await sql`
        CREATE TABLE ${sql.table(names[name]!)} (stream_id text PRIMARY KEY, events integer NOT NULL)`.execute(
        db,
      );
    },
    async apply(trx, events, names) {
      for (const event of events) {
        await sql`
          INSERT INTO ${sql.table(names[name]!)} (stream_id, events) VALUES (${event.streamId}, 1)
          ON CONFLICT (stream_id) DO UPDATE SET events = ${sql.table(names[name]!)}.events + 1`.execute(trx);
      }
    },
  };
}
