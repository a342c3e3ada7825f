import { randomInt, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { eventually } from './identity-harness';
import { e164, newPerson, useIdentityStack } from './support/identity-members';

/**
 * Sign-up and sign-in over HTTP against the composed API, with codes delivered by the real delivery
 * jobs: email through an SMTP server started here, SMS through an HTTP provider started here.
 */
describe('identity: one-time codes by email and SMS, tokens', () => {
  const stack = useIdentityStack({ AUTH_IP_SEND_LIMIT: '12', AUTH_ACCOUNT_FAILURE_LIMIT: '6' });

  const client = () => stack.members.client();
  const person = newPerson;
  const emailCode = (to: string, nth = 1) => stack.members.emailCode(to, nth);
  const smsCode = (to: string, nth = 1) => stack.members.smsCode(to, nth);
  const sentTo = (to: string) => stack.members.deliveredTo(to).length;

  const countRows = async (table: string) => {
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table)}`.execute(
      stack.harness.database.db,
    );
    return rows[0]!.n;
  };

  const signUp = (call?: ReturnType<typeof client>) => stack.members.signUp(call);

  it('signs up once both the email code and the SMS code are verified, recording referral, its reward option and terms', async () => {
    const call = client();
    const referrer = await stack.members.signUp();
    const referrerCode = (
      await call('GET', '/auth/profile', undefined, {
        authorization: `Bearer ${referrer.tokens.accessToken}`,
      })
    ).body.data.referralCode as string;
    const { details, started, email, phone, tokens } = await stack.members.signUp(call, person(), {
      referralCode: ` ${referrerCode.toLowerCase()} `,
      referralOption: 2,
    });
    expect(started.body).toEqual({
      success: true,
      message: 'Verification codes sent! Check your email and phone.',
      data: { sessionId: expect.any(String) },
    });
    expect(email.status).toBe(200);
    expect(email.body).toEqual({ success: true, message: expect.any(String), data: { complete: false } });
    expect(phone.status).toBe(200);
    expect(phone.body).toEqual({
      success: true,
      message: 'Account created and verified successfully!',
      data: { complete: true, tokens: { accessToken: expect.any(String), refreshToken: expect.any(String) } },
    });

    const profile = await call('GET', '/auth/profile', undefined, {
      authorization: `Bearer ${tokens.accessToken}`,
    });
    expect(profile.status).toBe(200);
    expect(profile.body).toEqual({
      success: true,
      data: {
        id: expect.any(String),
        username: details.username,
        email: details.email,
        phoneNumber: e164(details.phoneNumber),
        referralCode: expect.stringMatching(/^[A-Z2-9]{8}$/),
        avatarUrl: null,
      },
    });
    const account = await stack.harness.database.db
      .selectFrom('accounts')
      .select([
        'referred_by_code',
        'referral_option',
        'terms_version',
        'terms_accepted_at',
        'confirmed_adult_in_us',
      ])
      .where('id', '=', profile.body.data.id)
      .executeTakeFirstOrThrow();
    expect(account).toMatchObject({
      referred_by_code: referrerCode,
      referral_option: 2,
      terms_version: '2.0',
      confirmed_adult_in_us: true,
    });
    expect(account.terms_accepted_at).toBeInstanceOf(Date);

    const codeRows = await stack.harness.database.db.selectFrom('auth_codes').select('code_hash').execute();
    expect(codeRows.every((row: { code_hash: string }) => /^[0-9a-f]{64}$/.test(row.code_hash))).toBe(true);
  });

  it("signs up from the spec's own call, without the form's consent boxes, and records that none was given", async () => {
    const { acceptedTerms: _terms, confirmedAdultInUs: _adult, ...spec } = person();
    const { started, phone } = await stack.members.signUp(client(), spec as never, {
      referralCode: 'FRIEND42',
    });
    expect(started.status).toBe(200);
    expect(phone.body.data.complete).toBe(true);
    const profile = await client()('GET', '/auth/profile', undefined, {
      authorization: `Bearer ${phone.body.data.tokens.accessToken}`,
    });
    const account = await stack.harness.database.db
      .selectFrom('accounts')
      .select(['terms_version', 'terms_accepted_at', 'confirmed_adult_in_us'])
      .where('id', '=', profile.body.data.id)
      .executeTakeFirstOrThrow();
    expect(account).toEqual({ terms_version: null, terms_accepted_at: null, confirmed_adult_in_us: false });
  });

  it("keeps no referral code but an open account's own: unknown, malformed or hostile text is dropped, not stored", async () => {
    const db = stack.harness.database.db;
    const closed = await stack.members.signUp();
    const closedCode = (
      await client()('GET', '/auth/profile', undefined, {
        authorization: `Bearer ${closed.tokens.accessToken}`,
      })
    ).body.data.referralCode as string;
    await db
      .updateTable('accounts')
      .set({ closed_at: new Date() })
      .where('email', '=', closed.details.email)
      .execute();
    for (const referralCode of [
      'FRIEND42',
      closedCode,
      '<img src=x onerror=alert(1)>',
      '\u202eevil_code-that-is-not-ours',
      'x'.repeat(64),
    ]) {
      const { details, phone } = await stack.members.signUp(client(), person(), {
        referralCode,
        referralOption: 1,
      });
      expect({ referralCode, status: phone.status }).toEqual({ referralCode, status: 200 });
      const stored = await db
        .selectFrom('accounts')
        .select(['referred_by_code', 'referral_option'])
        .where('email', '=', details.email)
        .executeTakeFirstOrThrow();
      const session = await db
        .selectFrom('auth_sessions')
        .select(['referred_by_code', 'referral_option'])
        .where('purpose', '=', 'signup')
        .where('username', '=', details.username)
        .executeTakeFirstOrThrow();
      expect({ referralCode, stored, session }).toEqual({
        referralCode,
        stored: { referred_by_code: null, referral_option: null },
        session: { referred_by_code: null, referral_option: null },
      });
    }
    const notText = await client()('POST', '/auth/signup', { ...person(), referralCode: 42 });
    expect(notText).toMatchObject({
      status: 400,
      body: { success: false, statusCode: 400, message: 'The referral code is invalid.' },
    });
  });

  it('refuses a taken username and bad input with clear 4xx answers, creating nothing', async () => {
    const call = client();
    const { details } = await signUp(call);
    const accountsBefore = await countRows('accounts');
    const sessionsBefore = await countRows('auth_sessions');

    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ ...person(), username: details.username.toUpperCase() }, 409, 'This username is already taken.'],
      [{ ...person(), username: '' }, 400, 'Username is required'],
      // Format characters (a right-to-left override, a leading U+FEFF that trim would drop) are refused.
      [{ ...person(), username: '\u202E' }, 400, 'Username must be 3 to 30 letters, numbers or underscores.'],
      [
        { ...person(), username: `\uFEFF${person().username}` },
        400,
        'Username must be 3 to 30 letters, numbers or underscores.',
      ],
      [{ ...person(), referralCode: 'FRIEND42', referralOption: 3 }, 400, 'The referral option is invalid.'],
      [{ ...person(), email: undefined }, 400, 'Email is required'],
      [{ ...person(), email: 'not-an-email' }, 400, 'Please enter a valid email address.'],
      [
        { ...person(), phoneNumber: '4155550100' },
        400,
        'The phone number is invalid. Use +countrycode and digits.',
      ],
      [
        { ...person(), phoneNumber: '+1234567890123456' },
        400,
        'The phone number is invalid. Use +countrycode and digits.',
      ],
      [
        { ...person(), phoneNumber: '+1 900 555 0123' },
        400,
        'The phone number is invalid. Use +countrycode and digits.',
      ],
      [{ ...person(), confirmedAdultInUs: 'yes' }, 400, expect.stringContaining('18 or older')],
    ] as never;
    for (const [body, status, message] of cases) {
      const answer = await call('POST', '/auth/signup', body);
      expect({ status: answer.status, body: answer.body }).toEqual({
        status,
        body: { success: false, message, statusCode: status },
      });
    }
    expect(await countRows('accounts')).toBe(accountsBefore);
    expect(await countRows('auth_sessions')).toBe(sessionsBefore);

    const badCode = await call('POST', '/auth/verify/email', { sessionId: randomUUID(), otpCode: '12' });
    expect(badCode).toMatchObject({ status: 400, body: { message: 'Enter a valid 4-10 digit email code.' } });
    const badPhoneCode = await call('POST', '/auth/verify/phone', {
      sessionId: randomUUID(),
      otpCode: '12345678901',
    });
    expect(badPhoneCode).toMatchObject({
      status: 400,
      body: { message: 'Enter a valid 4-10 digit phone code.' },
    });
    const unknownSession = await call('POST', '/auth/verify/email', {
      sessionId: randomUUID(),
      otpCode: '123456',
    });
    expect(unknownSession).toMatchObject({
      status: 404,
      body: { message: 'No verification session found. Please start over.' },
    });
    const noSession = await call('POST', '/auth/login/verify', { otpCode: '123456' });
    expect(noSession).toMatchObject({
      status: 400,
      body: { message: 'No verification session found. Please start over.' },
    });
    const badLogin = await call('POST', '/auth/login', { emailOrPhone: '+12' });
    expect(badLogin).toMatchObject({ status: 400, body: { message: 'Please enter a valid phone number.' } });
    // The spec asks a login number only for its shape (a plus and 8 to 20 digits): one no account can hold
    // (premium-rate, foreign, longer than E.164) is answered like any address no account holds.
    for (const noAccount of ['+19005550123', '+449098790000', '+88212345678', '+12345678901234567890']) {
      const answered = await call('POST', '/auth/login', { emailOrPhone: noAccount });
      expect(answered).toMatchObject({
        status: 200,
        body: { success: true, data: { sessionId: expect.any(String) } },
      });
      expect(sentTo(noAccount)).toBe(0);
    }
    const emptyLogin = await call('POST', '/auth/login', { emailOrPhone: ' ' });
    expect(emptyLogin).toMatchObject({ status: 400, body: { message: 'Please enter your email address.' } });
  });

  it('answers a sign-up with a taken email or phone like a new one, and tells the owner instead of sending a code', async () => {
    const owner = await signUp();
    const call = client();
    const accountsBefore = await countRows('accounts');
    const fresh = await call('POST', '/auth/signup', person());
    const takenEmail = { ...person(), email: owner.details.email.toLowerCase() };
    const takenPhone = { ...person(), phoneNumber: e164(owner.details.phoneNumber) };
    const withTakenEmail = await call('POST', '/auth/signup', takenEmail);
    const withTakenPhone = await call('POST', '/auth/signup', takenPhone);

    const shape = (a: { status: number; body: any }) => ({
      status: a.status,
      body: { ...a.body, data: { sessionId: typeof a.body.data?.sessionId } },
    });
    expect(shape(fresh)).toEqual({
      status: 200,
      body: {
        success: true,
        message: 'Verification codes sent! Check your email and phone.',
        data: { sessionId: 'string' },
      },
    });
    expect(shape(withTakenEmail)).toEqual(shape(fresh));
    expect(shape(withTakenPhone)).toEqual(shape(fresh));

    // The owner hears of both tries; neither message holds a code. The new addresses get their codes.
    const emailNotice = await stack.members.emailText(owner.details.email, 2);
    expect(emailNotice).toContain('already has an account');
    expect(emailNotice).not.toMatch(/verification code is/);
    const ownerPhone = e164(owner.details.phoneNumber);
    const smsNotice = await eventually(
      () => stack.sms.messages.filter((m) => m.to === ownerPhone)[1]?.text,
      'the SMS notice',
    );
    expect(smsNotice).toContain('already has an account');
    expect(smsNotice).not.toMatch(/code: \d/);
    await smsCode(e164(takenEmail.phoneNumber));
    await emailCode(takenPhone.email);

    // The taken channel cannot be verified with any code, and no account is created.
    for (const otpCode of ['000000', '123456']) {
      const guess = await call('POST', '/auth/verify/email', {
        sessionId: withTakenEmail.body.data.sessionId,
        otpCode,
      });
      expect(guess).toMatchObject({ status: 400, body: { message: 'The verification code is incorrect.' } });
    }
    stack.harness.advanceClock(61_000);
    const resent = await call('POST', '/auth/resend', {
      sessionId: withTakenPhone.body.data.sessionId,
      channel: 'phone',
    });
    expect(resent.body).toEqual({ success: true, message: 'Verification code resent!' });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(stack.sms.messages.filter((m) => m.to === ownerPhone)).toHaveLength(2);
    expect(await countRows('accounts')).toBe(accountsBefore);
  });

  it('stops taking codes for an account after its budget of wrong codes, from any IP, and emails the owner once', async () => {
    const { details } = await signUp();
    const fromAnywhere = () => client();
    const loginSession = async () =>
      (await fromAnywhere()('POST', '/auth/login', { emailOrPhone: details.email })).body.data.sessionId;
    const nthLoginCode = (nth: number) =>
      eventually(
        () =>
          stack.members
            .deliveredTo(details.email)
            .map((m) => m.text.match(/verification code is (\d{6})/)?.[1])
            .filter((code) => code !== undefined)[nth],
        `login code #${nth}`,
      );
    const wrongAt = (sessionId: string) =>
      fromAnywhere()('POST', '/auth/login/verify', { sessionId, otpCode: '000000' });

    // Five wrong tries lock the first code; a fresh code takes the sixth, which spends the budget of 6.
    const first = await loginSession();
    const rightFirst = await nthLoginCode(1);
    const firstWrongs = [];
    for (let i = 0; i < 5; i++) firstWrongs.push((await wrongAt(first)).status);
    expect(firstWrongs).toEqual([400, 400, 400, 400, 400]);
    expect(rightFirst).toMatch(/^\d{6}$/);
    const second = await loginSession();
    const rightSecond = await nthLoginCode(2);
    expect((await wrongAt(second)).body.message).toBe('The verification code is incorrect.');

    const paused = await fromAnywhere()('POST', '/auth/login/verify', {
      sessionId: second,
      otpCode: rightSecond,
    });
    expect(paused).toMatchObject({
      status: 429,
      body: {
        success: false,
        statusCode: 429,
        message:
          'Too many incorrect codes were entered for this account. For your safety, sign-in is paused for a while. Please try again later.',
      },
    });
    expect(Number(paused.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);
    const third = await loginSession();
    const rightThird = await nthLoginCode(3);
    expect(
      (await fromAnywhere()('POST', '/auth/login/verify', { sessionId: third, otpCode: rightThird })).status,
    ).toBe(429);

    const notices = stack.members
      .deliveredTo(details.email)
      .filter((m) => m.text.includes('sign-in codes for it are refused'));
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toContain(`@${details.username}`);
  });

  it('gives an address no account holds the same budget, so its answers tell nothing', async () => {
    const ghost = `ghost.${randomUUID()}@example.org`;
    const statuses: number[] = [];
    for (let i = 0; i < 2; i++) {
      const sessionId = (await client()('POST', '/auth/login', { emailOrPhone: ghost })).body.data.sessionId;
      for (let j = 0; j < 4; j++) {
        statuses.push(
          (await client()('POST', '/auth/login/verify', { sessionId, otpCode: '000000' })).status,
        );
      }
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 400, 429, 429]);
  });

  it('logs in by email and by phone; a used code and a wrong channel are refused', async () => {
    const call = client();
    const { details } = await signUp(call);

    const byEmail = await call('POST', '/auth/login', { emailOrPhone: details.email.toUpperCase() });
    expect(byEmail.body).toEqual({
      success: true,
      message: 'Verification code sent!',
      data: { sessionId: expect.any(String) },
    });
    const code = await emailCode(details.email, 2);
    const verified = await call('POST', '/auth/login/verify', {
      sessionId: byEmail.body.data.sessionId,
      otpCode: code,
    });
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({
      success: true,
      message: 'Login successful!',
      data: { tokens: { accessToken: expect.any(String), refreshToken: expect.any(String) } },
    });
    const reused = await call('POST', '/auth/login/verify', {
      sessionId: byEmail.body.data.sessionId,
      otpCode: code,
    });
    expect(reused).toMatchObject({
      status: 400,
      body: { message: 'This verification code has already been used.' },
    });

    const byPhone = await call('POST', '/auth/login', { emailOrPhone: e164(details.phoneNumber) });
    const phoneCode = await smsCode(e164(details.phoneNumber), 2);
    const wrongChannel = await call('POST', '/auth/verify/phone', {
      sessionId: byPhone.body.data.sessionId,
      otpCode: phoneCode,
    });
    expect(wrongChannel).toMatchObject({
      status: 400,
      body: { message: 'Invalid verification channel. Please start over.' },
    });
    const phoneLogin = await call('POST', '/auth/login/verify', {
      sessionId: byPhone.body.data.sessionId,
      otpCode: phoneCode,
    });
    expect(phoneLogin.status).toBe(200);
    const profile = await call('GET', '/auth/profile', undefined, {
      authorization: `Bearer ${phoneLogin.body.data.tokens.accessToken}`,
    });
    expect(profile.body.data.username).toBe(details.username);
  });

  it('kills a code after 5 wrong tries: even the right code is refused afterwards', async () => {
    const call = client();
    const details = person();
    const started = await call('POST', '/auth/signup', details);
    const sessionId = started.body.data.sessionId;
    const right = await emailCode(details.email);
    const wrong = right === '000000' ? '111111' : '000000';
    const messages: string[] = [];
    for (let i = 0; i < 5; i++) {
      const answer = await call('POST', '/auth/verify/email', { sessionId, otpCode: wrong });
      expect(answer.status).toBe(400);
      messages.push(answer.body.message);
    }
    expect(messages).toEqual([
      ...Array(4).fill('The verification code is incorrect.'),
      'Too many incorrect attempts. Please request a new code.',
    ]);
    const afterLock = await call('POST', '/auth/verify/email', { sessionId, otpCode: right });
    expect(afterLock).toMatchObject({
      status: 400,
      body: { message: 'Too many incorrect attempts. Please request a new code.' },
    });
    // The phone code is its own code: unaffected by the email code's tries.
    const phone = await call('POST', '/auth/verify/phone', {
      sessionId,
      otpCode: await smsCode(e164(details.phoneNumber)),
    });
    expect(phone.body.data).toEqual({ complete: false });
  });

  it('limits resends to one a minute and five an hour per address, answering 429 with Retry-After', async () => {
    const call = client();
    const details = person();
    const started = await call('POST', '/auth/signup', details);
    const sessionId = started.body.data.sessionId;
    await emailCode(details.email);

    const tooSoon = await call('POST', '/auth/resend', { sessionId, channel: 'email' });
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body.message).toBe('Please wait before requesting another code.');
    expect(Number(tooSoon.headers.get('retry-after'))).toBeGreaterThan(50);
    expect(Number(tooSoon.headers.get('retry-after'))).toBeLessThanOrEqual(60);

    const resent: string[] = [];
    for (let i = 2; i <= 6; i++) {
      stack.harness.advanceClock(61_000);
      const answer = await call(
        'POST',
        '/auth/resend',
        { sessionId, channel: 'email' },
        { 'x-forwarded-for': `10.9.${i}.1` },
      );
      expect(answer.body).toEqual({ success: true, message: 'Verification code resent!' });
      resent.push(await emailCode(details.email, i));
    }
    stack.harness.advanceClock(61_000);
    const overHourly = await call(
      'POST',
      '/auth/resend',
      { sessionId, channel: 'email' },
      { 'x-forwarded-for': '10.9.9.1' },
    );
    expect(overHourly.status).toBe(429);
    expect(overHourly.body.message).toBe('Too many verification codes requested. Please try again later.');
    expect(Number(overHourly.headers.get('retry-after'))).toBeGreaterThan(3000);

    // Only the newest code works: each resend superseded the one before.
    const first = await emailCode(details.email, 1);
    if (first !== resent[4]) {
      const old = await call('POST', '/auth/verify/email', { sessionId, otpCode: first });
      expect(old).toMatchObject({ status: 400, body: { message: 'The verification code is incorrect.' } });
    }
    const newest = await call('POST', '/auth/verify/email', { sessionId, otpCode: resent[4] });
    expect(newest.body.data).toEqual({ complete: false });
  });

  it('completes a sign-up exactly once when both codes arrive at the same moment', async () => {
    const call = client();
    const details = person();
    const started = await call('POST', '/auth/signup', details);
    const sessionId = started.body.data.sessionId;
    const [emailOtp, phoneOtp] = await Promise.all([
      emailCode(details.email),
      smsCode(e164(details.phoneNumber)),
    ]);
    const before = await countRows('accounts');
    const answers = await Promise.all([
      call('POST', '/auth/verify/email', { sessionId, otpCode: emailOtp }),
      call('POST', '/auth/verify/phone', { sessionId, otpCode: phoneOtp }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers.map((a) => a.body.data.complete).sort()).toEqual([false, true]);
    expect(await countRows('accounts')).toBe(before + 1);
  });

  it('lets only one of two simultaneous resends through', async () => {
    const call = client();
    const details = person();
    const started = await call('POST', '/auth/signup', details);
    await emailCode(details.email);
    stack.harness.advanceClock(61_000);
    const body = { sessionId: started.body.data.sessionId, channel: 'email' };
    const answers = await Promise.all([
      call('POST', '/auth/resend', body),
      call('POST', '/auth/resend', body),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 429]);
  });

  it('limits code-sending calls per IP address', async () => {
    const call = client();
    const answers: number[] = [];
    for (let i = 0; i < 13; i++) {
      answers.push(
        (await call('POST', '/auth/login', { emailOrPhone: `nobody.${i}.${randomUUID()}@example.org` }))
          .status,
      );
    }
    expect(answers.slice(0, 12)).toEqual(Array(12).fill(200));
    expect(answers[12]).toBe(429);
  });

  it('expires a code after 10 minutes', async () => {
    const call = client();
    const { details } = await signUp(call);
    const login = await call('POST', '/auth/login', { emailOrPhone: details.email });
    const code = await emailCode(details.email, 2);
    stack.harness.advanceClock(10 * 60_000 + 1000);
    const late = await call('POST', '/auth/login/verify', {
      sessionId: login.body.data.sessionId,
      otpCode: code,
    });
    expect(late).toMatchObject({
      status: 400,
      body: { message: 'The verification code has expired. Please request a new code.' },
    });
  });

  it('answers a login for an unknown email or phone exactly like a known one, and sends nothing', async () => {
    const call = client();
    const { details } = await signUp(call);
    const unknownEmail = `ghost.${randomUUID()}@example.org`;
    const unknownPhone = '+447400' + String(randomInt(100_000, 999_999));

    // Timing is compared by a benchmark (npm run bench:enumeration), never in a test.
    const login = (emailOrPhone: string) => call('POST', '/auth/login', { emailOrPhone });
    const known = [];
    const unknown = [];
    for (let i = 0; i < 4; i++) {
      known.push(await login(i % 2 ? details.email : e164(details.phoneNumber)));
      unknown.push(await login(i % 2 ? unknownEmail : unknownPhone));
    }
    const shape = (a: { status: number; body: any }) => ({
      ...a.body,
      data: { sessionId: typeof a.body.data.sessionId },
    });
    for (const answer of [...known, ...unknown]) {
      expect(answer.status).toBe(200);
      expect(shape(answer)).toEqual(shape(known[0]!));
    }

    // Known: codes went out. Unknown: none, and a guess is refused just like a wrong known code.
    await smsCode(e164(details.phoneNumber), 3);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(sentTo(unknownEmail) + sentTo(unknownPhone)).toBe(0);
    const outbox = await stack.harness.database.db
      .selectFrom('notification_outbox')
      .select('recipient')
      .where('recipient', 'in', [unknownEmail, unknownPhone])
      .execute();
    expect(outbox).toEqual([]);
    const guess = await call('POST', '/auth/login/verify', {
      sessionId: unknown[0]!.body.data.sessionId,
      otpCode: '123456',
    });
    expect(guess).toMatchObject({ status: 400, body: { message: 'The verification code is incorrect.' } });
  });

  it('rotates refresh tokens on every use and revokes the whole family when a used one comes back', async () => {
    const call = client();
    const { tokens } = await signUp(call);

    const first = await call('POST', '/auth/refresh', { refreshToken: tokens.refreshToken });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      success: true,
      data: {
        tokens: { accessToken: expect.any(String), refreshToken: expect.any(String) },
        accessToken: first.body.data.tokens.accessToken,
        refreshToken: first.body.data.tokens.refreshToken,
      },
    });
    expect(first.body.data.refreshToken).not.toBe(tokens.refreshToken);
    const second = await call('POST', '/auth/refresh', { refreshToken: first.body.data.refreshToken });
    expect(second.status).toBe(200);

    const replayed = await call('POST', '/auth/refresh', { refreshToken: tokens.refreshToken });
    expect(replayed).toMatchObject({
      status: 401,
      body: { message: 'This refresh token has already been used. Please log in again.' },
    });
    const newestAfterReuse = await call('POST', '/auth/refresh', {
      refreshToken: second.body.data.refreshToken,
    });
    expect(newestAfterReuse).toMatchObject({ status: 401, body: { message: 'Invalid refresh token' } });

    const forged = await call('POST', '/auth/refresh', { refreshToken: 'x'.repeat(43) });
    expect(forged.status).toBe(401);
  });

  it('caps a token family at its absolute lifetime', async () => {
    const call = client();
    const { tokens } = await signUp(call);
    stack.harness.advanceClock(30 * 24 * 3600_000 + 1000);
    const late = await call('POST', '/auth/refresh', { refreshToken: tokens.refreshToken });
    expect(late).toMatchObject({
      status: 401,
      body: { message: 'Your session has expired. Please log in again.' },
    });
  });

  it('logs out by revoking the refresh token family', async () => {
    const call = client();
    const { tokens } = await signUp(call);
    const rotated = await call('POST', '/auth/refresh', { refreshToken: tokens.refreshToken });
    const logout = await call('POST', '/auth/logout', { refreshToken: rotated.body.data.refreshToken });
    expect(logout.body).toEqual({ success: true, message: 'Logged out successfully' });
    const afterLogout = await call('POST', '/auth/refresh', { refreshToken: rotated.body.data.refreshToken });
    expect(afterLogout.status).toBe(401);
    const again = await call('POST', '/auth/logout', { refreshToken: rotated.body.data.refreshToken });
    expect(again.status).toBe(200);
  });

  it('answers the profile call 401 without a valid access token', async () => {
    const call = client();
    expect((await call('GET', '/auth/profile')).status).toBe(401);
    const bad = await call('GET', '/auth/profile', undefined, { authorization: 'Bearer nonsense' });
    expect(bad).toMatchObject({ status: 401, body: { success: false, message: 'Unauthorized' } });
  });
});
