import { randomUUID } from 'node:crypto';
import { runEventStoreContract } from './event-store.contract';
import { EventStoreDbEventStore } from './eventstoredb-event-store';
import { EventStoreInputError, type EventStore } from './event-store.port';

const connectionString = process.env.EVENTSTORE_CONNECTION_STRING;

// No EventStoreDB server can run on our development and CI machines, so this adapter's contract runs
// only where a connection string points at one (docker-compose.yml starts one).
if (connectionString) {
  runEventStoreContract('EventStoreDB', async () => {
    const stores: EventStore[] = [];
    return {
      async createStore({ slowWrites = false } = {}) {
        const store = new EventStoreDbEventStore(connectionString);
        stores.push(store);
        if (!slowWrites) return store;
        // EventStoreDB has no client-held transaction to keep open: delay each append instead.
        return new Proxy(store, {
          get(target, property, receiver) {
            if (property !== 'appendToStream') return Reflect.get(target, property, receiver);
            return async (...args: Parameters<EventStore['appendToStream']>) => {
              await new Promise((resolve) => setTimeout(resolve, Math.random() * 50));
              return target.appendToStream(...args);
            };
          },
        });
      },
      async dispose() {
        await Promise.all(stores.map((s) => s.close()));
      },
    };
  });
} else {
  describe('EventStoreDB event store without a server', () => {
    const store = new EventStoreDbEventStore('esdb://127.0.0.1:2113?tls=false');
    afterAll(() => store.close());

    it('refuses malformed input before reaching for the server', async () => {
      await expect(store.appendToStream('', [{ id: randomUUID(), type: 'A', data: {} }])).rejects.toThrow(
        new EventStoreInputError('Stream id must be a non-empty string'),
      );
      await expect(store.appendToStream('s', [{ id: '42', type: 'A', data: {} }])).rejects.toThrow(
        new EventStoreInputError('Event id "42" is not a UUID'),
      );
      await expect(store.readStream('s', { maxCount: 0 })).rejects.toBeInstanceOf(EventStoreInputError);
    });
  });
}
