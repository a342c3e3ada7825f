import { randomUUID } from 'node:crypto';
import type Redis from 'ioredis';
import type { EventStore, PostgresEventStore } from '@arena/event-store';
import { defaultRunnerOptions, ProjectionRunner } from '@arena/projection-runner';
import {
  eventually,
  seenEventsProjector,
  silentLogger,
  testEventStore,
} from '@arena/projection-runner/testing';
import { createTestDatabase, type TestDatabase } from '@arena/testing';
import { HealthService } from './health.service';
import { MetricsService } from './metrics.service';

/** /api/health and /api/metrics while the worker cannot read the event log, and after. */
describe('health of a projector that cannot read the log', () => {
  let database: TestDatabase;
  let eventStore: PostgresEventStore;
  let runner: ProjectionRunner;
  let unreadable = true;
  const projector = seenEventsProjector({ name: 'health_reads' });

  beforeAll(async () => {
    database = await createTestDatabase();
    eventStore = testEventStore(database);
  });

  afterAll(async () => {
    await runner?.stop();
    await eventStore.close();
    await database.drop();
  });

  /** The log as the worker sees it: reads fail while `unreadable`, the rest passes through. */
  const workerStore: () => EventStore = () => ({
    appendToStream: (streamId, events, options) => eventStore.appendToStream(streamId, events, options),
    readStream: (streamId, options) => eventStore.readStream(streamId, options),
    readAll: (options) =>
      unreadable
        ? Promise.reject(new Error('connection to the event log lost'))
        : eventStore.readAll(options),
    subscribeToAll: (options) => eventStore.subscribeToAll(options),
    headPosition: () => eventStore.headPosition(),
    committedHeadPosition: () => eventStore.committedHeadPosition(),
    close: async () => undefined,
  });

  it('reports the projector failing with the read error, then ok once reads succeed', async () => {
    await eventStore.appendToStream(`health-${randomUUID()}`, [
      { id: randomUUID(), type: 'health_reads', data: {} },
    ]);
    runner = new ProjectionRunner(
      {
        db: database.db,
        eventStore: workerStore(),
        lockConnectionString: database.url,
        logger: silentLogger,
        options: {
          ...defaultRunnerOptions,
          pollIntervalMs: 50,
          retryBaseMs: 20,
          retryMaxMs: 200,
          lockRetryMs: 50,
        },
      },
      [projector],
    );
    const redis = { ping: async () => 'PONG' } as unknown as Redis;
    const health = new HealthService(database.db, redis, eventStore, [projector]);
    const metrics = new MetricsService(health);
    // A whole scrape: the projection gauges are filled by its collect step.
    const scrape = () => metrics.registry.metrics();

    runner.start();

    await eventually(async () => (await health.check()).status === 'degraded');
    const degraded = await health.check();
    expect(degraded.checks).toMatchObject({
      database: { ok: true },
      redis: { ok: true },
      eventStore: { ok: true },
    });
    const [status] = degraded.projections;
    expect(status).toMatchObject({ name: 'health_reads', state: 'failing', lagEvents: 1 });
    expect(status!.lastError).toMatch(/^Reading the event log failed: .*connection to the event log lost/);
    const failingScrape = await scrape();
    expect(failingScrape).toContain('arena_projection_failing{projector="health_reads"} 1');
    expect(failingScrape).toContain('arena_projection_lag_events{projector="health_reads"} 1');

    unreadable = false;

    // Reads succeed again (ok), then the runner applies the event it could not read (lag 0): two moments.
    await eventually(async () => {
      const recovered = await health.check();
      return recovered.status === 'ok' && recovered.projections[0]?.lagEvents === 0;
    });
    expect((await health.check()).projections).toMatchObject([
      { name: 'health_reads', state: 'running', lagEvents: 0, lagMs: 0 },
    ]);
    const recoveredScrape = await scrape();
    expect(recoveredScrape).toContain('arena_projection_failing{projector="health_reads"} 0');
    expect(recoveredScrape).toContain('arena_projection_lag_events{projector="health_reads"} 0');
  });
});
