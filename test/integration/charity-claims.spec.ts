import { CharityMessages } from '@arena/contracts';
import { NonprofitDirectory } from '@arena/charities';
import { runCharitiesCli } from '../../apps/cli/src/charities-cli';
import {
  startCharityOnboardingHarness,
  type CharityOnboardingHarness,
  type Member,
} from './charity-onboarding.harness';
import {
  startCharityNavigatorStandIn,
  type CharityNavigatorStandIn,
  type StandInRecord,
} from './charity-navigator.stand-in';

const ADMIN_KEY = 'charity-claims-admin-key-0123456789';

/**
 * Issue 21, finding 5 "Anyone can take any charity's name", each reproduction as a test: one member
 * claiming many EINs, a free-text name, a code to any address, a claim held for good; and the answers:
 * the directory's name, the code only to the website's domain else an operator's review (HTTP and CLI),
 * the support path of a contested EIN, and expiry after 7 days without a verified payout account.
 */

/** Charity Navigator's records as a local stand-in answers them: the website on record for a few EINs. */
const RECORDS: Record<string, StandInRecord> = {
  // In the bundled data set too; the stand-in (the configured source) names them.
  '530196605': { name: 'American Red Cross', organization_url: 'https://www.redcross.org/' },
  '363673599': { name: 'Feeding America', organization_url: 'www.feedingamerica.org' },
  '131623829': {
    name: 'Doctors Without Borders, USA',
    organization_url: 'https://www.doctorswithoutborders.org',
  },
  '620646012': { name: "St. Jude Children's Research Hospital", organization_url: 'https://www.stjude.org' },
};

