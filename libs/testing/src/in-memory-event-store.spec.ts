import type { EventStore } from '@arena/event-store';
import { runEventStoreContract } from '../../event-store/src/event-store.contract';
import { InMemoryEventStore } from './in-memory-event-store';

runEventStoreContract('in-memory', async () => {
  const shared = new InMemoryEventStore();
  return {
    async createStore({ slowWrites = false } = {}): Promise<EventStore> {
      if (!slowWrites) return shared;
      return Object.assign(Object.create(shared) as EventStore, {
        appendToStream: async (...args: Parameters<EventStore['appendToStream']>) => {
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 50));
          return shared.appendToStream(...args);
        },
      });
    },
    async dispose() {
      await shared.close();
    },
  };
});
