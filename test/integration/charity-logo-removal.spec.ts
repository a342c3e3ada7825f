import sharp from 'sharp';
import { CharityMessages } from '@arena/contracts';
import {
  startCharityOnboardingHarness,
  type CharityOnboardingHarness,
  type Member,
} from './charity-onboarding.harness';

const ADMIN_KEY = 'logo-removal-admin-key-0123456789ab';
let nextEin = 971000000;
/** A well-formed EIN the data set does not hold, fresh for each test. */
const freshEin = () => String(nextEin++);

/**
 * Removing a charity's logo (issue 23): its manager only, recorded as CharityLogoRemoved, every public
 * answer (profile, onboarded list, a member's favorites) back to null, harmless when repeated.
 */
describe('charity logo removal (DELETE /api/charities/onboarding/{charityId}/logo)', () => {
  let h: CharityOnboardingHarness;

  beforeAll(async () => {
    h = await startCharityOnboardingHarness({ ADMIN_API_KEY: ADMIN_KEY });
  });
  afterAll(() => h.close());

  const png = async (red = 40) =>
    `data:image/png;base64,${(
      await sharp({ create: { width: 48, height: 24, channels: 3, background: { r: red, g: 90, b: 160 } } })
        .png()
        .toBuffer()
    ).toString('base64')}`;

  async function send(
    method: 'PUT' | 'DELETE',
    member: Member | undefined,
    charityId: string,
    body?: object,
  ) {
    const response = await h.api.inject({
      method,
      url: `/api/charities/onboarding/${charityId}/logo`,
      headers: member?.auth ?? {},
      ...(body ? { payload: body } : {}),
    });
    return { status: response.statusCode, body: response.json() };
  }
  const removeLogo = (member: Member | undefined, charityId: string) => send('DELETE', member, charityId);

  /** A charity `member` onboarded (outside the directory: held for review), with a logo. */
  async function withLogo(member: Member) {
    const ein = freshEin();
    const linked = await h.call('POST', '/charities/stripe/link', member, {
      ein,
      organizationName: 'Lantern House',
      description: 'Light for the night',
      email: `desk-${ein}@lantern.example`,
    });
    expect(linked.status).toBe(200);
    const charityId = linked.body.charityId as string;
    const uploaded = await send('PUT', member, charityId, { image: await png() });
    expect(uploaded.status).toBe(200);
    return { ein, charityId, logoUrl: uploaded.body.data.logoUrl as string };
  }
  async function publish(ein: string) {
    const approved = await h.api.inject({
      method: 'POST',
      url: `/api/admin/charities/${ein}/review`,
      headers: { authorization: `Bearer ${ADMIN_KEY}` },
      payload: { decision: 'approve', note: 'Checked by phone' },
    });
    expect(approved.statusCode).toBe(200);
  }
  const logoEvents = async (ein: string) =>
    (await h.store.readStream(`charity-${ein}`))
      .map((event) => event.type)
      .filter((type) => type === 'CharityLogoChanged' || type === 'CharityLogoRemoved');

  /** The logo URLs others see: the profile, the onboarded list's card, and `fan`'s favorite of it. */
  async function publicLogos(ein: string, charityId: string, fan: Member) {
    const favorites = await h.api.inject({
      method: 'GET',
      url: '/api/charities/favorites',
      headers: fan.auth,
    });
    const listed = await h.call('GET', '/charities?limit=100');
    return {
      profile: (await h.call('GET', `/charities/ein/${ein}`)).body.data.logoUrl,
      byId: (await h.call('GET', `/charities/${charityId}`)).body.data.logoUrl,
      card: listed.body.data.charities.find((charity: { id: string }) => charity.id === charityId)?.logoUrl,
      favorite: favorites
        .json()
        .data.favoriteCharities.find((favorite: { charity: { ein: string } }) => favorite.charity.ein === ein)
        ?.charity.logoUrl,
    };
  }

  it('takes the logo down everywhere others see it, records it once, and changes nothing when repeated', async () => {
    const [ada, cy] = [await h.member('ada'), await h.member('cy')];
    const { ein, charityId, logoUrl } = await withLogo(ada);
    await publish(ein);
    const favorited = await h.api.inject({
      method: 'POST',
      url: '/api/charities/favorites',
      headers: cy.auth,
      payload: { externalCharityData: { name: 'Lantern House', ein, cause: 'Human Services' } },
    });
    expect(favorited.statusCode).toBe(200);
    // Published with a logo: the profile, the onboarded card and the member's favorite all show it.
    await h.eventually(async () =>
      expect(await publicLogos(ein, charityId, cy)).toEqual({
        profile: logoUrl,
        byId: logoUrl,
        card: logoUrl,
        favorite: logoUrl,
      }),
    );

    const removed = await removeLogo(ada, charityId);
    expect(removed).toMatchObject({
      status: 200,
      body: { success: true, message: CharityMessages.logoRemoved, data: { charityId, ein, logoUrl: null } },
    });
    expect(await logoEvents(ein)).toEqual(['CharityLogoChanged', 'CharityLogoRemoved']);
    await h.eventually(async () =>
      expect(await publicLogos(ein, charityId, cy)).toEqual({
        profile: null,
        byId: null,
        card: null,
        favorite: null,
      }),
    );
    // The same call again answers the same and records nothing.
    expect(await removeLogo(ada, charityId)).toMatchObject({
      status: 200,
      body: { success: true, data: { charityId, logoUrl: null } },
    });
    expect(await logoEvents(ein)).toEqual(['CharityLogoChanged', 'CharityLogoRemoved']);

    // A logo can be set again afterwards, even the same image: a new fact after the removal.
    const again = await send('PUT', ada, charityId, { image: await png() });
    expect(again.body.data.logoUrl).toBe(logoUrl);
    expect(await logoEvents(ein)).toEqual(['CharityLogoChanged', 'CharityLogoRemoved', 'CharityLogoChanged']);
    await h.eventually(async () => expect((await publicLogos(ein, charityId, cy)).profile).toBe(logoUrl));
  });

  it('refuses without a token (401), for another member (403) and for unknown ids (404), recording nothing', async () => {
    const [ada, ben] = [await h.member('ada'), await h.member('ben')];
    const mine = await withLogo(ada);
    const his = await withLogo(ben);

    expect(await removeLogo(undefined, mine.charityId)).toMatchObject({
      status: 401,
      body: { success: false },
    });
    for (const [member, id] of [
      [ben, mine.charityId],
      [ada, his.charityId],
    ] as const) {
      expect(await removeLogo(member, id)).toEqual({
        status: 403,
        body: { success: false, statusCode: 403, message: CharityMessages.notCharityManager },
      });
    }
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', '9'.repeat(100), '-1']) {
      expect(await removeLogo(ada, encodeURIComponent(id))).toEqual({
        status: 404,
        body: { success: false, statusCode: 404, message: CharityMessages.noOnboardingData },
      });
    }
    // A NUL byte in the path is refused before any charity is looked up, in the one error shape.
    expect(await removeLogo(ada, encodeURIComponent('a\u0000b'))).toMatchObject({
      status: 400,
      body: { success: false, statusCode: 400 },
    });
    expect(await logoEvents(mine.ein)).toEqual(['CharityLogoChanged']);
    expect(await logoEvents(his.ein)).toEqual(['CharityLogoChanged']);
    expect((await h.call('GET', `/charities/onboarding/${mine.charityId}`, ada)).body.data.logoUrl).toBe(
      mine.logoUrl,
    );
  });

  it('ends 50 removals at once in one recorded removal, every answer without a logo', async () => {
    const ada = await h.member('ada');
    const { ein, charityId } = await withLogo(ada);
    const answers = await Promise.all(Array.from({ length: 50 }, () => removeLogo(ada, charityId)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(200));
    expect(new Set(answers.map((answer) => answer.body.data.logoUrl))).toEqual(new Set([null]));
    expect(await logoEvents(ein)).toEqual(['CharityLogoChanged', 'CharityLogoRemoved']);
    await h.eventually(async () => {
      const row = await h.database.db
        .selectFrom('charities' as never)
        .select('logo_id' as never)
        .where('ein' as never, '=', ein as never)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ logo_id: null });
    });
  });
});
