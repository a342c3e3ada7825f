import { createTestDatabase, type TestDatabase } from '@arena/testing';
import { seedDemoMembers } from './demo-members';
import { DEMO_NEWCOMER, seedDemoNewcomer } from './demo-newcomer';

describe('demo newcomer seed', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(2);
  });
  afterAll(async () => {
    await database.drop();
  });

  it('creates one account apart from the demo players, and keeps it on a second run', async () => {
    const players = await seedDemoMembers(database.db);
    const first = await seedDemoNewcomer(database.db);
    const second = await seedDemoNewcomer(database.db);

    expect(second).toEqual(first);
    expect(first.username).toBe(DEMO_NEWCOMER.username);
    expect(Object.values(players).map((player) => player.accountId)).not.toContain(first.accountId);
    const accounts = await database.db
      .selectFrom('accounts')
      .select(['id', 'email', 'referral_code'])
      .where('username', '=', DEMO_NEWCOMER.username)
      .execute();
    expect(accounts).toEqual([
      { id: first.accountId, email: DEMO_NEWCOMER.email, referral_code: DEMO_NEWCOMER.referralCode },
    ]);
  });
});
