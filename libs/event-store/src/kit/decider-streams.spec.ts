import { InMemoryEventStore } from '@arena/testing';
import type { AppendResult, EventData, EventStore, ExpectedRevision } from '../event-store.port';
import type { Decider } from './decider';
import { DeciderStreams, type DeciderStreamsOptions } from './decider-streams';
import { idNamespace, randomEventIds } from './event-ids';

// A counter that refuses to go past a limit: enough rules to see every path of the kit.
type Command = { type: 'Add'; data: { counterId: string; amount: number } };
type Event = { type: 'Added'; data: { counterId: string; amount: number } };
type State = { total: number };

class LimitReached extends Error {}
class Busy extends Error {}

const LIMIT = 1_000;
const counter: Decider<Command, Event, State> = {
  initialState: { total: 0 },
  decide(command, state) {
    if (command.data.amount === 0) return [];
    if (state.total + command.data.amount > LIMIT) throw new LimitReached(`limit ${LIMIT}`);
    return [{ type: 'Added', data: command.data }];
  },
  evolve: (state, event) => ({ total: state.total + event.data.amount }),
};

const add = (amount: number, counterId = 'c1'): Command => ({ type: 'Add', data: { counterId, amount } });
const ids = idNamespace('test:kit');

/** The in-memory store, counting appends and able to lose races on purpose. */
class ObservedStore extends InMemoryEventStore {
  appends = 0;
  /** Before each of the next appends, another writer appends to the same stream first. */
  racesToLose = 0;

  override async appendToStream(
    streamId: string,
    events: readonly EventData[],
    options: { expectedRevision?: ExpectedRevision } = {},
  ): Promise<AppendResult> {
    this.appends += 1;
    if (this.racesToLose > 0) {
      this.racesToLose -= 1;
      await super.appendToStream(streamId, [
        { id: ids.uuid(`rival:${this.appends}`), type: 'Added', data: { counterId: 'c1', amount: 1 } },
      ]);
    }
    return super.appendToStream(streamId, events, options);
  }
}

function streamsOn(store: EventStore, options: Partial<DeciderStreamsOptions<Command, Event, State>> = {}) {
  return new DeciderStreams<Command, Event, State>({
    store,
    decider: counter,
    streamId: (counterId) => `counter-${counterId}`,
    keyOf: (command) => command.data.counterId,
    busy: () => new Busy('busy'),
    ...options,
  });
}

