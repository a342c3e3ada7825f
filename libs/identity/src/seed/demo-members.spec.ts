import { createTestDatabase, type TestDatabase } from '@arena/testing';
import { seedDemoMembers } from './demo-members';

describe('demo members seed', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(2);
  });
  afterAll(async () => {
    await database.drop();
  });

  it('creates the six demo accounts the demo tournaments are played by', async () => {
    const members = await seedDemoMembers(database.db);

    expect(Object.keys(members).sort()).toEqual(['ada', 'ben', 'chloe', 'dev', 'emma', 'felix']);
    expect(members.chloe.username).toBe('demo_chloe');
    const accounts = await database.db.selectFrom('accounts').select(['id', 'username']).execute();
    expect(accounts).toHaveLength(6);
    expect(accounts).toContainEqual({ id: members.chloe.accountId, username: 'demo_chloe' });
  });

  it('a second run keeps every account and its id', async () => {
    const first = await seedDemoMembers(database.db);
    const second = await seedDemoMembers(database.db);

    expect(second).toEqual(first);
    expect(await database.db.selectFrom('accounts').select('id').execute()).toHaveLength(6);
  });
});
