import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@arena/testing';
import { createMember } from '../testing/member.factory';
import { MEMBER_CACHE_TTL_MS, memberLookup } from './member.queries';

describe('memberLookup', () => {
  let database: TestDatabase;
  beforeAll(async () => (database = await createTestDatabase(2)));
  afterAll(() => database.drop());

  it('finds an account, trusts it for the TTL, then asks the database again', async () => {
    const member = await createMember(database.db, 'x'.repeat(32), { username: 'cached_member' });
    const lookup = memberLookup(database.db);
    const now = Date.now();
    expect(await lookup.find(member.id, now)).toEqual({ id: member.id, username: 'cached_member' });

    await database.db.deleteFrom('accounts').where('id', '=', member.id).execute();
    expect(await lookup.find(member.id, now + MEMBER_CACHE_TTL_MS - 1)).toBeDefined();
    expect(await lookup.find(member.id, now + MEMBER_CACHE_TTL_MS + 1)).toBeUndefined();
  });

  it('does not remember an unknown account, so a later sign-up is found at once', async () => {
    const id = randomUUID();
    const lookup = memberLookup(database.db);
    expect(await lookup.find(id)).toBeUndefined();
    await database.db
      .insertInto('accounts')
      .values({
        id,
        username: 'late_member',
        email: 'late@example.org',
        phone_number: '+15550009999',
        referral_code: 'late1',
      })
      .execute();
    expect(await lookup.find(id)).toEqual({ id, username: 'late_member' });
  });

  it('reads an account afresh once told it changed, within the TTL', async () => {
    const member = await createMember(database.db, 'x'.repeat(32), { username: 'renamed_member' });
    const lookup = memberLookup(database.db);
    const now = Date.now();
    await lookup.find(member.id, now);
    await database.db.deleteFrom('accounts').where('id', '=', member.id).execute();
    lookup.forget(member.id);
    expect(await lookup.find(member.id, now + 1)).toBeUndefined();
  });
});
