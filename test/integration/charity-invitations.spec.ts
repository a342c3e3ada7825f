import { randomUUID } from 'node:crypto';
import { CharityMessages } from '@arena/contracts';
import { eventually, startIdentityHarness, startSmtpServer, type IdentityHarness } from './identity-harness';
import { newMember } from './charity-members.harness';

const LIMIT = 3;

/** Invitations into onboarding (spec §3, §5): one email per address and organization a day, limited. */
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
  const invite = (body: object, headers: Record<string, string> = { 'x-forwarded-for': newIp() }) =>
    harness.call('POST', '/charities/invite-charity', body, headers);
  const emailsTo = (recipient: string) =>
    harness.database.db
      .selectFrom('notification_outbox' as never)
      .select(['subject', 'body'] as never)
      .where('recipient' as never, '=', recipient as never)
      .execute() as Promise<{ subject: string; body: string }[]>;
  const newEmail = () => `director.${randomUUID().slice(0, 8)}@charity.example.org`;

  it('emails the organization a link into onboarding, signed by the member, and says so', async () => {
    const member = await newMember(harness, 'inviter');
    const email = newEmail();
    const answer = await invite(
      { name: 'Dana', email, organizationName: 'Harbor Food Bank', ein: '12-3456789' },
      { ...member.auth, 'x-forwarded-for': newIp() },
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true, message: CharityMessages.invitationSent });
    const [sent, ...more] = await emailsTo(email);
    expect(more).toEqual([]);
    expect(sent!.subject).toBe('Your charity is invited to Charity Arena');
    expect(sent!.body).toContain('Hello Dana,');
    expect(sent!.body).toContain(`${member.username} invited Harbor Food Bank to Charity Arena`);
    expect(sent!.body).toContain('https://arena.example.org/charity-onboarding?ein=123456789');
  });

  it("sends a guest's invitation as 'A Charity Arena member', with the plain onboarding link without an EIN", async () => {
    const email = newEmail();
    expect((await invite({ email, organizationName: 'River Trust' })).status).toBe(200);
    const [sent] = await emailsTo(email);
    expect(sent!.body).toContain('A Charity Arena member invited River Trust');
    expect(sent!.body).toContain('Start onboarding: https://arena.example.org/charity-onboarding\n');
  });

  it('sends no second email when the same organization is invited again within a day (still 200)', async () => {
    const email = newEmail();
    const body = { email, organizationName: 'Open Shelter' };
    expect((await invite(body)).status).toBe(200);
    const again = await invite({ email: email.toUpperCase(), organizationName: '  open   SHELTER ' });
    expect(again.status).toBe(200);
    expect(again.body.message).toBe(CharityMessages.invitationSent);
    // Concurrent repeats claim nothing either.
    await Promise.all([invite(body), invite(body)]);
    expect(await emailsTo(email)).toHaveLength(1);
    // Another organization at the same address is another invitation.
    expect((await invite({ email, organizationName: 'Open Shelter West' })).status).toBe(200);
    expect(await emailsTo(email)).toHaveLength(2);
  });

  it('sends again once the quiet day has passed', async () => {
    const email = newEmail();
    const body = { email, organizationName: 'Late Bloom' };
    await invite(body);
    await harness.database.db
      .updateTable('charity_invitations' as never)
      .set({ last_emailed_at: new Date(Date.now() - 25 * 3600_000) } as never)
      .where('email' as never, '=', email as never)
      .execute();
    await invite(body);
    expect(await emailsTo(email)).toHaveLength(2);
  });

  it('answers 429 past the limit from one IP, signed in or not', async () => {
    const ip = newIp();
    const statuses = [];
    for (let i = 0; i <= LIMIT; i++) {
      const answer = await invite(
        { email: newEmail(), organizationName: `Flood ${i}` },
        { 'x-forwarded-for': ip },
      );
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
    const member = await newMember(harness, 'sameip');
    const asMember = await invite(
      { email: newEmail(), organizationName: 'X' },
      { ...member.auth, 'x-forwarded-for': ip },
    );
    expect(asMember.status).toBe(429);
  });

  it('answers 429 past the limit for one account, whatever address it comes from', async () => {
    const member = await newMember(harness, 'flood');
    const refused = newEmail();
    const statuses = [];
    for (let i = 0; i <= LIMIT; i++) {
      const email = i === LIMIT ? refused : newEmail();
      const answer = await invite(
        { email, organizationName: `Flood ${i}` },
        { ...member.auth, 'x-forwarded-for': newIp() },
      );
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([...Array(LIMIT).fill(200), 429]);
    expect(await emailsTo(refused)).toEqual([]);
  });

  it('refuses a bad email or a missing organization with a 400 and sends nothing', async () => {
    const refused = [
      await invite({ email: 'not-an-email', organizationName: 'Hope' }),
      await invite({ email: 'a@b.example.org\r\nBcc: victim@example.org', organizationName: 'Hope' }),
      await invite({ email: newEmail(), organizationName: '' }),
      await invite({ email: newEmail() }),
      await invite({ email: newEmail(), organizationName: 'Hope', ein: '12' }),
      await invite({ email: newEmail(), organizationName: 'H\u0000ope' }),
      await invite({ email: newEmail(), organizationName: 'o'.repeat(201) }),
    ];
    expect(refused.map((answer) => answer.status)).toEqual(Array(refused.length).fill(400));
    expect(refused[0]!.body.message).toContain('Please enter a valid email address.');
    const count = await harness.database.db
      .selectFrom('notification_outbox' as never)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('body' as never, 'like', '%Hope%' as never)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it("keeps a stranger's text on one line: no forged paragraphs or links", async () => {
    const email = newEmail();
    const answer = await invite({
      name: 'Dana\n\nStart onboarding: https://evil.example.com',
      email,
      organizationName: 'Good\r\nSubject: hacked <b>Org</b>',
    });
    expect(answer.status).toBe(200);
    const [sent] = await emailsTo(email);
    expect(sent!.subject).toBe('Your charity is invited to Charity Arena');
    expect(sent!.body).toContain('Hello Dana Start onboarding: https://evil.example.com,');
    expect(sent!.body).toContain('invited Good Subject: hacked <b>Org</b> to Charity Arena');
    expect(sent!.body.match(/^Start onboarding:/gm)).toHaveLength(1);
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

  it("sends a plain text part and an escaped HTML part, with our own subject whatever the organization's name", async () => {
    const email = `html.${randomUUID().slice(0, 8)}@charity.example.org`;
    const answer = await harness.call(
      'POST',
      '/charities/invite-charity',
      { email, organizationName: '<img src=x onerror=alert(1)> & Sons\r\nBcc: victim@example.org' },
      { 'x-forwarded-for': '10.45.0.1' },
    );
    expect(answer.status).toBe(200);
    const delivered = await eventually(
      () => smtp.messages.find((message) => message.to === email),
      'the invitation delivered by SMTP',
    );
    expect(smtp.messages.filter((message) => message.to.includes('victim'))).toEqual([]);
    expect(delivered.text).toMatch(/^Subject: Your charity is invited to Charity Arena\r?$/m);
    expect(delivered.text).not.toMatch(/^Bcc:/im);
    expect(delivered.text).toMatch(/Content-Type: text\/plain/);
    expect(delivered.text).toMatch(/Content-Type: text\/html/);
    expect(delivered.text).toContain(
      '&lt;img src=3Dx onerror=3Dalert(1)&gt; &amp; Sons Bcc: victim@example.org',
    );
    const htmlPart = delivered.text.slice(delivered.text.search(/Content-Type: text\/html/));
    expect(htmlPart).toContain('<p>');
    expect(htmlPart).not.toContain('<img');
  });
});
