import { randomUUID } from 'node:crypto';
import { CharityMessages, type FavoriteCharity } from '@arena/contracts';
import { startIdentityHarness, type IdentityHarness } from './identity-harness';
import { newMember, type TestMember } from './charity-members.harness';

/** Favorites (spec §3, §5): a member's own list of charities, one per EIN. */
describe('charity favorites', () => {
  let harness: IdentityHarness;
  let ada: TestMember;
  let ben: TestMember;

  beforeAll(async () => {
    harness = await startIdentityHarness({});
    [ada, ben] = await Promise.all([newMember(harness, 'ada'), newMember(harness, 'ben')]);
  });
  afterAll(() => harness.close());

  const redCross = {
    name: 'American Red Cross',
    ein: '53-0196605',
    mission: 'Prevents and alleviates human suffering in the face of emergencies.',
    cause: 'Human Services',
    city: 'Washington',
    state: 'DC',
    encompass_score: null,
    encompass_star_rating: null,
  };
  const add = (member: TestMember, charity: object = redCross) =>
    harness.call('POST', '/charities/favorites', { externalCharityData: charity }, member.auth);
  const remove = (member: TestMember, ein: string) =>
    harness.call('DELETE', '/charities/favorites', { ein }, member.auth);
  const list = async (member: TestMember): Promise<FavoriteCharity[]> => {
    const answer = await harness.call('GET', '/charities/favorites', undefined, member.auth);
    expect(answer.status).toBe(200);
    return answer.body.data.favoriteCharities;
  };
  const rows = (accountId: string) =>
    harness.database.db
      .selectFrom('charity_favorites' as never)
      .selectAll()
      .where('account_id' as never, '=', accountId as never)
      .execute();

  it('adds a favorite once, however often it is added, and answers the list', async () => {
    const member = await newMember(harness, 'twice');
    const first = await add(member);
    const second = await add(member);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body).toEqual({
      success: true,
      data: {
        favoriteCharities: [
          {
            id: expect.any(String),
            charity: {
              id: null,
              name: 'American Red Cross',
              logoUrl: null,
              category: 'Human Services',
              ein: '530196605',
            },
            createdAt: expect.any(String),
          },
        ],
      },
    });
    expect(await rows(member.id)).toHaveLength(1);
  });

  it('keeps one favorite when 50 adds of the same charity arrive at once', async () => {
    const member = await newMember(harness, 'rush');
    const answers = await Promise.all(Array.from({ length: 50 }, () => add(member)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(200));
    expect(await rows(member.id)).toHaveLength(1);
  });

  it('names our charity id once the nonprofit has started onboarding, null before', async () => {
    const member = await newMember(harness, 'onboarded');
    await add(member, { name: 'Onboarded Charity', ein: '333333333' });
    expect((await list(member))[0]!.charity.id).toBeNull();
    const charityId = randomUUID();
    await harness.database.db
      .insertInto('charity_onboardings' as never)
      .values({ charity_id: charityId, ein: '333333333', manager_id: ben.id } as never)
      .execute();
    expect((await list(member))[0]!.charity.id).toBe(charityId);
  });

  it('lists favorites newest first', async () => {
    const member = await newMember(harness, 'order');
    await add(member, { name: 'First Charity', ein: '111111111' });
    await add(member, { name: 'Second Charity', ein: '222222222' });
    expect((await list(member)).map((favorite) => favorite.charity.ein)).toEqual(['222222222', '111111111']);
  });

  it('removes a favorite, and answers 200 with nothing changed when it is not there', async () => {
    const member = await newMember(harness, 'remove');
    await add(member);
    await add(member, { name: 'Kept Charity', ein: '333333333' });
    const removed = await remove(member, '530196605');
    expect(removed.status).toBe(200);
    expect(
      removed.body.data.favoriteCharities.map((favorite: FavoriteCharity) => favorite.charity.ein),
    ).toEqual(['333333333']);
    const again = await remove(member, '53-0196605');
    expect(again.status).toBe(200);
    expect(again.body.data.favoriteCharities).toHaveLength(1);
    expect(await rows(member.id)).toHaveLength(1);
  });

  it("keeps a member's favorites to themselves: another member neither sees nor removes them", async () => {
    await add(ada, { name: 'Ada Charity', ein: '444444444' });
    expect(await list(ben)).toEqual([]);
    const benRemoves = await remove(ben, '444444444');
    expect(benRemoves.status).toBe(200);
    expect(benRemoves.body.data.favoriteCharities).toEqual([]);
    expect((await list(ada)).map((favorite) => favorite.charity.ein)).toContain('444444444');
  });

  it("refuses a guest with the spec's messages, and a bad token alike", async () => {
    const body = { externalCharityData: redCross };
    const guestAdd = await harness.call('POST', '/charities/favorites', body);
    expect(guestAdd.status).toBe(401);
    expect(guestAdd.body).toEqual({
      success: false,
      message: CharityMessages.mustLogInToAddFavorite,
      statusCode: 401,
    });
    const guestRemove = await harness.call('DELETE', '/charities/favorites', { ein: '530196605' });
    expect(guestRemove.status).toBe(401);
    expect(guestRemove.body.message).toBe(CharityMessages.mustLogInToRemoveFavorite);
    const forged = await harness.call('POST', '/charities/favorites', body, { authorization: 'Bearer nope' });
    expect(forged.status).toBe(401);
    expect(forged.body.message).toBe(CharityMessages.mustLogInToAddFavorite);
    expect((await harness.call('GET', '/charities/favorites')).status).toBe(401);
  });

  it('refuses malformed input with a 400 and stores nothing', async () => {
    const member = await newMember(harness, 'bad');
    const refused = [
      await add(member, { ...redCross, name: 'Red\u0000Cross' }),
      await add(member, { ...redCross, name: 'x'.repeat(100_000) }),
      await add(member, { ...redCross, mission: 'm'.repeat(5001) }),
      await add(member, { ...redCross, ein: '12345' }),
      await add(member, { ...redCross, ein: undefined }),
      await add(member, { ...redCross, name: '   ' }),
      await add(member, { ...redCross, encompass_score: 101 }),
      await harness.call('POST', '/charities/favorites', {}, member.auth),
      await harness.call('POST', '/charities/favorites', { externalCharityData: 'Red Cross' }, member.auth),
      await remove(member, 'abc'),
      await remove(member, '53\u00000196605'),
    ];
    expect(refused.map((answer) => answer.status)).toEqual(Array(refused.length).fill(400));
    for (const answer of refused) {
      expect(answer.body).toEqual({ success: false, message: expect.any(String), statusCode: 400 });
    }
    expect((await add(member, { ...redCross, ein: '12345' })).body.message).toContain(
      CharityMessages.malformedEin,
    );
    expect((await remove(member, '12345')).body.message).toBe(CharityMessages.malformedEin);
    expect(await rows(member.id)).toHaveLength(0);
  });

  it('caps a member at 200 favorites with a 409 that says why', async () => {
    const member = await newMember(harness, 'cap');
    await harness.database.db
      .insertInto('charity_favorites' as never)
      .values(
        Array.from({ length: 200 }, (_, index) => ({
          id: crypto.randomUUID(),
          account_id: member.id,
          ein: String(100_000_000 + index),
          name: `Charity ${index}`,
          created_at: new Date(),
        })) as never,
      )
      .execute();
    const refused = await add(member);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/up to 200 favorite charities/);
    // One already kept is still "added": nothing to refuse.
    expect((await add(member, { name: 'Charity 0', ein: '100000000' })).status).toBe(200);
    expect(await rows(member.id)).toHaveLength(200);
  });
});
