import { seedDemoCharityCommunity } from '@arena/charities';
import { seedDemoMembers } from '@arena/identity';
import type { NotificationsService } from '@arena/notifications';
import { projectEvents } from '@arena/projection-runner/testing';
import { charityDonationsProjector } from '@arena/projections/charity-donations/charity-donations.projection';
import {
  charityLedger,
  charityRankings,
} from '@arena/projections/charity-donations/charity-donations.queries';
import { createTestDatabase, InMemoryEventStore, testAppConfig, type TestDatabase } from '@arena/testing';
import { seedAllDemoTournaments } from '@arena/tournaments';
import type { JobsService } from '@arena/jobs';
import { DonationStreams } from '../../libs/donations/src/application/donation-streams';
import { PrizeFlow } from '../../libs/donations/src/application/reactions/prize-flow';

/** `npm start`'s demo: favorites, an invitation, and charity cards fed by the seeded tournaments. */
describe('the charity demo seed', () => {
  let database: TestDatabase;
  const sent: { to: string; text: string }[] = [];
  const notifications = {
    sendEmail: async (message: { to: string; text: string }) => {
      sent.push(message);
      return 'id';
    },
  } as unknown as NotificationsService;

  beforeAll(async () => {
    database = await createTestDatabase(2);
  });
  afterAll(() => database.drop());

  it('seeds favorites and one invitation, and seeding again adds nothing', async () => {
    const members = await seedDemoMembers(database.db);
    const config = testAppConfig(database.url);
    const seed = () => seedDemoCharityCommunity({ db: database.db, config, notifications, members });
    const first = await seed();
    expect(first.favorites).toBe(8);
    await seed();
    const favorites = await database.db
      .selectFrom('charity_favorites')
      .select(['account_id', 'ein'])
      .execute();
    expect(favorites).toHaveLength(8);
    expect(favorites).toContainEqual({ account_id: members.ada.accountId, ein: '530196605' });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain('demo_ben invited Food Bank of Alaska');
  });

  it("gives the seeded tournaments' charities real ledger rows and a ranking", async () => {
    const eventStore = new InMemoryEventStore();
    const members = await seedDemoMembers(database.db);
    await seedAllDemoTournaments({ players: members, eventStore, now: new Date('2026-11-22T12:00:00.000Z') });
    // The worker's prize flow turns each allocated prize into a directed donation (or a winner's balance).
    const jobs = { enqueue: async () => undefined } as unknown as JobsService;
    const flow = new PrizeFlow(
      testAppConfig(database.url),
      eventStore,
      new DonationStreams(eventStore),
      jobs,
    );
    for (const event of await eventStore.readAll()) await flow.apply(event);
    await projectEvents(database.db, charityDonationsProjector, await eventStore.readAll());
    const ledger = await charityLedger(database.db, '530196605', { search: '', limit: 5, offset: 0 });
    expect(ledger.total).toBeGreaterThan(0);
    expect(ledger.entries[0]).toEqual(
      expect.objectContaining({ status: 'held', donor: expect.stringMatching(/^demo_/) }),
    );
    expect((await charityRankings(database.db)).rankings.length).toBeGreaterThanOrEqual(3);
  }, 120_000);
});