describe('deciderStreams', () => {
  let store: ObservedStore;
  beforeEach(() => {
    store = new ObservedStore();
  });

  it('appends what the decider decides and answers the state after it', async () => {
    const streams = streamsOn(store);
    const decision = await streams.execute(add(5), randomEventIds);
    expect(decision).toEqual({
      events: [{ type: 'Added', data: { counterId: 'c1', amount: 5 } }],
      state: { total: 5 },
    });
    expect(await streams.load('c1')).toEqual({ total: 5 });
  });

  it('appends nothing when the decider stays quiet', async () => {
    const streams = streamsOn(store);
    await expect(streams.execute(add(0), randomEventIds)).resolves.toEqual({
      events: [],
      state: { total: 0 },
    });
    expect(store.appends).toBe(0);
  });

  it('passes a refusal on as it was thrown, without appending', async () => {
    const streams = streamsOn(store);
    await expect(streams.execute(add(LIMIT + 1), randomEventIds)).rejects.toBeInstanceOf(LimitReached);
    expect(await store.readStream('counter-c1')).toEqual([]);
  });

  it('appends nothing for a cause replayed, and answers the state as stored', async () => {
    const streams = streamsOn(store);
    await streams.execute(add(5), ids.derivedEventIds('webhook:evt_1'));
    await streams.execute(add(7), randomEventIds);
    const again = await streams.execute(add(5), ids.derivedEventIds('webhook:evt_1'));
    expect(again).toEqual({ events: [], state: { total: 12 } });
    expect(await store.readStream('counter-c1')).toHaveLength(2);
  });

  it('lands the same cause once when it arrives 50 times at once, across two processes', async () => {
    const processA = streamsOn(store);
    const processB = streamsOn(store);
    const cause = ids.derivedEventIds('webhook:evt_storm');
    const decisions = await Promise.all(
      Array.from({ length: 50 }, (_, i) => (i % 2 ? processA : processB).execute(add(3), cause)),
    );
    expect(decisions.filter((decision) => decision.events.length > 0)).toHaveLength(1);
    expect(await processA.load('c1')).toEqual({ total: 3 });
  });

  it('decides again on the newer events after losing a race, and refuses when the newer events say so', async () => {
    const streams = streamsOn(store);
    await streams.execute(add(LIMIT - 1), randomEventIds);
    store.racesToLose = 1;
    // The rival's +1 reaches the limit: decided again, the command is refused.
    await expect(streams.execute(add(1), randomEventIds)).rejects.toBeInstanceOf(LimitReached);
    expect(await streams.load('c1')).toEqual({ total: LIMIT });
  });

  it('answers busy when other writers keep winning, after the bounded number of attempts', async () => {
    const streams = streamsOn(store, { maxAttempts: 3, retryJitterMs: 0 });
    store.racesToLose = 3;
    await expect(streams.execute(add(1), randomEventIds)).rejects.toBeInstanceOf(Busy);
    expect(store.appends).toBe(3);
  });

  it('runs 50 members’ commands on one stream in turn, without a single lost race', async () => {
    const streams = streamsOn(store);
    await Promise.all(Array.from({ length: 50 }, () => streams.execute(add(2), randomEventIds)));
    expect(await streams.load('c1')).toEqual({ total: 100 });
    expect(store.appends).toBe(50);
  });

  it('keeps streams apart: one stream’s refusal never fails another’s command', async () => {
    const streams = streamsOn(store);
    const [refused, accepted] = await Promise.allSettled([
      streams.execute(add(LIMIT + 1, 'a'), randomEventIds),
      streams.execute(add(4, 'b'), randomEventIds),
    ]);
    expect(refused.status).toBe('rejected');
    expect(accepted).toEqual({
      status: 'fulfilled',
      value: expect.objectContaining({ state: { total: 4 } }),
    });
  });

  describe('with a cache and groups (a hot stream)', () => {
    it('appends a burst of fresh-id commands in groups, each decided on the state the ones before leave', async () => {
      const streams = streamsOn(store, { cacheSize: 10, maxGroup: 100 });
      await streams.execute(add(1), randomEventIds);
      const appendsBefore = store.appends;
      const decisions = await Promise.all(
        Array.from({ length: 60 }, () => streams.execute(add(10), randomEventIds)),
      );
      expect(decisions.at(-1)!.state).toEqual({ total: 601 });
      expect(store.appends - appendsBefore).toBeLessThan(60);
      expect(await store.readStream('counter-c1')).toHaveLength(61);
    });

    it('refuses only the command at fault in a group, and lands the others', async () => {
      const streams = streamsOn(store, { cacheSize: 10, maxGroup: 100 });
      await streams.execute(add(LIMIT - 10), randomEventIds);
      const outcomes = await Promise.allSettled([
        streams.execute(add(5), randomEventIds),
        streams.execute(add(50), randomEventIds),
        streams.execute(add(5), randomEventIds),
      ]);
      expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      expect(await streams.load('c1')).toEqual({ total: LIMIT });
    });

    it('never answers a refusal decided on a stale cache: it reads the newer events first', async () => {
      const cached = streamsOn(store, { cacheSize: 10 });
      const other = streamsOn(store);
      await cached.execute(add(LIMIT), randomEventIds);
      // Nothing can be added now, as the cache knows; but another process cannot add either, so the
      // cache's refusal stands. The other way round: a stale cache that believes the limit is near.
      const fresh = new ObservedStore();
      const hot = streamsOn(fresh, { cacheSize: 10 });
      const cold = streamsOn(fresh);
      await hot.execute(add(LIMIT - 1), randomEventIds);
      await expect(cold.execute(add(1), randomEventIds)).resolves.toMatchObject({ state: { total: LIMIT } });
      await expect(hot.execute(add(1), randomEventIds)).rejects.toBeInstanceOf(LimitReached);
      expect(await hot.load('c1')).toEqual({ total: LIMIT });
      await expect(other.execute(add(1), randomEventIds)).rejects.toBeInstanceOf(LimitReached);
    });
  });
});

describe('idNamespace', () => {
  // Pinned: events already stored carry ids derived this way, and a replayed cause must find them.
  it('derives the ids stored events carry, per namespace and cause', () => {
    const donations = idNamespace('charity-arena:donations');
    expect(donations.derivedEventIds('checkout:cs_test_1')(0)).toBe('d18656d5-8635-5a48-9036-7ce744b569cc');
    expect(idNamespace('charity-arena:billing').uuid('provider-event:evt_1')).toBe(
      'af465092-45e0-5286-a262-5276a1d0d65f',
    );
  });

  it('gives each event of a command and each namespace its own id', () => {
    const a = idNamespace('a').derivedEventIds('cause');
    expect(new Set([a(0), a(1), idNamespace('b').derivedEventIds('cause')(0)]).size).toBe(3);
    expect(a(0)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
