import { randomInt, randomUUID } from 'node:crypto';
import { e164, type Call, useIdentityStack } from './support/identity-members';

/**
 * A signed-in member changes their email or phone over HTTP against the composed API: the code goes
 * to the new address through the real delivery jobs (SMTP server and SMS provider started here).
 */
describe('identity: changing the email or phone of a signed-in member', () => {
  const stack = useIdentityStack();

  const newEmail = () => `New.${randomUUID().slice(0, 8)}@Example.net`;
  const newPhone = () => `+44 7400 ${String(randomInt(100_000, 999_999))}`;

  /** A member signed up through the real flow, and calls that carry their access token. */
  async function signedIn() {
    const call = stack.members.client();
    const member = await stack.members.signUp(call);
    const auth = { authorization: `Bearer ${member.tokens.accessToken}` };
    const as: Call = (method, path, body, headers = {}) => call(method, path, body, { ...auth, ...headers });
    const profile = async () => (await as('GET', '/auth/profile')).body.data;
    return { ...member, as, profile };
  }

  it('changes the email with the code sent to the new address, and tells the old address', async () => {
    const { details, as, profile } = await signedIn();
    const before = await profile();
    const email = newEmail();

    const started = await as('POST', '/auth/contact/email', { email: ` ${email} ` });
    expect(started).toMatchObject({
      status: 200,
      body: {
        success: true,
        message: 'Verification code sent to your new email address.',
        data: { sessionId: expect.any(String) },
      },
    });
    const code = await stack.members.emailCode(email);
    expect(stack.members.deliveredTo(details.email)).toHaveLength(1); // only the sign-up code

    const confirmed = await as('POST', '/auth/contact/email/verify', {
      sessionId: started.body.data.sessionId,
      otpCode: code,
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({
      success: true,
      message: 'Email updated successfully!',
      data: { ...before, email },
    });
    expect(await profile()).toEqual({ ...before, email });

    const notice = await stack.members.emailText(details.email, 2);
    expect(notice).toContain(
      `The email address of your Charity Arena account @${details.username} was changed`,
    );
    expect(notice).toContain('log in with your phone number');
    expect(notice).not.toContain('verification code');

    const again = await as('POST', '/auth/contact/email/verify', {
      sessionId: started.body.data.sessionId,
      otpCode: code,
    });
    expect(again).toMatchObject({
      status: 400,
      body: { message: 'This verification code has already been used.' },
    });

    // The new address signs in; the old one no longer belongs to anyone.
    const login = await as('POST', '/auth/login', { emailOrPhone: email.toLowerCase() });
    const loggedIn = await as('POST', '/auth/login/verify', {
      sessionId: login.body.data.sessionId,
      otpCode: await stack.members.emailCode(email, 2),
    });
    expect(loggedIn.status).toBe(200);
  });

  it("ends the member's other sign-ins, access tokens at once, when an address changes, and keeps the one that changed it", async () => {
    const { details, tokens, as } = await signedIn();
    const call = stack.members.client();
    const login = await call('POST', '/auth/login', { emailOrPhone: details.email });
    const verified = await call('POST', '/auth/login/verify', {
      sessionId: login.body.data.sessionId,
      otpCode: await stack.members.emailCode(details.email, 2),
    });
    const elsewhere = verified.body.data.tokens;
    const email = newEmail();
    const started = await as('POST', '/auth/contact/email', { email });
    const confirmed = await as('POST', '/auth/contact/email/verify', {
      sessionId: started.body.data.sessionId,
      otpCode: await stack.members.emailCode(email),
    });
    expect(confirmed.status).toBe(200);
    const profileWith = async (accessToken: string) =>
      (await call('GET', '/auth/profile', undefined, { authorization: `Bearer ${accessToken}` })).status;
    expect(await profileWith(elsewhere.accessToken)).toBe(401);
    expect(await profileWith(tokens.accessToken)).toBe(200);
    expect(await call('POST', '/auth/refresh', { refreshToken: elsewhere.refreshToken })).toMatchObject({
      status: 401,
    });
    const kept = await call('POST', '/auth/refresh', { refreshToken: tokens.refreshToken });
    expect(kept).toMatchObject({ status: 200, body: { success: true } });
  });

  it('keeps the other address fixed for a day after one changes, at start and at confirm', async () => {
    const { as, profile } = await signedIn();
    const email = newEmail();
    const emailChange = await as('POST', '/auth/contact/email', { email });
    // A phone change started before the email change is confirmed cannot be confirmed after it.
    const earlyPhone = newPhone();
    const earlyPhoneChange = await as('POST', '/auth/contact/phone', { phoneNumber: earlyPhone });
    expect(earlyPhoneChange.status).toBe(200);
    await as('POST', '/auth/contact/email/verify', {
      sessionId: emailChange.body.data.sessionId,
      otpCode: await stack.members.emailCode(email),
    });
    const phoneFixed = {
      success: false,
      statusCode: 429,
      message: 'For your security, your phone number can be changed 24 hours after your last email change.',
    };
    const lateConfirm = await as('POST', '/auth/contact/phone/verify', {
      sessionId: earlyPhoneChange.body.data.sessionId,
      otpCode: await stack.members.smsCode(e164(earlyPhone)),
    });
    expect(lateConfirm).toMatchObject({ status: 429, body: phoneFixed });
    const refused = await as('POST', '/auth/contact/phone', { phoneNumber: newPhone() });
    expect(refused).toMatchObject({ status: 429, body: phoneFixed });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(23 * 60 * 60);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(24 * 60 * 60);
    expect((await profile()).email).toBe(email);

    stack.harness.advanceClock(24 * 60 * 60_000 + 1000);
    const phone = newPhone();
    const phoneChange = await as('POST', '/auth/contact/phone', { phoneNumber: phone });
    expect(phoneChange.status).toBe(200);
    const confirmed = await as('POST', '/auth/contact/phone/verify', {
      sessionId: phoneChange.body.data.sessionId,
      otpCode: await stack.members.smsCode(e164(phone)),
    });
    expect(confirmed.status).toBe(200);
    expect(await as('POST', '/auth/contact/email', { email: newEmail() })).toMatchObject({
      status: 429,
      body: {
        message:
          'For your security, your email address can be changed 24 hours after your last phone number change.',
      },
    });
  });

  it('changes the phone with the SMS code sent to the new number, and tells the email address', async () => {
    const { details, as, profile } = await signedIn();
    const before = await profile();
    const phone = newPhone();

    const started = await as('POST', '/auth/contact/phone', { phoneNumber: phone });
    expect(started.body).toEqual({
      success: true,
      message: 'Verification code sent to your new phone number.',
      data: { sessionId: expect.any(String) },
    });
    const confirmed = await as('POST', '/auth/contact/phone/verify', {
      sessionId: started.body.data.sessionId,
      otpCode: await stack.members.smsCode(e164(phone)),
    });
    expect(confirmed.body).toEqual({
      success: true,
      message: 'Phone number updated successfully!',
      data: { ...before, phoneNumber: e164(phone) },
    });
    expect((await profile()).phoneNumber).toBe(e164(phone));
    expect(stack.members.deliveredTo(e164(details.phoneNumber))).toHaveLength(1); // only the sign-up code
    const notice = await stack.members.emailText(details.email, 2);
    expect(notice).toContain(
      `The phone number of your Charity Arena account @${details.username} was changed`,
    );
  });

  it('refuses the current value, a value another member holds, and bad input, with the sign-up messages', async () => {
    const { details, as, profile } = await signedIn();
    const other = await signedIn();
    const cases: Array<[string, Record<string, unknown>, number, string]> = [
      [
        '/auth/contact/email',
        { email: details.email.toUpperCase() },
        400,
        'The new email address must be different from your current one.',
      ],
      [
        '/auth/contact/email',
        { email: other.details.email.toLowerCase() },
        409,
        'An account with this email already exists.',
      ],
      ['/auth/contact/email', { email: '' }, 400, 'Email is required'],
      ['/auth/contact/email', { email: 'not-an-email' }, 400, 'Please enter a valid email address.'],
      [
        '/auth/contact/phone',
        { phoneNumber: details.phoneNumber },
        400,
        'The new phone number must be different from your current one.',
      ],
      [
        '/auth/contact/phone',
        { phoneNumber: other.details.phoneNumber },
        409,
        'An account with this phone number already exists.',
      ],
      [
        '/auth/contact/phone',
        { phoneNumber: '4155550100' },
        400,
        'The phone number is invalid. Use +countrycode and digits.',
      ],
    ];
    for (const [path, body, status, message] of cases) {
      const answer = await as('POST', path, body);
      expect({ path, status: answer.status, body: answer.body }).toEqual({
        path,
        status,
        body: { success: false, message, statusCode: status },
      });
    }
    const sessions = await stack.harness.database.db
      .selectFrom('auth_sessions')
      .select('id')
      .where('purpose', 'in', ['email_change', 'phone_change'])
      .where('account_id', '=', (await profile()).id)
      .execute();
    expect(sessions).toEqual([]);
  });

  it('checks again at confirmation: an address taken meanwhile is a 409 and nothing changes', async () => {
    const first = await signedIn();
    const second = await signedIn();
    const email = newEmail();
    const firstStart = await first.as('POST', '/auth/contact/email', { email });
    const secondStart = await second.as('POST', '/auth/contact/email', { email: email.toLowerCase() });
    const [firstCode, secondCode] = [
      await stack.members.emailCode(email, 1),
      await stack.members.emailCode(email, 2),
    ];

    const won = await second.as('POST', '/auth/contact/email/verify', {
      sessionId: secondStart.body.data.sessionId,
      otpCode: secondCode,
    });
    expect(won.status).toBe(200);
    const lost = await first.as('POST', '/auth/contact/email/verify', {
      sessionId: firstStart.body.data.sessionId,
      otpCode: firstCode,
    });
    expect(lost).toMatchObject({
      status: 409,
      body: { success: false, message: 'An account with this email already exists.', statusCode: 409 },
    });
    expect((await first.profile()).email).toBe(first.details.email);
  });

  it('lets exactly one of two simultaneous confirmations of the same phone win; the other gets 409, never 500', async () => {
    const first = await signedIn();
    const second = await signedIn();
    const phone = newPhone();
    const starts = [
      await first.as('POST', '/auth/contact/phone', { phoneNumber: phone }),
      await second.as('POST', '/auth/contact/phone', { phoneNumber: phone }),
    ];
    const codes = [await stack.members.smsCode(e164(phone), 1), await stack.members.smsCode(e164(phone), 2)];
    const answers = await Promise.all(
      [first, second].map((member, i) =>
        member.as('POST', '/auth/contact/phone/verify', {
          sessionId: starts[i]!.body.data.sessionId,
          otpCode: codes[i],
        }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.body.message).toBe(
      'An account with this phone number already exists.',
    );
    const holders = await stack.harness.database.db
      .selectFrom('accounts')
      .select('id')
      .where('phone_number', '=', e164(phone))
      .execute();
    expect(holders).toHaveLength(1);
  });

  it('binds the code to its member, channel and request: 5 wrong tries lock it, another member cannot use it', async () => {
    const { as, profile } = await signedIn();
    const intruder = await signedIn();
    const email = newEmail();
    const started = await as('POST', '/auth/contact/email', { email });
    const sessionId = started.body.data.sessionId;
    const right = await stack.members.emailCode(email);
    const wrong = right === '000000' ? '111111' : '000000';

    const foreign = await intruder.as('POST', '/auth/contact/email/verify', { sessionId, otpCode: right });
    expect(foreign).toMatchObject({
      status: 404,
      body: { message: 'No verification session found. Please start over.' },
    });
    const otherChannel = await as('POST', '/auth/contact/phone/verify', { sessionId, otpCode: right });
    expect(otherChannel).toMatchObject({
      status: 400,
      body: { message: 'Invalid verification channel. Please start over.' },
    });
    const asLogin = await as('POST', '/auth/login/verify', { sessionId, otpCode: right });
    expect(asLogin).toMatchObject({
      status: 400,
      body: { message: 'Invalid verification channel. Please start over.' },
    });

    const messages: string[] = [];
    for (let i = 0; i < 5; i++) {
      messages.push(
        (await as('POST', '/auth/contact/email/verify', { sessionId, otpCode: wrong })).body.message,
      );
    }
    expect(messages).toEqual([
      ...Array(4).fill('The verification code is incorrect.'),
      'Too many incorrect attempts. Please request a new code.',
    ]);
    const afterLock = await as('POST', '/auth/contact/email/verify', { sessionId, otpCode: right });
    expect(afterLock).toMatchObject({
      status: 400,
      body: { message: 'Too many incorrect attempts. Please request a new code.' },
    });
    expect((await profile()).email).not.toBe(email);
  });

  it('keeps only the newest request alive, expires codes after 10 minutes, and resends once a minute', async () => {
    const { as } = await signedIn();
    const older = newEmail();
    const olderStart = await as('POST', '/auth/contact/email', { email: older });
    const olderCode = await stack.members.emailCode(older);
    const email = newEmail();
    const started = await as('POST', '/auth/contact/email', { email });
    const sessionId = started.body.data.sessionId;
    const superseded = await as('POST', '/auth/contact/email/verify', {
      sessionId: olderStart.body.data.sessionId,
      otpCode: olderCode,
    });
    expect(superseded).toMatchObject({
      status: 400,
      body: { message: 'This verification session has expired. Please start over.' },
    });

    const first = await stack.members.emailCode(email);
    const tooSoon = await as('POST', '/auth/contact/resend', { sessionId });
    expect(tooSoon).toMatchObject({
      status: 429,
      body: { message: 'Please wait before requesting another code.' },
    });
    expect(Number(tooSoon.headers.get('retry-after'))).toBeGreaterThan(50);

    stack.harness.advanceClock(10 * 60_000 + 1000);
    const late = await as('POST', '/auth/contact/email/verify', { sessionId, otpCode: first });
    expect(late).toMatchObject({
      status: 400,
      body: { message: 'The verification code has expired. Please request a new code.' },
    });
    const resent = await as('POST', '/auth/contact/resend', { sessionId });
    expect(resent.body).toEqual({ success: true, message: 'Verification code resent!' });
    const fresh = await stack.members.emailCode(email, 2);
    // The guest resend route does not serve a member's contact change.
    const guestResend = await as('POST', '/auth/resend', { sessionId, channel: 'email' });
    expect(guestResend).toMatchObject({
      status: 400,
      body: { message: 'Invalid verification channel. Please start over.' },
    });

    const confirmed = await as('POST', '/auth/contact/email/verify', { sessionId, otpCode: fresh });
    expect(confirmed.status).toBe(200);
  });

  it('limits contact-change codes per member, whatever address they come from: 429 with Retry-After', async () => {
    const { as } = await signedIn();
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const answer = await as(
        'POST',
        '/auth/contact/email',
        { email: newEmail() },
        { 'x-forwarded-for': `10.77.${i}.1` },
      );
      statuses.push(answer.status);
    }
    expect(statuses).toEqual(Array(10).fill(200));
    const over = await as(
      'POST',
      '/auth/contact/phone',
      { phoneNumber: newPhone() },
      { 'x-forwarded-for': '10.77.99.1' },
    );
    expect(over).toMatchObject({
      status: 429,
      body: { success: false, message: 'Too many verification codes requested. Please try again later.' },
    });
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(3000);
  });

  it('answers 401 to every contact-change call without a valid access token', async () => {
    const call = stack.members.client();
    const sessionId = randomUUID();
    const calls: Array<[string, unknown]> = [
      ['/auth/contact/email', { email: newEmail() }],
      ['/auth/contact/email/verify', { sessionId, otpCode: '123456' }],
      ['/auth/contact/phone', { phoneNumber: newPhone() }],
      ['/auth/contact/phone/verify', { sessionId, otpCode: '123456' }],
      ['/auth/contact/resend', { sessionId }],
    ];
    for (const [path, body] of calls) {
      for (const headers of [{}, { authorization: 'Bearer nonsense' }] as Array<Record<string, string>>) {
        const answer = await call('POST', path, body, headers);
        expect({ path, status: answer.status, body: answer.body }).toEqual({
          path,
          status: 401,
          body: { success: false, message: 'Unauthorized', statusCode: 401 },
        });
      }
    }
  });
});
