import { randomUUID } from 'node:crypto';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ConfigModule, loadConfig } from '@arena/config';
import { createTestDatabase, type TestDatabase } from '@arena/testing';
import { createEventStore } from './create-event-store';
import { EventStoreModule } from './event-store.module';
import { EVENT_STORE, type EventStore } from './event-store.port';
import { PostgresEventStore } from './postgres-event-store';

describe('EventStoreModule', () => {
  let database: TestDatabase;
  beforeAll(async () => (database = await createTestDatabase(1)));
  afterAll(() => database.drop());

  it('provides the PostgreSQL store from configuration and closes it on shutdown', async () => {
    const config = loadConfig({
      DATABASE_URL: database.url,
      REDIS_URL: 'redis://127.0.0.1:6379',
      JWT_ACCESS_SECRET: 'x'.repeat(32),
    });
    @Module({ imports: [ConfigModule.forRoot(config), EventStoreModule] })
    class RootModule {}
    const app = await NestFactory.createApplicationContext(RootModule, { logger: false });
    const store = app.get<EventStore>(EVENT_STORE);
    expect(store).toBeInstanceOf(PostgresEventStore);

    const streamId = `module-${randomUUID()}`;
    await store.appendToStream(streamId, [{ id: randomUUID(), type: 'Checked', data: { ok: true } }]);
    expect(await store.readStream(streamId)).toHaveLength(1);

    await app.close();
    await expect(store.readStream(streamId)).rejects.toThrow('The event store is closed');
  });

  it('creates the EventStoreDB adapter when EVENT_STORE=eventstoredb, without touching PostgreSQL', async () => {
    const store = createEventStore({
      EVENT_STORE: 'eventstoredb',
      EVENTSTORE_CONNECTION_STRING: 'esdb://127.0.0.1:2113?tls=false',
      DATABASE_URL: 'postgres://nowhere.invalid/none',
      DATABASE_POOL_SIZE: 1,
    });
    try {
      expect(store.constructor.name).toBe('EventStoreDbEventStore');
    } finally {
      await store.close();
    }
  });
});