describe('a charity is who it says it is (issue 21)', () => {
  let h: CharityOnboardingHarness;
  let standIn: CharityNavigatorStandIn;
  const directory = new NonprofitDirectory();
  /** Directory EINs the stand-in does not know (no website on record), disjoint for each test. */
  const plainEins = directory
    .search('foundation', 200)
    .map((record) => record.ein)
    .filter((ein) => !RECORDS[ein]);
  let nextPlain = 0;
  const plainEin = () => plainEins[nextPlain++]!;

  beforeAll(async () => {
    standIn = await startCharityNavigatorStandIn((ein) => RECORDS[ein]);
    h = await startCharityOnboardingHarness({ ADMIN_API_KEY: ADMIN_KEY, ...standIn.env });
  });
  afterAll(async () => {
    await h.close();
    await standIn.close();
  });

  const link = (member: Member, ein: string, email: string, organizationName = 'Totally Not The Real One') =>
    h.call('POST', '/charities/stripe/link', member, {
      ein,
      organizationName,
      description: 'We help',
      email,
    });
  const admin = async (method: 'GET' | 'POST', url: string, payload?: unknown, key = ADMIN_KEY) => {
    const response = await h.api.inject({
      method,
      url: `/api${url}`,
      headers: { authorization: `Bearer ${key}` },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return { status: response.statusCode, body: response.json() };
  };
  const outboxTo = async (email: string) =>
    (
      await h.database.db
        .selectFrom('notification_outbox' as never)
        .select(['recipient'] as never)
        .where('recipient' as never, '=', email as never)
        .execute()
    ).length;
  const listed = async (ein: string) =>
    ((await h.call('GET', '/charities?limit=100')).body.data.charities as { ein: string }[]).some(
      (charity) => charity.ein.replace('-', '') === ein,
    );

  it('lets one member hold at most two open onboardings: of 30 EINs claimed at once, 2 are taken', async () => {
    const mallory = await h.member('mallory');
    const eins = Array.from({ length: 30 }, plainEin);
    const answers = await Promise.all(eins.map((ein) => link(mallory, ein, 'grab@mallory.example')));
    expect(answers.map((answer) => answer.status).sort()).toEqual([
      200,
      200,
      ...Array.from({ length: 28 }, () => 409),
    ]);
    for (const refused of answers.filter((answer) => answer.status === 409)) {
      expect(refused.body).toMatchObject({
        statusCode: 409,
        message: CharityMessages.onboardingLimitReached,
      });
    }
    // Resuming one of the two is not a third.
    const held = eins.filter((_ein, index) => answers[index]!.status === 200);
    expect((await link(mallory, held[0]!, 'grab@mallory.example')).status).toBe(200);
    // The other 28 are free for their real organizations.
    const real = await h.member('real');
    const refusedEin = eins.find((_ein, index) => answers[index]!.status === 409)!;
    expect((await link(real, refusedEin, 'office@real.example')).status).toBe(200);
  });

  it("shows the directory's name for a known EIN, never the claimant's; names refuse format characters", async () => {
    const ada = await h.member('ada');
    // Known to the configured source (the stand-in): its name.
    const redCross = await link(ada, '530196605', 'x@ada.example', 'Totally Not The Real One');
    expect(redCross.status).toBe(200);
    const status = await h.call('GET', `/charities/onboarding/${redCross.body.charityId}`, ada);
    expect(status.body.data.organizationName).toBe('American Red Cross');
    // Only in the bundled data set: its name.
    const ein = plainEin();
    const ben = await h.member('ben');
    const plain = await link(ben, ein, 'x@ben.example', 'Totally Not The Real One');
    const plainStatus = await h.call('GET', `/charities/onboarding/${plain.body.charityId}`, ben);
    expect(plainStatus.body.data.organizationName).toBe(directory.findByEin(ein)!.name);
    // A lone U+202E (or a zero-width space) is no name, whatever the EIN.
    for (const name of ['\u202E', 'Red\u200BCross']) {
      const refused = await link(await h.member('chloe'), '990000123', 'x@chloe.example', name);
      expect(refused).toMatchObject({
        status: 400,
        body: { message: CharityMessages.organizationNameInvisible },
      });
    }
  });

  it('sends the code only to an address on the website’s domain; any other waits for an operator', async () => {
    const dan = await h.member('dan');
    const held = await link(dan, '131623829', 'msf.donations@gmail.com');
    expect(held.status).toBe(200);
    const { charityId } = held.body;
    const refused = await h.call('POST', `/charities/onboarding/${charityId}/code`, dan);
    expect(refused).toMatchObject({ status: 409, body: { message: CharityMessages.heldForReview } });
    expect(await outboxTo('msf.donations@gmail.com')).toBe(0);
    const status = await h.call('GET', `/charities/onboarding/${charityId}`, dan);
    expect(status.body.data).toMatchObject({
      verification: 'OPERATOR_REVIEW',
      review: 'PENDING',
      closed: null,
    });

    // On the website's domain (whatever its case): the code goes, and confirms the charity.
    const eve = await h.member('eve');
    const onDomain = await link(eve, '363673599', 'Grants@FeedingAmerica.ORG');
    const sent = await h.call('POST', `/charities/onboarding/${onDomain.body.charityId}/code`, eve);
    expect(sent.status).toBe(200);
    const code = await h.codeSentTo('Grants@FeedingAmerica.ORG');
    const verified = await h.call('POST', `/charities/onboarding/${onDomain.body.charityId}/verify`, eve, {
      otpCode: code,
    });
    expect(verified.body.data).toMatchObject({
      emailVerified: true,
      verification: 'EMAIL_CODE',
      review: 'NONE',
    });
    await h.eventually(async () => expect(await listed('363673599')).toBe(true));
    expect(await listed('131623829')).toBe(false);
  });

  it('lets only operators approve or reject a held charity, over HTTP and from the CLI', async () => {
    const fay = await h.member('fay');
    const ein = plainEin();
    const held = await link(fay, ein, 'fay@fay.example');
    const member = await h.call('GET', '/admin/charities/reviews', fay);
    expect(member.status).toBe(401);
    expect((await admin('GET', '/admin/charities/reviews', undefined, 'wrong-key-0123456789')).status).toBe(
      401,
    );

    const queue = await admin('GET', '/admin/charities/reviews');
    expect(queue.status).toBe(200);
    expect(queue.body.data.reviews).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          charityId: held.body.charityId,
          ein,
          directoryName: directory.findByEin(ein)!.name,
          emailDomain: 'fay.example',
          website: null,
          review: 'PENDING',
        }),
      ]),
    );
    const malformed = await admin('POST', `/admin/charities/${ein}/review`, {
      decision: 'bless',
      note: 'ok',
    });
    expect(malformed.status).toBe(400);

    // Approved from the CLI: listed.
    const lines: string[] = [];
    const io = { out: (line: string) => lines.push(line), error: (line: string) => lines.push(line) };
    const code = await runCharitiesCli(
      ['approve', ein, '--note', 'called the office, the contact is theirs'],
      { apiUrl: h.baseUrl, adminApiKey: ADMIN_KEY },
      io,
    );
    expect(code).toBe(0);
    expect(JSON.parse(lines.join('\n'))).toMatchObject({ ein, review: 'APPROVED', closed: null });
    await h.eventually(async () => expect(await listed(ein)).toBe(true));
    const again = await admin('POST', `/admin/charities/${ein}/review`, {
      decision: 'approve',
      note: 'again',
    });
    expect(again.body.data.review).toBe('APPROVED');
    expect((await admin('GET', '/admin/charities/reviews')).body.data.reviews).not.toEqual(
      expect.arrayContaining([expect.objectContaining({ ein })]),
    );

    // Rejected over HTTP: the EIN frees, for anyone but the refused claimant.
    const gus = await h.member('gus');
    const other = plainEin();
    await link(gus, other, 'gus@gus.example');
    const rejected = await admin('POST', `/admin/charities/${other}/review`, {
      decision: 'reject',
      note: 'not the organization',
    });
    expect(rejected).toMatchObject({ status: 200, body: { data: { closed: 'REJECTED' } } });
    expect(await link(gus, other, 'gus@gus.example')).toMatchObject({
      status: 403,
      body: { message: CharityMessages.claimRefused },
    });
    expect((await link(await h.member('real'), other, 'office@real.example')).status).toBe(200);
    expect(
      (await admin('POST', '/admin/charities/990000999/review', { decision: 'reject', note: 'nobody' }))
        .status,
    ).toBe(404);
    const usage = await runCharitiesCli(
      ['approve', 'nope'],
      { apiUrl: h.baseUrl, adminApiKey: ADMIN_KEY },
      io,
    );
    expect(usage).toBe(2);
  });

  it('tells the real organization of a contested EIN how to contest, and an operator releases it to them', async () => {
    const squatter = await h.member('squatter');
    await link(squatter, '620646012', 'me@squatter.example');
    const stJude = await h.member('stjude');
    const contested = await link(stJude, '620646012', 'office@stjude.org');
    expect(contested).toMatchObject({
      status: 409,
      body: { message: CharityMessages.alreadyOnboardedByAnother },
    });
    expect(contested.body.message).toContain('support');
    const released = await admin('POST', '/admin/charities/620646012/review', {
      decision: 'release',
      note: 'contested by St. Jude (support ticket)',
    });
    expect(released.body.data.closed).toBe('RELEASED');
    const claimed = await link(stJude, '620646012', 'office@stjude.org');
    expect(claimed.status).toBe(200);
    expect((await h.call('GET', '/charities/managed', squatter)).body.data.charities).toEqual([]);
  });

  it('gives the EIN to exactly one of 50 members claiming it at once, and answers no 500', async () => {
    const ein = plainEin();
    const members = await Promise.all(Array.from({ length: 50 }, (_, i) => h.member(`rush${i}`)));
    const answers = await Promise.all(members.map((member, i) => link(member, ein, `m${i}@rush.example`)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status !== 200).map((answer) => answer.status)).toEqual(
      Array.from({ length: 49 }, () => 409),
    );
  });

  // Last: it moves the local payment world's clock (the clock onboarding reads) past the 7 days.
  it('expires an onboarding 7 days after it started without a verified payout account: the EIN frees', async () => {
    const ivy = await h.member('ivy');
    const [first, second, third] = [plainEin(), plainEin(), plainEin()];
    const started = await link(ivy, first, 'ivy@ivy.example');
    await link(ivy, second, 'ivy@ivy.example');
    expect((await link(ivy, third, 'ivy@ivy.example')).status).toBe(409);
    const status = await h.call('GET', `/charities/onboarding/${started.body.charityId}`, ivy);
    expect(status.body.data).toMatchObject({ closed: null, expiresAt: expect.any(String) });
    const jay = await h.member('jay');
    expect((await link(jay, first, 'jay@jay.example')).status).toBe(409);

    const moved = await h.api.inject({
      method: 'POST',
      url: '/api/dev/payments/clock',
      payload: { days: 8 },
    });
    expect(moved.statusCode).toBe(200);

    const expired = await h.call('GET', `/charities/onboarding/${started.body.charityId}`, ivy);
    expect(expired.body.data).toMatchObject({ closed: 'EXPIRED', isVerified: false });
    const taken = await link(jay, first, 'jay@jay.example');
    expect(taken.status).toBe(200);
    expect(taken.body.charityId).not.toBe(started.body.charityId);
    expect(await h.eventsOf(first)).toEqual(
      expect.arrayContaining(['CharityOnboardingStarted', 'CharityPaymentAccountLinked']),
    );
    expect((await h.eventsOf(first)).filter((type) => type === 'CharityOnboardingStarted')).toHaveLength(2);
    // Ivy's two expired: she may start others.
    expect((await link(ivy, third, 'ivy@ivy.example')).status).toBe(200);
    // The replaced onboarding is gone for its old claimant.
    expect((await h.call('GET', `/charities/onboarding/${started.body.charityId}`, ivy)).status).toBe(404);
  });
});
