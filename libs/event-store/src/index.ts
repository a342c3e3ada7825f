export * from './event-store.port';
// The adapters' input checks, for test doubles that must refuse exactly what they refuse.
export { assertValidAppend, assertValidReadAll, assertValidReadStream } from './event-store.validation';
export { EventStoreModule } from './event-store.module';
export { createEventStore, type EventStoreOptions } from './create-event-store';
export { PostgresEventStore, APPENDED_CHANNEL, type PostgresEventStoreOptions } from './postgres-event-store';
export type { EventStoreDbEventStore } from './eventstoredb-event-store';
// The write-side kit every context configures: a decider, its streams, ids from causes.
export type { Decider, Decision } from './kit/decider';
export { DeciderStreams, type DeciderStreamsOptions } from './kit/decider-streams';
export { idNamespace, randomEventIds, type EventIds, type IdNamespace } from './kit/event-ids';
