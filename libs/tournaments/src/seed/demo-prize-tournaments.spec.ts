import { PostgresEventStore } from '@arena/event-store';
import { createTestDatabase, type TestDatabase } from '@arena/testing';
import type { PrizeAllocated } from '../domain/tournament.events';
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

  it('completes one tournament of every prize model, each with its allocations summing to its pool', async () => {
    expect(first.tournaments.map((t) => t.status)).toEqual(Array(5).fill('COMPLETED'));
    const pools = [20_000, 30_000, 25_000, 10_000, 15_000];
    for (const [index, pool] of pools.entries()) {
      const total = (await allocations(index)).reduce((sum, line) => sum + line.amountCents, 0);
      expect(total).toBe(pool);
    }
  });

  it('allocates by each model, with the charity each winner chose', async () => {
    expect(await allocations(0)).toEqual([
      expect.objectContaining({ username: 'demo_ada', amountCents: 20_000, charityId: '530196605' }),
    ]);
    expect(await byPlayer(1)).toEqual([
      ['demo_emma', 15_000],
      ['demo_ada', 9_000],
      ['demo_dev', 6_000],
    ]);
    expect(await byPlayer(2)).toEqual([
      ['demo_ben', 10_000],
      ['demo_emma', 6_250],
      ['demo_chloe', 3_750],
      ['demo_dev', 3_000],
      ['demo_felix', 2_000],
    ]);
    expect(await byPlayer(3)).toEqual([
      ['demo_ben', 4_000],
      ['demo_felix', 4_000],
      ['demo_chloe', 2_000],
    ]);
    // 1,000 reached by emma, dev and ada ($60 / 3); 2,500 by emma and dev ($90 / 2).
    expect(await byPlayer(4)).toEqual([
      ['demo_emma', 6_500],
      ['demo_dev', 6_500],
      ['demo_ada', 2_000],
    ]);
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
