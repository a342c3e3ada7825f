import { PostgresEventStore } from '@arena/event-store';
import { createTestDatabase, type TestDatabase } from '@arena/testing';
import { tournamentsUuid } from '../application/event-ids';
import { seedDemoFormats } from './demo-formats';
import type { DemoSeedResult } from './demo-tournaments';
import { testDemoPlayers } from './demo-players.fixtures';

const players = testDemoPlayers();
const streamOf = (key: string) => `tournament-${tournamentsUuid(`demo-tournament:${key}`)}`;

describe('demo seed of formats, edits, cancellations and charities', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  let first: DemoSeedResult;

  beforeAll(async () => {
    database = await createTestDatabase(3);
    store = new PostgresEventStore({ connectionString: database.url, poolSize: 3 });
    first = await seedDemoFormats({ players, eventStore: store, now: new Date('2026-11-22T12:00:00Z') });
  });
  afterAll(async () => {
    await store.close();
    await database.drop();
  });

  it('holds a time attack in every status, an edited upcoming tournament and a cancelled one', () => {
    expect(first.tournaments.map(({ title, status }) => ({ title, status }))).toEqual([
      { title: 'Memory Pairs Time Attack', status: 'ACTIVE' },
      { title: 'Memory Pairs Speedrun Trio', status: 'COMPLETED' },
      { title: 'Memory Pairs Night Run', status: 'UPCOMING' },
      { title: 'Memory Pairs Relay', status: 'CANCELLED' },
      { title: 'Tile Merge Sunday (moved to Monday)', status: 'UPCOMING' },
      { title: 'Snake Blitz Open', status: 'CANCELLED' },
    ]);
  });

  it('the time attack has finished and unfinished runs, and charities chosen at join and later', async () => {
    const events = await store.readStream(streamOf('pairs-time-attack'));
    const runs = events
      .filter((e) => e.type === 'ScoreSubmitted')
      .map((e) => e.data as { completed: boolean });
    expect(runs.some((run) => run.completed)).toBe(true);
    expect(runs.some((run) => !run.completed)).toBe(true);
    expect(events.filter((e) => e.type === 'PlayerCharitySelected')).toHaveLength(2);
    expect(events.find((e) => e.type === 'PlayerJoined')?.data).toMatchObject({
      charityId: '530196605',
      charityName: 'American National Red Cross',
    });
  });

  it('the cancelled one keeps its reason', async () => {
    const events = await store.readStream(streamOf('snake-cancelled'));
    expect(events.at(-1)?.data).toMatchObject({ reason: expect.stringMatching(/returns next month/) });
  });

  it('a second run, later, changes nothing', async () => {
    // Stream reads, not the global log: its reader stops below any transaction in flight on the server.
    const count = async () => {
      const streams = ['pairs-time-attack', 'tiles-edited', 'snake-cancelled'].map(streamOf);
      return (await Promise.all(streams.map((id) => store.readStream(id)))).flat().length;
    };
    const before = await count();
    const second = await seedDemoFormats({
      players,
      eventStore: store,
      now: new Date('2026-11-27T08:00:00Z'),
    });
    expect(second.tournaments.map((t) => t.appended)).toEqual(second.tournaments.map(() => 0));
    expect(await count()).toBe(before);
  });
});
