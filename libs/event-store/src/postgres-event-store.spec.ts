import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@arena/testing';
import { runEventStoreContract } from './event-store.contract';
import { EventStoreInputError, comparePositions } from './event-store.port';
import { PostgresEventStore } from './postgres-event-store';

runEventStoreContract('PostgreSQL', async () => {
  const database = await createTestDatabase(2);
  const stores: PostgresEventStore[] = [];
  return {
    async createStore({ slowWrites = false } = {}) {
      const store = new PostgresEventStore({
        connectionString: database.url,
        poolSize: slowWrites ? 20 : 10,
        beforeCommit: slowWrites
          ? (client) => client.query('SELECT pg_sleep($1)', [Math.random() * 0.05]).then(() => undefined)
          : undefined,
      });
      stores.push(store);
      return store;
    },
    async dispose() {
      await Promise.all(stores.map((s) => s.close()));
      await database.drop();
    },
  };
});

describe('PostgresEventStore specifics', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  beforeAll(async () => {
    database = await createTestDatabase(2);
    store = new PostgresEventStore({ connectionString: database.url, pollIntervalMs: 60_000 });
  });
  afterAll(async () => {
    await store.close();
    await database.drop();
  });

  const event = (type = 'Happened') => ({ id: randomUUID(), type, data: {} });

  it('reads events without metadata as {} and with metadata as stored, by stream, from the log and subscribed', async () => {
    const streamId = `m-${randomUUID()}`;
    const bare = event();
    const tagged = { ...event(), metadata: { correlationId: 'c-9', nested: { n: 1 } } };
    await store.appendToStream(streamId, [bare, tagged, event()]);
    const fromLog = (await store.readAll()).filter((e) => e.streamId === streamId);
    const subscription = store.subscribeToAll();
    const subscribed = [];
    for await (const e of subscription) {
      if (e.streamId === streamId) subscribed.push(e);
      if (subscribed.length === 3) break;
    }
    await subscription.unsubscribe();
    for (const read of [await store.readStream(streamId), fromLog, subscribed]) {
      expect(read.map((e) => e.metadata)).toEqual([{}, { correlationId: 'c-9', nested: { n: 1 } }, {}]);
    }
    // Each event its own object: a reader that adds to one changes no other.
    expect(fromLog[0]!.metadata).not.toBe(fromLog[2]!.metadata);
  });

  it('refuses an event id already stored in another stream', async () => {
    const shared = event();
    await store.appendToStream(`a-${randomUUID()}`, [shared]);
    await expect(store.appendToStream(`b-${randomUUID()}`, [shared])).rejects.toBeInstanceOf(
      EventStoreInputError,
    );
  });

  it('refuses a batch that repeats only some stored ids, storing none of it', async () => {
    const streamId = `p-${randomUUID()}`;
    const stored = event();
    await store.appendToStream(streamId, [stored]);
    await expect(store.appendToStream(streamId, [stored, event()])).rejects.toBeInstanceOf(
      EventStoreInputError,
    );
    expect(await store.readStream(streamId)).toHaveLength(1);
  });

  it('answers a revision taken by a row written around append_to_stream as a conflict', async () => {
    const streamId = `r-${randomUUID()}`;
    await store.appendToStream(streamId, [event()], { expectedRevision: 'no_stream' });
    await database.pool.query(
      `INSERT INTO events (event_id, stream_id, stream_revision, event_type, data) VALUES ($1, $2, 1, 'Sideways', '{}')`,
      [randomUUID(), streamId],
    );
    await expect(store.appendToStream(streamId, [event()], { expectedRevision: 0 })).rejects.toMatchObject({
      name: 'WrongExpectedRevisionError',
      actual: 1,
    });
  });

  it('refuses to change or delete a stored event', async () => {
    await store.appendToStream(`c-${randomUUID()}`, [event()]);
    await expect(database.pool.query(`UPDATE events SET data = '{"changed":true}'`)).rejects.toThrow(
      /append-only/,
    );
    await expect(database.pool.query('DELETE FROM events')).rejects.toThrow(/append-only/);
  });

  it('counts an append in the committed head at once, while an older transaction keeps it from readers', async () => {
    // A transaction of this database that took its id first (a projector's batch, say) and is still open:
    // readers stop below it, but a lag guard asked now must wait for the append committed after it.
    const older = await database.pool.connect();
    try {
      await older.query('BEGIN');
      await older.query('SELECT pg_current_xact_id()');
      const { position } = await store.appendToStream(`h-${randomUUID()}`, [event('CommittedFirst')]);
      expect(comparePositions(await store.headPosition(), position)).toBeLessThan(0);
      expect(comparePositions(await store.committedHeadPosition(), position)).toBe(0);
      await older.query('COMMIT');
      expect(comparePositions(await store.headPosition(), position)).toBe(0);
    } finally {
      await older.query('ROLLBACK').catch(() => undefined);
      older.release();
    }
  });

  it('is not held back by a transaction open in another database of the server', async () => {
    const elsewhere = await createTestDatabase(1);
    const longTransaction = await elsewhere.pool.connect();
    try {
      await longTransaction.query('BEGIN');
      await longTransaction.query('SELECT pg_current_xact_id()');
      const { position } = await store.appendToStream(`x-${randomUUID()}`, [event('NotHeldBack')]);
      expect(comparePositions(await store.headPosition(), position)).toBeGreaterThanOrEqual(0);
    } finally {
      await longTransaction.query('ROLLBACK');
      longTransaction.release();
      await elsewhere.drop();
    }
  });

  it('crosses long runs of filtered-out events a window at a time, and pages through the rest', async () => {
    const small = new PostgresEventStore({ connectionString: database.url, pageSize: 2 });
    const after = await small.headPosition();
    const filtered = small.subscribeToAll({ after, eventTypes: ['Needle'] });
    const everything = small.subscribeToAll({ after });
    try {
      const streamId = `hay-${randomUUID()}`;
      const hay = (count: number) => Array.from({ length: count }, () => event('Hay'));
      await small.appendToStream(streamId, [
        ...hay(50),
        event('Needle'),
        ...hay(45),
        event('Needle'),
        event('Hay'),
      ]);
      const needles: number[] = [];
      for await (const e of filtered) {
        needles.push(e.revision);
        if (needles.length === 2) break;
      }
      expect(needles).toEqual([50, 96]);
      const revisions: number[] = [];
      for await (const e of everything) {
        if (e.streamId === streamId) revisions.push(e.revision);
        if (revisions.length === 98) break;
      }
      expect(revisions).toEqual(Array.from({ length: 98 }, (_, i) => i));
    } finally {
      await small.close();
    }
  });

  it('wakes a subscriber in another process through NOTIFY, well before the poll interval', async () => {
    const other = new PostgresEventStore({ connectionString: database.url, pollIntervalMs: 60_000 });
    const subscription = store.subscribeToAll({
      after: await store.headPosition(),
      eventTypes: ['FromElsewhere'],
    });
    const iterator = subscription[Symbol.asyncIterator]();
    try {
      const first = iterator.next();
      // Let the subscription catch up and open its LISTEN connection before the other process appends.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const appended = event('FromElsewhere');
      const startedAt = Date.now();
      await other.appendToStream(`d-${randomUUID()}`, [appended]);
      const delivered = await first;
      expect(delivered.value).toMatchObject({ id: appended.id, type: 'FromElsewhere' });
      expect(Date.now() - startedAt).toBeLessThan(1_000);
    } finally {
      await subscription.unsubscribe();
      await other.close();
    }
  });

  it('counts what readAll would return after a position, by type, from the oldest event on', async () => {
    const after = await store.headPosition();
    const streamId = `count-${randomUUID()}`;
    await store.appendToStream(streamId, [event('Counted'), event('Other'), event('Counted')]);
    const [first, , third] = await store.readStream(streamId);
    await store.appendToStream(streamId, [event('Counted')]);

    expect(await store.countEvents({ after })).toEqual({ count: 4, oldestCreatedAt: first!.createdAt });
    expect(await store.countEvents({ after, eventTypes: ['Counted', 'Absent'] })).toMatchObject({ count: 3 });
    expect(await store.countEvents({ after: third!.position, eventTypes: ['Counted'] })).toMatchObject({
      count: 1,
    });
    expect(await store.countEvents({ after, eventTypes: ['Absent'] })).toEqual({
      count: 0,
      oldestCreatedAt: null,
    });
    const everything = await store.countEvents();
    expect(everything.count).toBe((await store.readAll()).length);
  });

  it('does not count events behind a transaction still in flight', async () => {
    const after = await store.headPosition();
    const blocker = await database.pool.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query(`SELECT * FROM append_to_stream($1, 'any', NULL, $2, $3, $4, $5)`, [
        `late-count-${randomUUID()}`,
        [randomUUID()],
        ['LateCounted'],
        ['{}'],
        ['{}'],
      ]);
      await store.appendToStream(`early-count-${randomUUID()}`, [event('EarlyCounted')]);
      const types = ['LateCounted', 'EarlyCounted'];
      expect(await store.countEvents({ after, eventTypes: types })).toMatchObject({ count: 0 });
      await blocker.query('COMMIT');
      expect(await store.countEvents({ after, eventTypes: types })).toMatchObject({ count: 2 });
    } finally {
      blocker.release();
    }
  });

  it('does not deliver an event while an older transaction is still open, then delivers both in order', async () => {
    const subscription = store.subscribeToAll({
      after: await store.headPosition(),
      eventTypes: ['Late', 'Early'],
    });
    const iterator = subscription[Symbol.asyncIterator]();
    const blocker = await database.pool.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query(`SELECT * FROM append_to_stream($1, 'any', NULL, $2, $3, $4, $5)`, [
        `late-${randomUUID()}`,
        [randomUUID()],
        ['Late'],
        ['{}'],
        ['{}'],
      ]);
      await store.appendToStream(`early-${randomUUID()}`, [event('Early')]);
      const first = iterator.next();
      const raced = await Promise.race([
        first,
        new Promise((resolve) => setTimeout(() => resolve('waiting'), 300)),
      ]);
      expect(raced).toBe('waiting');
      await blocker.query('COMMIT');
      expect((await first).value).toMatchObject({ type: 'Late' });
      expect((await iterator.next()).value).toMatchObject({ type: 'Early' });
    } finally {
      blocker.release();
      await subscription.unsubscribe();
    }
  });

  describe('group commit: appends that wait go to the database together', () => {
    let grouped: PostgresEventStore;
    beforeAll(() => {
      grouped = new PostgresEventStore({ connectionString: database.url, appendConcurrency: 1 });
    });
    afterAll(() => grouped.close());

    /** How many transactions wrote these streams' events: fewer than the appends when they were grouped. */
    const transactionsOf = async (streamIds: string[]) => {
      const events = await Promise.all(streamIds.map((streamId) => grouped.readStream(streamId)));
      return new Set(events.flat().map((recorded) => String(recorded.position.commit))).size;
    };

    it('writes 50 appends made at once, each on its own stream, in fewer transactions, every one stored', async () => {
      const streamIds = Array.from({ length: 50 }, () => `group-${randomUUID()}`);
      const results = await Promise.all(
        streamIds.map((streamId) =>
          grouped.appendToStream(streamId, [event(), event()], { expectedRevision: 'no_stream' }),
        ),
      );
      expect(results.map((result) => result.nextExpectedRevision)).toEqual(streamIds.map(() => 1));
      const positions = results.map((result) => `${result.position.commit}:${result.position.prepare}`);
      expect(new Set(positions).size).toBe(50);
      expect(await transactionsOf(streamIds)).toBeLessThan(50);
      for (const streamId of streamIds) expect(await grouped.readStream(streamId)).toHaveLength(2);
    });

    it("answers each append of a group its own outcome: one's conflict or stored id never fails the others", async () => {
      const existing = `group-existing-${randomUUID()}`;
      const stored = event();
      await grouped.appendToStream(existing, [stored]);
      const retried = `group-retried-${randomUUID()}`;
      const retry = [event()];
      await grouped.appendToStream(retried, retry);
      const healthy = Array.from({ length: 5 }, () => `group-healthy-${randomUUID()}`);
      const settled = await Promise.allSettled([
        grouped.appendToStream(healthy[0]!, [event()]),
        grouped.appendToStream(existing, [event()], { expectedRevision: 'no_stream' }),
        grouped.appendToStream(healthy[1]!, [event()]),
        grouped.appendToStream(`group-foreign-${randomUUID()}`, [stored]),
        grouped.appendToStream(healthy[2]!, [event()]),
        grouped.appendToStream(retried, retry),
        grouped.appendToStream(healthy[3]!, [event()]),
        grouped.appendToStream(healthy[4]!, [event()]),
      ]);
      expect(settled.map((result) => result.status)).toEqual([
        'fulfilled',
        'rejected',
        'fulfilled',
        'rejected',
        'fulfilled',
        'fulfilled',
        'fulfilled',
        'fulfilled',
      ]);
      expect((settled[1] as PromiseRejectedResult).reason).toMatchObject({
        name: 'WrongExpectedRevisionError',
      });
      expect((settled[3] as PromiseRejectedResult).reason).toBeInstanceOf(EventStoreInputError);
      expect((settled[5] as PromiseFulfilledResult<{ duplicate?: boolean }>).value.duplicate).toBe(true);
      for (const streamId of healthy) expect(await grouped.readStream(streamId)).toHaveLength(1);
      expect(await grouped.readStream(existing)).toHaveLength(1);
      expect(await grouped.readStream(retried)).toHaveLength(1);
    });

    it("keeps a value the database refuses (a NUL in an event's data) to its own append, not its group's", async () => {
      const streamIds = Array.from({ length: 6 }, () => `group-nul-${randomUUID()}`);
      const settled = await Promise.allSettled(
        streamIds.map((streamId, index) =>
          grouped.appendToStream(streamId, [
            { id: randomUUID(), type: 'Happened', data: { note: index === 3 ? 'a\u0000b' : 'fine' } },
          ]),
        ),
      );
      expect(settled.map((result) => result.status)).toEqual([
        'fulfilled',
        'fulfilled',
        'fulfilled',
        'rejected',
        'fulfilled',
        'fulfilled',
      ]);
      for (const [index, streamId] of streamIds.entries())
        expect(await grouped.readStream(streamId)).toHaveLength(index === 3 ? 0 : 1);
    });

    it('gives appends to one stream made at once distinct revisions, in one group or several', async () => {
      const streamId = `group-same-${randomUUID()}`;
      const results = await Promise.all(
        Array.from({ length: 20 }, () => grouped.appendToStream(streamId, [event()])),
      );
      expect(results.map((result) => result.nextExpectedRevision).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 20 }, (_, revision) => revision),
      );
      expect((await grouped.readStream(streamId)).map((recorded) => recorded.revision)).toEqual(
        Array.from({ length: 20 }, (_, revision) => revision),
      );
    });

    it('finishes the appends it holds before it closes', async () => {
      const closing = new PostgresEventStore({ connectionString: database.url, appendConcurrency: 1 });
      const streamIds = Array.from({ length: 10 }, () => `group-closing-${randomUUID()}`);
      const appends = streamIds.map((streamId) => closing.appendToStream(streamId, [event()]));
      await closing.close();
      await expect(Promise.all(appends)).resolves.toHaveLength(10);
      for (const streamId of streamIds) expect(await grouped.readStream(streamId)).toHaveLength(1);
    });
  });
});
