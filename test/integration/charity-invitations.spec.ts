import { randomUUID } from 'node:crypto';
import { CharityMessages, LINK_OR_ADDRESS_MESSAGE } from '@arena/contracts';
import { eventually, startIdentityHarness, startSmtpServer, type IdentityHarness } from './identity-harness';
import { newMember, type TestMember } from './charity-members.harness';

const LIMIT = 3;
/** Nonprofits of the bundled directory (libs/charities/data/nonprofits.csv). */
const RED_CROSS = '530196605';
const FEEDING_AMERICA = '363673599';
const ST_JUDE = '620646012';

/**
 * Invitations into onboarding (spec §3, §5; issue 21 finding 6): signed-in members only, the organization
 * by EIN from the directory, no links or addresses in names, one email per address and organization a
 * day, limited per account, per IP and per day for the whole platform.
 */
describe('charity invitations', () => {
  let harness: IdentityHarness;

  beforeAll(async () => {
    harness = await startIdentityHarness({
      CHARITY_INVITES_PER_HOUR: String(LIMIT),
      PUBLIC_URL: 'https://arena.example.org',
    });
  });
  afterAll(() => harness.close());

  let ipCounter = 0;
  /** A fresh address per caller, so one test's count never spends another's. */
  const newIp = () => `10.44.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
  let inviter: TestMember | undefined;
  /** A member of its own for each call unless one is given, so the per-account limit stays out of the way. */
  const invite = async (body: object, as?: TestMember, ip = newIp()) => {
    const member = as ?? (await newMember(harness, 'inviter'));
    inviter = member;
    return harness.call('POST', '/charities/invite-charity', body, { ...member.auth, 'x-forwarded-for': ip });
  };
  const emailsTo = (recipient: string) =>
    harness.database.db
      .selectFrom('notification_outbox' as never)
      .select(['subject', 'body'] as never)
      .where('recipient' as never, '=', recipient as never)
      .execute() as Promise<{ subject: string; body: string }[]>;
  const newEmail = () => `director.${randomUUID().slice(0, 8)}@charity.example.org`;

  it("emails the directory's organization a link into onboarding, signed by the member, and says so", async () => {
    const email = newEmail();
    const answer = await invite({ name: 'Dana', email, ein: '53-0196605', organizationName: 'Evil Corp' });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true, message: CharityMessages.invitationSent });
    const [sent, ...more] = await emailsTo(email);
    expect(more).toEqual([]);
    expect(sent!.subject).toBe('Your charity is invited to Charity Arena');
    expect(sent!.body).toContain('Hello Dana,');
    // The name is the directory's, never a caller's.
    expect(sent!.body).toMatch(
      new RegExp(`${inviter!.username} invited American National Red Cross to Charity Arena`, 'i'),
    );
    expect(sent!.body).not.toContain('Evil Corp');
    expect(sent!.body).toContain(`https://arena.example.org/charity-onboarding?ein=${RED_CROSS}`);
  });

  it('refuses a guest (401): invitations need a signed-in member', async () => {
    const email = newEmail();
    const answer = await harness.call(
      'POST',
      '/charities/invite-charity',
      { email, ein: RED_CROSS },
      { 'x-forwarded-for': newIp() },
    );
    expect(answer.status).toBe(401);
    expect(await emailsTo(email)).toEqual([]);
  });

  it('sends no second email when the same organization is invited again within a day (still 200)', async () => {
    const email = newEmail();
    const body = { email, ein: FEEDING_AMERICA };
    expect((await invite(body)).status).toBe(200);
    const again = await invite({ email: email.toUpperCase(), ein: '36-3673599' });
    expect(again.status).toBe(200);
    expect(again.body.message).toBe(CharityMessages.invitationSent);
    // Concurrent repeats claim nothing either.
    await Promise.all([invite(body), invite(body)]);
    expect(await emailsTo(email)).toHaveLength(1);
    // Another organization at the same address is another invitation.
    expect((await invite({ email, ein: ST_JUDE })).status).toBe(200);
    expect(await emailsTo(email)).toHaveLength(2);
  });

  it('sends again once the quiet day has passed', async () => {
    const email = newEmail();
    const body = { email, ein: ST_JUDE };
    await invite(body);
    await harness.database.db
      .updateTable('charity_invitations' as never)
      .set({ last_emailed_at: new Date(Date.now() - 25 * 3600_000) } as never)
      .where('email' as never, '=', email as never)
      .execute();
    await invite(body);
    expect(await emailsTo(email)).toHaveLength(2);
  });

  it('answers 429 past the limit from one IP, whoever is signed in', async () => {
    const ip = newIp();
    const statuses = [];
    for (let i = 0; i <= LIMIT; i++) {
      const answer = await invite({ email: newEmail(), ein: RED_CROSS }, undefined, ip);
      statuses.push(answer.status);
      if (answer.status === 429) {
        expect(answer.body).toEqual({
          success: false,
          message: CharityMessages.tooManyRequests,
          statusCode: 429,
        });
        expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
      }
    }
    expect(statuses).toEqual([...Array(LIMIT).fill(200), 429]);
  });

  it('answers 429 past the limit for one account, whatever address it comes from', async () => {
    const member = await newMember(harness, 'flood');
    const refused = newEmail();
    const statuses = [];
    for (let i = 0; i <= LIMIT; i++) {
      const email = i === LIMIT ? refused : newEmail();
      const answer = await invite({ email, ein: RED_CROSS }, member);
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([...Array(LIMIT).fill(200), 429]);
    expect(await emailsTo(refused)).toEqual([]);
  });

  it('refuses a bad email, an EIN the directory does not hold, or a link or address in a name: 400, nothing sent', async () => {
    const email = newEmail();
    const refused = [
      await invite({ email: 'not-an-email', ein: RED_CROSS }),
      await invite({ email: 'a@b.example.org\r\nBcc: victim@example.org', ein: RED_CROSS }),
      await invite({ email }),
      await invite({ email, ein: '12' }),
      await invite({ email, ein: '990000001' }),
      await invite({ email, ein: RED_CROSS, name: 'Claim at https://evil.example.com/red-cross' }),
      await invite({ email, ein: RED_CROSS, name: 'Dana (write to payouts@evil.example)' }),
      await invite({ email, ein: RED_CROSS, name: 'Dana, see evil.com' }),
      await invite({ email, ein: RED_CROSS, name: 'Dana\u202E' }),
      await invite({ email, ein: RED_CROSS, name: 'D\u0000ana' }),
      await invite({ email, ein: RED_CROSS, name: 'o'.repeat(101) }),
    ];
    expect(refused.map((answer) => answer.status)).toEqual(Array(refused.length).fill(400));
    expect(refused[0]!.body.message).toContain('Please enter a valid email address.');
    expect(refused[4]!.body.message).toBe(CharityMessages.inviteNeedsDirectoryEin);
    expect(refused[5]!.body.message).toBe(`name: ${LINK_OR_ADDRESS_MESSAGE}`);
    expect(await emailsTo(email)).toEqual([]);
  });

  it('refuses line breaks in a name, so no forged paragraphs (400)', async () => {
    const email = newEmail();
    const answer = await invite({ name: 'Dana\n\nStart onboarding now', email, ein: RED_CROSS });
    expect(answer.status).toBe(400);
    expect(await emailsTo(email)).toEqual([]);
  });
});

