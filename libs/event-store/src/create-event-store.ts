import type { AppConfig } from '@arena/config';
import type { EventStore } from './event-store.port';
import { PostgresEventStore, type PostgresEventStoreOptions } from './postgres-event-store';

export type EventStoreOptions =
  ({ kind: 'postgres' } & PostgresEventStoreOptions) | { kind: 'eventstoredb'; connectionString: string };

type EventStoreConfig = Pick<
  AppConfig,
  'EVENT_STORE' | 'EVENTSTORE_CONNECTION_STRING' | 'DATABASE_URL' | 'DATABASE_POOL_SIZE'
>;

/** The configured adapter, for the Nest module, scripts and tests. The caller closes it. */
export function createEventStore(from: EventStoreConfig | EventStoreOptions): EventStore {
  const options = 'kind' in from ? from : optionsFromConfig(from);
  if (options.kind === 'postgres') return new PostgresEventStore(options);
  // Loaded on demand: the gRPC client is heavy and most processes run on PostgreSQL.
  type Adapter = typeof import('./eventstoredb-event-store');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const adapter = require('./eventstoredb-event-store') as Adapter;
  return new adapter.EventStoreDbEventStore(options.connectionString);
}

function optionsFromConfig(config: EventStoreConfig): EventStoreOptions {
  if (config.EVENT_STORE === 'eventstoredb') {
    if (!config.EVENTSTORE_CONNECTION_STRING)
      throw new Error('EVENTSTORE_CONNECTION_STRING is required when EVENT_STORE=eventstoredb');
    return { kind: 'eventstoredb', connectionString: config.EVENTSTORE_CONNECTION_STRING };
  }
  return { kind: 'postgres', connectionString: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE };
}
