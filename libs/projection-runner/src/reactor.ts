import type { RecordedEvent } from '@arena/event-store';

/**
 * "When X happens, do Y": follows the event log and acts on it through commands or the event store,
 * where idempotency lives (ids derived from the event that caused them). The reaction runner delivers
 * each event of `eventTypes` at least once, in log order, from a checkpoint of the reactor's own, with
 * one active runner across processes; a failing event is retried with backoff and never skipped.
 */
export interface Reactor {
  /** Stable, unique, snake_case: the checkpoint key and the advisory-lock key. */
  readonly name: string;
  /** Only these event types are delivered. */
  readonly eventTypes: readonly string[];
  /** Must be idempotent: an event is delivered again after a crash or a lost lock. */
  react(event: RecordedEvent): Promise<void>;
}
