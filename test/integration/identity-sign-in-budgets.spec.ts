import { randomInt, randomUUID } from 'node:crypto';
import { eventually } from './identity-harness';
import { useIdentityStack, type Call } from './support/identity-members';

/**
 * Wrong sign-in codes are counted per account and source network (IPv4 /24), per account from every
 * network, and per network across accounts, so a stranger who knows only an email cannot lock its
 * owner out (issue 21, finding 8); the owner gets an emailed "it was me" link that unlocks sign-in.
 */
describe('identity: sign-in failure budgets and the emailed unlock', () => {
  const stack = useIdentityStack({
    AUTH_NETWORK_ACCOUNT_FAILURE_LIMIT: '5',
    AUTH_ACCOUNT_FAILURE_LIMIT: '10',
    AUTH_NETWORK_FAILURE_LIMIT: '15',
  });
  const paused = {
    status: 429,
    body: {
      success: false,
      statusCode: 429,
      message:
        'Too many incorrect codes were entered for this account. For your safety, sign-in is paused for a while. Please try again later.',
    },
  };

  /** A /24 no other test uses (10.x.y.z is the shared helpers' range). */
  const network = () => `172.${randomInt(16, 32)}.${randomInt(256)}`;
  /** Calls from one fixed client address (TRUST_PROXY=1: the right-most X-Forwarded-For entry). */
  const from =
    (ip: string): Call =>
    (method, path, body, headers = {}) =>
      stack.harness.call(method, path, body, { 'x-forwarded-for': ip, ...headers });

  const codesTo = (email: string) =>
    stack.members
      .deliveredTo(email)
      .map((message) => /verification code is (\d{6})/.exec(message.text)?.[1])
      .filter((code): code is string => code !== undefined);
  const unlockNotices = (email: string) =>
    stack.members.deliveredTo(email).filter((message) => message.text.includes('/unlock-sign-in?token='));

  /** Starts a login and waits for its code, so each code is known to be this session's. */
  async function login(call: Call, email: string) {
    const before = codesTo(email).length;
    const started = await call('POST', '/auth/login', { emailOrPhone: email });
    expect(started.status).toBe(200);
    const code = await eventually(() => codesTo(email)[before], `login code #${before + 1} for ${email}`);
    return { sessionId: started.body.data.sessionId as string, code };
  }

  const verify = (call: Call, sessionId: string, otpCode: string) =>
    call('POST', '/auth/login/verify', { sessionId, otpCode });

  /** Five wrong codes from `call`: the budget of one account from one network. */
  async function spendFrom(call: Call, email: string) {
    const { sessionId } = await login(call, email);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await verify(call, sessionId, '000000')).status);
    expect(statuses).toEqual([400, 400, 400, 400, 400]);
  }

  it('26 requests from one address, knowing only an email, do not lock its owner out from another network', async () => {
    const { details } = await stack.members.signUp();
    const attackerNetwork = network();
    const attacker = from(`${attackerNetwork}.66`);
    // A fresh login whenever a code dies (5 wrong tries), as the probe did: 5 logins, 21 codes.
    const statuses: number[] = [];
    let sessionId = '';
    for (let request = 1, tries = 5; request <= 26; request++) {
      if (tries === 5) {
        ({ sessionId } = await login(attacker, details.email));
        tries = 0;
      } else {
        statuses.push((await verify(attacker, sessionId, '000000')).status);
        tries++;
      }
    }
    // A neighbour in the same /24 is the same source: no fresh budget there.
    const neighbour = from(`${attackerNetwork}.67`);
    const next = await login(neighbour, details.email);
    expect(await verify(neighbour, next.sessionId, next.code)).toMatchObject(paused);

    const owner = from(`${network()}.10`);
    const own = await login(owner, details.email);
    const signedIn = await verify(owner, own.sessionId, own.code);
    expect(signedIn).toMatchObject({
      status: 200,
      body: { success: true, data: { tokens: { accessToken: expect.any(String) } } },
    });
    // The stranger's network spent its budget for this account after five wrong codes.
    expect(statuses).toEqual([...Array(5).fill(400), ...Array(16).fill(429)]);
    // The owner heard of it, with a link they do not need here.
    const notice = await eventually(() => unlockNotices(details.email)[0]?.text, 'the unlock notice');
    expect(notice).toContain('refused from the network they came from');
  });

  it('keeps a budget per source network across accounts', async () => {
    const sprayer = network();
    const ghosts = Array.from({ length: 4 }, () => `ghost.${randomUUID()}@example.org`);
    for (const [index, ghost] of ghosts.slice(0, 3).entries()) {
      const call = from(`${sprayer}.${index + 1}`);
      const sessionId = (await call('POST', '/auth/login', { emailOrPhone: ghost })).body.data.sessionId;
      for (let i = 0; i < 5; i++) expect((await verify(call, sessionId, '000000')).status).toBe(400);
    }
    const fourth = from(`${sprayer}.200`);
    const sessionId = (await fourth('POST', '/auth/login', { emailOrPhone: ghosts[3] })).body.data.sessionId;
    expect(await verify(fourth, sessionId, '000000')).toMatchObject({
      status: 429,
      body: { success: false, statusCode: 429, message: 'Too many requests. Please try again later.' },
    });
    // The same address from another network is only a wrong code.
    expect((await verify(from(`${network()}.9`), sessionId, '000000')).status).toBe(400);
  });

  it('emails the owner an unlock link when strangers spend the account budget; it restores sign-in for them, once', async () => {
    const { details } = await stack.members.signUp();
    await spendFrom(from(`${network()}.1`), details.email);
    const firstStranger = from(`${network()}.1`);
    await spendFrom(firstStranger, details.email);

    // Ten wrong codes from two networks: the account's budget from everywhere is spent.
    const owner = from(`${network()}.20`);
    const own = await login(owner, details.email);
    expect(await verify(owner, own.sessionId, own.code)).toMatchObject(paused);

    const notice = await eventually(() => unlockNotices(details.email)[1]?.text, 'the second unlock notice');
    expect(notice).toContain(`@${details.username}`);
    expect(notice).toContain('10 wrong sign-in codes');
    expect(notice).toContain('refused from everywhere');
    // Quoted-printable writes the link's `=` as `=3D`.
    const link = notice.replace(/=3D/g, '=');
    const token = /\/unlock-sign-in\?token=([A-Za-z0-9_-]{43})\s/.exec(link)![1]!;
    // Three uses at once (a double click, a second tab): exactly one unlocks.
    const uses = await Promise.all([1, 2, 3].map(() => owner('POST', '/auth/unlock', { token })));
    expect(uses.map((use) => use.status).sort()).toEqual([200, 400, 400]);
    expect(uses.find((use) => use.status === 200)!.body).toEqual({
      success: true,
      message: 'Sign-in is unlocked. You can log in again.',
    });
    expect(await verify(owner, own.sessionId, own.code)).toMatchObject({
      status: 200,
      body: { data: { tokens: { refreshToken: expect.any(String) } } },
    });

    const usedUp = {
      status: 400,
      body: {
        success: false,
        statusCode: 400,
        message: 'This unlock link is invalid, expired or already used.',
      },
    };
    expect(await owner('POST', '/auth/unlock', { token })).toMatchObject(usedUp);
    expect(await from(`${network()}.5`)('POST', '/auth/unlock', { token })).toMatchObject(usedUp);
    expect(await owner('POST', '/auth/unlock', { token: 'not-a-token' })).toMatchObject(usedUp);

    // Strangers spending the budget again pause every network but the owner's.
    await spendFrom(from(`${network()}.1`), details.email);
    await spendFrom(from(`${network()}.1`), details.email);
    const stranger = from(`${network()}.1`);
    const theirs = await login(stranger, details.email);
    expect(await verify(stranger, theirs.sessionId, '000000')).toMatchObject(paused);
    const again = await login(owner, details.email);
    expect((await verify(owner, again.sessionId, again.code)).status).toBe(200);
    // The one that spent its network's budget stays paused there, unlock or not.
    const back = await login(firstStranger, details.email);
    expect(await verify(firstStranger, back.sessionId, back.code)).toMatchObject(paused);

    // Four budgets ran out, three notices at most.
    await eventually(() => unlockNotices(details.email)[2], 'the third unlock notice');
    expect(unlockNotices(details.email)).toHaveLength(3);
  });
});
