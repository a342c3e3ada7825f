export * from './event-store.port';
// The adapters' input checks, for test doubles that must refuse exactly what they refuse.
export { assertValidAppend, assertValidReadAll, assertValidReadStream } from './event-store.validation';
export { EventStoreModule } from './event-store.module';
export { createEventStore, type EventStoreOptions } from './create-event-store';
export { PostgresEventStore, APPENDED_CHANNEL, type PostgresEventStoreOptions } from './postgres-event-store';
export type { EventStoreDbEventStore } from './eventstoredb-event-store';
