import { InMemoryEventStore } from '@arena/testing';
import { seedDemoBrackets } from './demo-brackets';
import { testDemoPlayers } from './demo-players.fixtures';

const players = testDemoPlayers();

describe('head-to-head demo tournaments seed', () => {
  it('seeds every format upcoming, live mid-bracket, completed and cancelled, and a second run appends nothing', async () => {
    const eventStore = new InMemoryEventStore();
    const first = await seedDemoBrackets({ players, eventStore, now: new Date('2026-11-22T12:00:00Z') });
    expect(first.map((t) => t.status)).toEqual(
      Array.from({ length: 5 }, () => ['UPCOMING', 'ACTIVE', 'COMPLETED', 'CANCELLED']).flat(),
    );
    const live = await eventStore.readStream(`tournament-${first[1]!.id}`);
    expect(live.some((event) => event.type === 'MatchPlayed')).toBe(true);
    expect(live.some((event) => event.type === 'MatchScheduled')).toBe(true);
    const second = await seedDemoBrackets({ players, eventStore, now: new Date('2026-11-23T12:00:00Z') });
    expect(second.map((t) => t.appended)).toEqual(second.map(() => 0));
  });
});
