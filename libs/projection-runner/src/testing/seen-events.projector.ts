import { sql } from 'kysely';
import type { Projector } from '../projector';

export interface SeenEventsOptions {
  name?: string;
  /** Written into every row, to tell which runner applied an event. */
  label?: string;
  /** Throws on events whose data says `poison: true` while this returns true. */
  poisoned?: () => boolean;
  /** Called at the start of every batch, inside its transaction (to hold a batch in flight). */
  onBatch?: (size: number) => Promise<void>;
}

/**
 * A projector for the runner's specs: one row per applied event under a primary key, so an event
 * applied twice fails loudly instead of going unnoticed. It handles the event type named after it,
 * so specs sharing a log do not see each other's events.
 */
export function seenEventsProjector(options: SeenEventsOptions = {}): Projector {
  // The read model's one table is named after the projector, so several can share a database.
  const name = options.name ?? 'seen_events';
  return {
    name,
    version: 1,
    eventTypes: [name],
    tables: [name],
    async createTables(db, names) {
      await sql`
        CREATE TABLE ${sql.table(names[name]!)} (
          event_id uuid PRIMARY KEY,
          stream_id text NOT NULL,
          label text NOT NULL,
          applied_at timestamptz NOT NULL DEFAULT clock_timestamp()
        )`.execute(db);
    },
    async apply(trx, events, names) {
      await options.onBatch?.(events.length);
      for (const event of events) {
        if ((event.data as { poison?: boolean }).poison && options.poisoned?.()) {
          throw new Error(`poisoned event ${event.id}`);
        }
      }
      await sql`
        INSERT INTO ${sql.table(names[name]!)} (event_id, stream_id, label)
        SELECT * FROM unnest(${events.map((e) => e.id)}::uuid[], ${events.map((e) => e.streamId)}::text[],
          ${events.map(() => options.label ?? '')}::text[])`.execute(trx);
      return [{ topic: 'seen', count: events.length }];
    },
  };
}
