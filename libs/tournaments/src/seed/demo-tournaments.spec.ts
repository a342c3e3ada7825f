import { PostgresEventStore } from '@arena/event-store';
import { createTestDatabase, type TestDatabase } from '@arena/testing';
import type { ScoreSubmitted } from '../domain/tournament.events';
import { demoTournamentId, seedDemoTournaments, type DemoSeedResult } from './demo-tournaments';
import { testDemoPlayers } from './demo-players.fixtures';

const players = testDemoPlayers();

describe('demo tournaments seed', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  let first: DemoSeedResult;

  beforeAll(async () => {
    database = await createTestDatabase(3);
    store = new PostgresEventStore({ connectionString: database.url, poolSize: 3 });
    first = await seedDemoTournaments({
      players,
      eventStore: store,
      now: new Date('2026-11-22T12:00:00Z'),
    });
  });
  afterAll(async () => {
    await store.close();
    await database.drop();
  });

  it('creates tournaments in every status', () => {
    const statuses = first.tournaments.map((t) => t.status).sort();
    expect(statuses).toEqual(['ACTIVE', 'ACTIVE', 'COMPLETED', 'COMPLETED', 'UPCOMING']);
    expect(first.tournaments.every((t) => t.appended > 0)).toBe(true);
  });

  it('a second run, later, changes nothing', async () => {
    const eventsAfterFirst = (await store.readAll()).length;

    const second = await seedDemoTournaments({
      players,
      eventStore: store,
      now: new Date('2026-11-23T08:00:00Z'),
    });
    expect(second.tournaments.map((t) => t.appended)).toEqual([0, 0, 0, 0, 0]);
    expect(second.tournaments.map((t) => t.status)).toEqual(first.tournaments.map((t) => t.status));
    expect(await store.readAll()).toHaveLength(eventsAfterFirst);
  });

  it('the completed classic ranks its players by their best verified play', async () => {
    const events = await store.readStream(`tournament-${demoTournamentId('snake-autumn')}`);
    const scores = events
      .filter((event) => event.type === 'ScoreSubmitted')
      .map((event) => event.data as ScoreSubmitted['data']);
    expect(scores.every((score) => score.playId !== undefined)).toBe(true);
    const best = (userId: string) =>
      Math.max(...scores.filter((score) => score.userId === userId).map((score) => score.score));
    const completed = events.find((event) => event.type === 'TournamentCompleted');
    const standings = (completed?.data as { finalStandings: Array<{ userId: string; score: number }> })
      .finalStandings;
    expect(standings.map((standing) => standing.score)).toEqual(
      standings.map((standing) => best(standing.userId)),
    );
    expect(standings.map((standing) => standing.score)).toEqual(
      [...standings.map((standing) => standing.score)].sort((a, b) => b - a),
    );
    expect(standings).toHaveLength(3);
  });

  it("the live Snake sprint is led by Ada's second verified play", async () => {
    const events = await store.readStream(`tournament-${demoTournamentId('snake-sprint')}`);
    const scores = events
      .filter((event) => event.type === 'ScoreSubmitted')
      .map((event) => event.data as ScoreSubmitted['data']);
    const best = Math.max(...scores.map((score) => score.score));
    const leaders = scores.filter((score) => score.score === best);
    expect(leaders.map(({ userId, attempt }) => ({ userId, attempt }))).toEqual([
      { userId: players.ada!.accountId, attempt: 2 },
    ]);
    expect(scores.every((score) => score.playId !== undefined)).toBe(true);
  });
});
