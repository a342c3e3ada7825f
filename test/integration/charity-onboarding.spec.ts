import { NonprofitDirectory, seedDemoCharities } from '@arena/charities';
import { CharityMessages } from '@arena/contracts';
import { seedDemoMembers } from '@arena/identity';
import { STRIPE_API_VERSION } from '@arena/payments';
import {
  startCharityOnboardingHarness,
  type CharityOnboardingHarness,
  type Member,
} from './charity-onboarding.harness';
import { startCharityNavigatorStandIn, type CharityNavigatorStandIn } from './charity-navigator.stand-in';

/** A nonprofit of the bundled data set (libs/charities/data/nonprofits.csv). */
const KNOWN_EIN = '920162721';
let nextEin = 990000000;
/** A well-formed EIN the data set does not hold, fresh for each test. */
const unknownEin = () => String(nextEin++);

describe('charity onboarding (POST /api/charities/stripe/link → account.updated → code → verify)', () => {
  let h: CharityOnboardingHarness;
  let standIn: CharityNavigatorStandIn;
  const directory = new NonprofitDirectory();

  beforeAll(async () => {
    // Every EIN has a record whose website is example.org, so codes to …@example.org may go (issue 21);
    // charity-claims.spec.ts covers the other addresses, held for an operator's review.
    standIn = await startCharityNavigatorStandIn((ein) => {
      const known = directory.findByEin(ein);
      return {
        name: known?.name ?? 'Harbor Light',
        organization_url: 'https://www.example.org',
        ...(known ? { city: known.city, state: known.state } : {}),
      };
    });
    h = await startCharityOnboardingHarness(standIn.env);
  });
  afterAll(async () => {
    await h.close();
    await standIn.close();
  });

  const call = (method: 'GET' | 'POST', url: string, member?: Member, payload?: unknown) =>
    h.call(method, url, member, payload);

  const linkBody = (ein: string, email: string, organizationName = 'Harbor Light') => ({
    ein,
    organizationName,
    description: 'Meals and beds for the night',
    category: 'nonprofit',
    email,
  });

  const eventsOf = (ein: string) => h.eventsOf(ein);

  /** An account.updated event as the provider sends it to the Connect endpoint: `account` is the account. */
  const accountEvent = (input: {
    id?: string;
    accountId: string;
    charityId: string | null;
    payoutsEnabled: boolean;
    created?: number;
  }) => ({
    id: input.id ?? `evt_test_${Math.random().toString(36).slice(2)}${Date.now()}`,
    object: 'event',
    api_version: STRIPE_API_VERSION,
    account: input.accountId,
    type: 'account.updated',
    created: input.created ?? Math.floor(Date.now() / 1000),
    livemode: false,
    data: {
      object: {
        id: input.accountId,
        object: 'account',
        charges_enabled: input.payoutsEnabled,
        payouts_enabled: input.payoutsEnabled,
        details_submitted: true,
        metadata: input.charityId ? { charityId: input.charityId } : {},
      },
    },
  });

  it('onboards a charity end to end: verified only once payouts are enabled and the email is confirmed', async () => {
    const ada = await h.member('ada');
    const email = `desk-${ada.id.slice(0, 8)}@example.org`;

    const linked = await call(
      'POST',
      '/charities/stripe/link',
      ada,
      linkBody(KNOWN_EIN.replace(/^(\d\d)/, '$1-'), email, 'Alaska Native Tribal Health Consortium'),
    );
    expect(linked.status).toBe(200);
    expect(linked.body).toMatchObject({ success: true, stripeStatus: 'IN_PROGRESS' });
    const { charityId, stripeAccountId, verificationUrl } = linked.body;
    expect(verificationUrl).toContain(`/api/payments/local/connect/${stripeAccountId}?link=`);

    // The data set's record fills in where the charity is.
    const status = await call('GET', `/charities/onboarding/${charityId}`, ada);
    expect(status.body.data).toMatchObject({
      charityId,
      ein: KNOWN_EIN,
      stripeAccountId,
      paymentAccountStatus: 'PENDING',
      emailHint: `d***@example.org`,
      emailVerified: false,
      isVerified: false,
    });

    // The local provider's hosted form sends the browser back through the API (which asks the provider
    // about the account) to step 4...
    const returnedTo = await h.completeLocalOnboarding(verificationUrl);
    expect(returnedTo).toBe(`${h.config.PUBLIC_URL}/api/charities/onboarding/${charityId}/stripe-return`);
    const back = await h.api.inject({ method: 'GET', url: new URL(returnedTo).pathname });
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`${h.config.PUBLIC_URL}/charity-onboarding?step=4&fromStripe=true`);
    // ...and the provider's word (asked on return, or the signed account.updated webhook) verifies it.
    const afterWebhook = await h.eventually(async () => {
      const answer = await call('GET', `/charities/onboarding/${charityId}`, ada);
      expect(answer.body.data.paymentAccountStatus).toBe('VERIFIED');
      return answer.body.data;
    });
    expect(afterWebhook).toMatchObject({ emailVerified: false, isVerified: false });

    const sent = await call('POST', `/charities/onboarding/${charityId}/code`, ada);
    expect(sent).toMatchObject({
      status: 200,
      body: { data: { emailHint: 'd***@example.org', resendAfterSeconds: 60 } },
    });
    const code = await h.codeSentTo(email);

    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const refused = await call('POST', `/charities/onboarding/${charityId}/verify`, ada, { otpCode: wrong });
    expect(refused).toMatchObject({
      status: 400,
      body: { success: false, statusCode: 400, message: CharityMessages.onboardingCodeWrongOrExpired },
    });
    const malformed = await call('POST', `/charities/onboarding/${charityId}/verify`, ada, {
      otpCode: '12ab',
    });
    expect(malformed.status).toBe(400);

    const verified = await call('POST', `/charities/onboarding/${charityId}/verify`, ada, { otpCode: code });
    expect(verified).toMatchObject({
      status: 200,
      body: { data: { emailVerified: true, isVerified: true } },
    });
    // Repeating the confirmation changes nothing.
    const again = await call('POST', `/charities/onboarding/${charityId}/verify`, ada, { otpCode: code });
    expect(again.body.data.isVerified).toBe(true);
    // The provider's word was recorded once or twice: asked on return, and the webhook if it came after
    // (the same flags, another observation); once when the webhook came first.
    const recorded = await eventsOf(KNOWN_EIN);
    expect(recorded.filter((type) => type !== 'CharityPaymentAccountUpdated')).toEqual([
      'CharityOnboardingStarted',
      'CharityPaymentAccountLinked',
      'CharityEmailVerified',
      'CharityPublished',
    ]);
    expect(recorded.slice(2, -2)).toEqual(expect.arrayContaining(['CharityPaymentAccountUpdated']));
    expect(recorded.slice(2, -2).every((type) => type === 'CharityPaymentAccountUpdated')).toBe(true);
    expect(recorded.length).toBeLessThanOrEqual(6);

    // Resuming after verification answers COMPLETE with no link.
    const resumed = await call('POST', '/charities/stripe/link', ada, linkBody(KNOWN_EIN, email));
    expect(resumed.body).toMatchObject({
      charityId,
      stripeAccountId,
      stripeStatus: 'COMPLETE',
      verificationUrl: null,
    });

    const listed = await h.eventually(async () => {
      const list = await call('GET', '/charities?term=anchorage');
      expect(list.body.data.charities).toHaveLength(1);
      return list.body.data;
    });
    expect(listed.charities[0]).toMatchObject({
      id: charityId,
      ein: '92-0162721',
      isVerified: true,
      emailVerified: true,
      totalReceivedCents: 0,
    });
    expect(listed.charities[0].stripeAccountId).not.toBe(stripeAccountId);
    expect(JSON.stringify(listed)).not.toContain(email);

    const profile = await call('GET', `/charities/ein/${KNOWN_EIN}`, ada);
    expect(profile.body.data).toMatchObject({
      id: charityId,
      onboarded: true,
      managedByMe: true,
      isVerified: true,
    });
    const asStranger = await call('GET', `/charities/ein/92-0162721`);
    expect(asStranger.body.data).toMatchObject({ onboarded: true, managedByMe: false });
    expect((await call('GET', `/charities/${charityId}`)).body.data.id).toBe(charityId);
    const managed = await call('GET', '/charities/managed', ada);
    expect(managed.body.data.charities.map((c: { charityId: string }) => c.charityId)).toEqual([charityId]);
  });

  it('answers the data set for a nonprofit that has not onboarded, 404 for an unknown EIN and 400 for a malformed one', async () => {
    const profile = await call('GET', '/charities/ein/920077523');
    expect(profile.body.data).toMatchObject({
      id: null,
      onboarded: false,
      isVerified: false,
      ein: '92-0077523',
    });
    expect(await call('GET', `/charities/ein/${unknownEin()}`)).toMatchObject({
      status: 404,
      body: { success: false, message: CharityMessages.charityNotFound },
    });
    expect(await call('GET', '/charities/ein/12-34')).toMatchObject({
      status: 400,
      body: { message: CharityMessages.malformedEin },
    });
    expect((await call('GET', '/charities/not-a-uuid')).status).toBe(404);
    expect((await call('GET', '/charities/00000000-0000-4000-8000-000000000000')).status).toBe(404);

    const ben = await h.member('ben');
    const bad = await call('POST', '/charities/stripe/link', ben, linkBody('12345', 'desk@example.org'));
    expect(bad).toMatchObject({ status: 400, body: { success: false, statusCode: 400 } });
    expect(bad.body.message).toContain(CharityMessages.malformedEin);
    expect(
      (await call('POST', '/charities/stripe/link', undefined, linkBody(unknownEin(), 'd@example.org')))
        .status,
    ).toBe(401);
  });

  it("refuses another member's charity: link 409, onboarding 403, stories 403", async () => {
    const [ada, ben] = [await h.member('ada'), await h.member('ben')];
    const ein = unknownEin();
    const first = await call('POST', '/charities/stripe/link', ada, linkBody(ein, 'owner@example.org'));
    expect(first.status).toBe(200);
    const { charityId } = first.body;

    expect(
      await call('POST', '/charities/stripe/link', ben, linkBody(ein, 'thief@example.org')),
    ).toMatchObject({
      status: 409,
      body: { message: CharityMessages.alreadyOnboardedByAnother },
    });
    for (const [method, path, body] of [
      ['GET', `/charities/onboarding/${charityId}`, undefined],
      ['POST', `/charities/onboarding/${charityId}/code`, undefined],
      ['POST', `/charities/onboarding/${charityId}/verify`, { otpCode: '123456' }],
      ['POST', `/charities/ein/${ein}/stories`, { title: 'Ours', caption: 'Not really' }],
    ] as const) {
      expect(await call(method, path, ben, body)).toMatchObject({
        status: 403,
        body: { message: CharityMessages.notCharityManager },
      });
    }
    expect((await call('GET', '/charities/managed', ben)).body.data.charities).toEqual([]);
    expect(await eventsOf(ein)).toEqual(['CharityOnboardingStarted', 'CharityPaymentAccountLinked']);
    expect(
      await call('GET', '/charities/onboarding/00000000-0000-4000-8000-000000000000', ada),
    ).toMatchObject({
      status: 404,
      body: { message: CharityMessages.noOnboardingData },
    });
  });

  it('resumes the same charity and account for the same member, even 50 times at once', async () => {
    const ada = await h.member('ada');
    const ein = unknownEin();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        call('POST', '/charities/stripe/link', ada, linkBody(ein, 'burst@example.org')),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(200));
    expect(new Set(answers.map((answer) => answer.body.charityId)).size).toBe(1);
    expect(new Set(answers.map((answer) => answer.body.stripeAccountId)).size).toBe(1);
    expect(await eventsOf(ein)).toEqual(['CharityOnboardingStarted', 'CharityPaymentAccountLinked']);
    const accounts = await h.database.db
      .selectFrom('payment_local_accounts' as never)
      .select('id' as never)
      .where('ein' as never, '=', ein as never)
      .execute();
    expect(accounts).toHaveLength(1);

    // Later, a fresh link to the same account.
    const later = await call('POST', '/charities/stripe/link', ada, linkBody(ein, 'burst@example.org'));
    expect(later.body).toMatchObject({
      charityId: answers[0]!.body.charityId,
      stripeAccountId: answers[0]!.body.stripeAccountId,
      stripeStatus: 'IN_PROGRESS',
    });
  });

  it('applies each provider event once, never lets an older one win, and ignores accounts that are no charity', async () => {
    const ada = await h.member('ada');
    const ein = unknownEin();
    const { charityId, stripeAccountId } = (
      await call('POST', '/charities/stripe/link', ada, linkBody(ein, 'hooks@example.org'))
    ).body;
    const now = Math.floor(Date.now() / 1000);

    const fresh = accountEvent({ accountId: stripeAccountId, charityId, payoutsEnabled: true, created: now });
    expect(await h.postWebhook(fresh)).toBe(200);
    // The same event again (a provider retry), and sent at once from a second delivery.
    expect(await Promise.all([h.postWebhook(fresh), h.postWebhook(fresh)])).toEqual([200, 200]);
    // An older update arriving late, under a new event id.
    const older = accountEvent({
      accountId: stripeAccountId,
      charityId,
      payoutsEnabled: false,
      created: now - 60,
    });
    expect(await h.postWebhook(older)).toBe(200);
    // Forged: signed with another secret → refused, nothing applied.
    const forged = accountEvent({
      accountId: stripeAccountId,
      charityId,
      payoutsEnabled: false,
      created: now + 60,
    });
    expect(await h.postWebhook(forged, `whsec_${'f'.repeat(32)}`)).toBe(400);
    // Metadata naming this charity, but another account; and an account that is no charity's.
    expect(
      await h.postWebhook(
        accountEvent({ accountId: 'acct_other', charityId, payoutsEnabled: false, created: now + 60 }),
      ),
    ).toBe(200);
    expect(
      await h.postWebhook(accountEvent({ accountId: 'acct_nobody', charityId: null, payoutsEnabled: true })),
    ).toBe(200);

    expect(await eventsOf(ein)).toEqual([
      'CharityOnboardingStarted',
      'CharityPaymentAccountLinked',
      'CharityPaymentAccountUpdated',
    ]);
    const status = await call('GET', `/charities/onboarding/${charityId}`, ada);
    expect(status.body.data.paymentAccountStatus).toBe('VERIFIED');
  });

  it('sends the code to a changed address only, once a minute, and locks it after too many wrong tries', async () => {
    const ada = await h.member('ada');
    const ein = unknownEin();
    const { charityId } = (
      await call('POST', '/charities/stripe/link', ada, linkBody(ein, 'old@example.org'))
    ).body;

    expect((await call('POST', `/charities/onboarding/${charityId}/code`, ada)).status).toBe(200);
    const oldCode = await h.codeSentTo('old@example.org');
    expect(await call('POST', `/charities/onboarding/${charityId}/code`, ada)).toMatchObject({
      status: 429,
      body: { message: CharityMessages.tooManyRequests },
    });

    // A new address before confirmation: the old code is worth nothing now.
    await call('POST', '/charities/stripe/link', ada, linkBody(ein, 'new@example.org'));
    expect(
      (await call('POST', `/charities/onboarding/${charityId}/verify`, ada, { otpCode: oldCode })).status,
    ).toBe(400);
    await h.database.db
      .updateTable('charity_onboarding_codes' as never)
      .set({ created_at: new Date(Date.now() - 61_000) } as never)
      .execute();
    const sent = await call('POST', `/charities/onboarding/${charityId}/code`, ada);
    expect(sent.body.data.emailHint).toBe('n***@example.org');
    const newCode = await h.codeSentTo('new@example.org');

    const wrong = String((Number(newCode) + 1) % 1_000_000).padStart(6, '0');
    for (let attempt = 0; attempt < 5; attempt++) {
      expect(
        (await call('POST', `/charities/onboarding/${charityId}/verify`, ada, { otpCode: wrong })).status,
      ).toBe(400);
    }
    // Locked: even the right code is refused now.
    const locked = await call('POST', `/charities/onboarding/${charityId}/verify`, ada, { otpCode: newCode });
    expect(locked).toMatchObject({
      status: 400,
      body: { message: CharityMessages.onboardingCodeWrongOrExpired },
    });
    expect(await eventsOf(ein)).not.toContain('CharityEmailVerified');
  });

  it('lets only the manager publish impact stories: https video links, once per story, a few a day', async () => {
    const [ada, ben] = [await h.member('ada'), await h.member('ben')];
    const ein = unknownEin();
    await call('POST', '/charities/stripe/link', ada, linkBody(ein, 'stories@example.org'));
    const story = {
      title: 'Winter shelter',
      caption: '<b>120</b> beds this winter',
      videoUrl: 'https://video.example/1',
    };

    const published = await call('POST', `/charities/ein/${ein}/stories`, ada, story);
    expect(published).toMatchObject({
      status: 201,
      body: { data: { title: 'Winter shelter', caption: story.caption } },
    });
    const repeated = await call('POST', `/charities/ein/${ein}/stories`, ada, story);
    expect(repeated.body.data.id).toBe(published.body.data.id);

    expect(
      (
        await call('POST', `/charities/ein/${ein}/stories`, ada, {
          ...story,
          videoUrl: 'http://video.example/1',
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call('POST', `/charities/ein/${ein}/stories`, ada, {
          ...story,
          videoUrl: 'javascript:alert(1)',
        })
      ).status,
    ).toBe(400);
    expect(
      (await call('POST', `/charities/ein/${ein}/stories`, ada, { title: '', caption: 'x' })).status,
    ).toBe(400);
    expect(
      (await call('POST', `/charities/ein/${ein}/stories`, ben, { title: 'a', caption: 'b' })).status,
    ).toBe(403);
    expect(
      (await call('POST', `/charities/ein/${unknownEin()}/stories`, ada, { title: 'a', caption: 'b' }))
        .status,
    ).toBe(404);

    for (let n = 2; n <= 10; n++) {
      expect(
        (await call('POST', `/charities/ein/${ein}/stories`, ada, { title: `Story ${n}`, caption: 'More' }))
          .status,
      ).toBe(201);
    }
    expect(
      await call('POST', `/charities/ein/${ein}/stories`, ada, { title: 'Story 11', caption: 'More' }),
    ).toMatchObject({
      status: 429,
      body: { message: CharityMessages.tooManyRequests },
    });

    const list = await call('GET', `/charities/ein/${ein}/stories`);
    expect(list.body.data.stories).toHaveLength(10);
    expect((await call('GET', '/charities/ein/920077523/stories')).body.data.stories).toEqual([]);
    expect((await call('GET', `/charities/ein/${unknownEin()}/stories`)).status).toBe(404);
    expect((await call('GET', '/charities/ein/abc/stories')).status).toBe(400);
  });

  it('seeds demo charities through the real onboarding and the local driver, and a second run appends nothing', async () => {
    const members = await seedDemoMembers(h.database.db);
    const seeded = await seedDemoCharities(h.api, members);
    expect(seeded.map((charity) => charity.stage)).toEqual([
      'verified',
      'awaiting-payout-account',
      'awaiting-review',
    ]);
    // The local driver's account.updated reaches the API as a signed webhook, delivered by the worker.
    const verified = await h.eventually(async () => {
      const profile = await call('GET', '/charities/ein/530196605');
      expect(profile.body.data.isVerified).toBe(true);
      expect(profile.body.data.logoUrl).not.toBeNull();
      return profile.body.data;
    });
    // The demo addresses are on no website's domain: an operator approved it instead of the code.
    expect(verified).toMatchObject({
      onboarded: true,
      emailVerified: false,
      paymentAccountStatus: 'VERIFIED',
    });
    const awaitingCode = await h.eventually(async () => {
      const profile = await call('GET', '/charities/ein/363673599');
      expect(profile.body.data.paymentAccountStatus).toBe('VERIFIED');
      return profile.body.data;
    });
    expect(awaitingCode).toMatchObject({ emailVerified: false, isVerified: false });
    const awaitingAccount = await call('GET', '/charities/ein/521693387');
    expect(awaitingAccount.body.data).toMatchObject({ isActive: true, paymentAccountStatus: 'PENDING' });
    expect((await call('GET', '/charities/ein/530196605/stories')).body.data.stories).toHaveLength(2);
    // The verified one has a logo drawn at seed time, served as a PNG; the others show their monogram.
    expect(verified.logoUrl).toMatch(/^\/api\/charities\/ein\/530196605\/logo\?v=[0-9a-f]{32}$/);
    const logo = await h.api.inject({ method: 'GET', url: verified.logoUrl });
    expect({ status: logo.statusCode, type: logo.headers['content-type'] }).toEqual({
      status: 200,
      type: 'image/png',
    });
    expect(awaitingAccount.body.data.logoUrl).toBeNull();

    const eins = ['530196605', '521693387', '363673599'];
    const before = await Promise.all(eins.map(eventsOf));
    await seedDemoCharities(h.api, members);
    expect(await Promise.all(eins.map(eventsOf))).toEqual(before);
    expect((await call('GET', '/charities/ein/530196605/stories')).body.data.stories).toHaveLength(2);
  });
});
