import { PostgresEventStore } from '@arena/event-store';
import { createTestDatabase, type TestDatabase } from '@arena/testing';
import type { PlayerJoined, PrizeAllocated, ScoreSubmitted } from '../domain/tournament.events';
import { seedDemoPrizeTournaments, type DemoPrizeSeedResult } from './demo-prize-tournaments';
import { testDemoPlayers } from './demo-players.fixtures';

const players = testDemoPlayers();

describe('demo prize tournaments seed', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  let first: DemoPrizeSeedResult;

  beforeAll(async () => {
    database = await createTestDatabase(3);
    store = new PostgresEventStore({ connectionString: database.url, poolSize: 3 });
    first = await seedDemoPrizeTournaments({
      players,
      eventStore: store,
      now: new Date('2026-11-22T12:00:00Z'),
    });
  });
  afterAll(async () => {
    await store.close();
    await database.drop();
  });

  const allocations = async (index: number) =>
    (await store.readStream(`tournament-${first.tournaments[index]!.id}`))
      .filter((event) => event.type === 'PrizeAllocated')
      .map((event) => event.data as PrizeAllocated['data']);
  const byPlayer = async (index: number) =>
    (await allocations(index)).map(({ username, amountCents }) => [username, amountCents]);
  /** Each player's best verified score, best first: the bots' real scores, not numbers the seed chose. */
  const bestScores = async (index: number) => {
    const scores = (await store.readStream(`tournament-${first.tournaments[index]!.id}`))
      .filter((event) => event.type === 'ScoreSubmitted')
      .map((event) => event.data as ScoreSubmitted['data']);
    expect(scores.every((score) => score.playId !== undefined)).toBe(true);
    const best = new Map<string, number>();
    for (const { username, score } of scores) best.set(username, Math.max(score, best.get(username) ?? 0));
    return [...best].sort(([, a], [, b]) => b - a);
  };

  it('completes one tournament of every prize model, each with its allocations summing to its pool', async () => {
    expect(first.tournaments.map((t) => t.status)).toEqual(Array(5).fill('COMPLETED'));
    const pools = [20_000, 30_000, 25_000, 10_000, 15_000];
    for (const [index, pool] of pools.entries()) {
      const total = (await allocations(index)).reduce((sum, line) => sum + line.amountCents, 0);
      expect(total).toBe(pool);
    }
  });

  it('pays the winner, the top three and the flat payouts by their verified scores, to the charity each chose', async () => {
    const joinedWith = new Map(
      (await store.readStream(`tournament-${first.tournaments[0]!.id}`))
        .filter((event) => event.type === 'PlayerJoined')
        .map((event) => event.data as PlayerJoined['data'])
        .map(({ username, charityId }) => [username, charityId]),
    );
    const [[winner]] = (await bestScores(0)) as [[string, number]];
    expect(await allocations(0)).toEqual([
      expect.objectContaining({ username: winner, amountCents: 20_000, charityId: joinedWith.get(winner) }),
    ]);
    const topThree = (await bestScores(1)).slice(0, 4);
    expect(new Set(topThree.map(([, score]) => score)).size).toBe(4);
    expect(await byPlayer(1)).toEqual(
      topThree.slice(0, 3).map(([username], place) => [username, [15_000, 9_000, 6_000][place]]),
    );
    const flat = await bestScores(3);
    expect(new Set(flat.map(([, score]) => score)).size).toBe(flat.length);
    expect(await byPlayer(3)).toEqual(
      flat.slice(0, 3).map(([username], place) => [username, [4_000, 4_000, 2_000][place]]),
    );
  });

  it('pays the Tile Merge top five their shares in the order of their verified scores', async () => {
    const topFive = (await bestScores(2)).slice(0, 5);
    expect(new Set(topFive.map(([, score]) => score)).size).toBe(5);
    expect(await byPlayer(2)).toEqual(
      topFive.map(([username], place) => [username, [10_000, 6_250, 3_750, 3_000, 2_000][place]]),
    );
  });

  it('shares the Snake milestones among the players whose verified scores reached them', async () => {
    const scores = await bestScores(4);
    const reached = (milestone: number) =>
      scores.filter(([, score]) => score >= milestone).map(([name]) => name);
    // The demo shows every case: both milestones reached, only the first, and neither.
    expect(reached(300).length).toBeGreaterThan(0);
    expect(reached(150).length).toBeGreaterThan(reached(300).length);
    expect(reached(150).length).toBeLessThan(scores.length);
    const paid = await byPlayer(4);
    expect(paid.map(([username]) => username)).toEqual(reached(150));
    const paidTo = new Map(paid as Array<[string, number]>);
    const both = reached(300);
    const firstOnly = reached(150).filter((name) => !both.includes(name));
    for (const name of both) expect(paidTo.get(name)).toBeGreaterThan(paidTo.get(firstOnly[0]!)!);
  });

  it('a second run, later, appends nothing', async () => {
    const before = (await store.readAll()).length;
    const second = await seedDemoPrizeTournaments({
      players,
      eventStore: store,
      now: new Date('2026-11-23T08:00:00Z'),
    });
    expect(second.tournaments.map((t) => t.appended)).toEqual([0, 0, 0, 0, 0]);
    expect(await store.readAll()).toHaveLength(before);
  });
});