describe('charity invitations: the platform’s daily cap', () => {
  let harness: IdentityHarness;

  beforeAll(async () => {
    harness = await startIdentityHarness({ CHARITY_INVITES_PER_DAY: '3' });
  });
  afterAll(() => harness.close());

  it('answers 429 past CHARITY_INVITES_PER_DAY, however many members and addresses ask', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const member = await newMember(harness, `daily${i}`);
      const answer = await harness.call(
        'POST',
        '/charities/invite-charity',
        { email: `desk${i}.${randomUUID().slice(0, 6)}@charity.example.org`, ein: RED_CROSS },
        { ...member.auth, 'x-forwarded-for': `10.46.0.${i + 1}` },
      );
      statuses.push(answer.status);
      if (answer.status === 429) {
        expect(answer.body).toEqual({
          success: false,
          message: CharityMessages.invitationsDailyLimit,
          statusCode: 429,
        });
        expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
      }
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });
});

describe('charity invitations delivered by SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let harness: IdentityHarness;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    harness = await startIdentityHarness({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await harness.close();
    await smtp.close();
  });

  it('sends a plain text part and an escaped HTML part, with our own subject whatever the member typed', async () => {
    const email = `html.${randomUUID().slice(0, 8)}@charity.example.org`;
    const member = await newMember(harness, 'html');
    const answer = await harness.call(
      'POST',
      '/charities/invite-charity',
      { email, ein: RED_CROSS, name: '<img src=x onerror=alert(1)> & Sons' },
      { ...member.auth, 'x-forwarded-for': '10.45.0.1' },
    );
    expect(answer.status).toBe(200);
    const delivered = await eventually(
      () => smtp.messages.find((message) => message.to === email),
      'the invitation delivered by SMTP',
    );
    expect(delivered.text).toMatch(/^Subject: Your charity is invited to Charity Arena\r?$/m);
    expect(delivered.text).not.toMatch(/^Bcc:/im);
    expect(delivered.text).toMatch(/Content-Type: text\/plain/);
    expect(delivered.text).toMatch(/Content-Type: text\/html/);
    expect(delivered.text).toContain('&lt;img src=3Dx onerror=3Dalert(1)&gt; &amp; Sons');
    const htmlPart = delivered.text.slice(delivered.text.search(/Content-Type: text\/html/));
    expect(htmlPart).toContain('<p>');
    expect(htmlPart).not.toContain('<img');
  });
});
