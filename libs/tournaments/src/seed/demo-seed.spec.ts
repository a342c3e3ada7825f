import { PRIZE_MODELS, TOURNAMENT_FORMATS, TOURNAMENT_STATUSES } from '@arena/contracts/tournaments.contract';
import { InMemoryEventStore } from '@arena/testing';
import { TournamentStreamRepository } from '../application/tournament-stream.repository';
import { seedAllDemoTournaments } from './demo-seed';
import { testDemoPlayers } from './demo-players.fixtures';

const players = testDemoPlayers();

describe('the whole demo seed (npm start)', () => {
  const eventStore = new InMemoryEventStore();
  const repository = new TournamentStreamRepository(eventStore);
  let seeded: Awaited<ReturnType<typeof seedAllDemoTournaments>>;

  beforeAll(async () => {
    seeded = await seedAllDemoTournaments({ players, eventStore, now: new Date('2026-11-22T12:00:00Z') });
  });

  it('holds a tournament of every format in every status', async () => {
    const seen = new Set<string>();
    for (const { id, status } of seeded.tournaments) {
      const state = await repository.load(id);
      if (state.status !== 'NONE') seen.add(`${state.tournament.format} ${status}`);
    }
    const missing = TOURNAMENT_FORMATS.flatMap((format) =>
      TOURNAMENT_STATUSES.map((status) => `${format} ${status}`),
    ).filter((pair) => !seen.has(pair));
    expect(missing).toEqual([]);
  });

  it('holds a completed tournament of every prize model, with its allocations', async () => {
    const allocated = new Set<string>();
    for (const { id, status } of seeded.tournaments) {
      if (status !== 'COMPLETED') continue;
      const events = await eventStore.readStream(`tournament-${id}`);
      const created = events.find((event) => event.type === 'TournamentCreated');
      if (created && events.some((event) => event.type === 'PrizeAllocated')) {
        allocated.add((created.data as { prizeModel: string }).prizeModel);
      }
    }
    expect([...allocated].sort()).toEqual([...PRIZE_MODELS].sort());
  });
});
