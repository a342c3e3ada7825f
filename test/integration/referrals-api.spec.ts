import { randomUUID } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EVENT_STORE, type EventStore } from '@arena/event-store';
import { SignUpListeners, signAccessToken } from '@arena/identity';
import { referralStreamId } from '@arena/referrals/events';
import { clearRedisPrefix, createTestDatabase, testAppConfig, type TestDatabase } from '@arena/testing';
import type { AppConfig } from '@arena/config';
import { projectEvents } from '@arena/projection-runner/testing';
import { referralBalancesProjector } from '@arena/projections/referral-balances/referral-balances.projection';
import { createApiApp } from '../../apps/api/src/bootstrap';

describe('/api/referrals', () => {
  let database: TestDatabase;
  let config: AppConfig;
  let api: NestFastifyApplication;
  let auth: { authorization: string };
  let code: string;
  let referrerId: string;

  beforeAll(async () => {
    database = await createTestDatabase(4);
    config = testAppConfig(database.url);
    // The read model's tables, as `npm run migrate` creates them.
    await projectEvents(database.db, referralBalancesProjector, []);
    api = await createApiApp(config);
    const id = randomUUID();
    referrerId = id;
    code = `REF${id.slice(0, 8).toUpperCase()}`;
    await database.db
      .insertInto('accounts')
      .values({
        id,
        username: `ref${id.slice(0, 6)}`,
        email: `${id}@example.org`,
        phone_number: '+15550001111',
        referral_code: code,
      })
      .execute();
    const token = await signAccessToken(config.JWT_ACCESS_SECRET, {
      sub: id,
      username: `ref${id.slice(0, 6)}`,
      sid: randomUUID(),
    });
    auth = { authorization: `Bearer ${token}` };
  });

  afterAll(async () => {
    await api.close();
    await clearRedisPrefix(config.REDIS_PREFIX);
    await database.drop();
  });

  it('needs a signed-in member', async () => {
    const answer = await api.inject({ method: 'GET', url: '/api/referrals/me' });
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toMatchObject({ success: false, statusCode: 401 });
  });

  it("answers the member's code, link, mode and empty balances", async () => {
    const answer = await api.inject({ method: 'GET', url: '/api/referrals/me', headers: auth });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toEqual({
      code,
      link: `${config.PUBLIC_URL}/join?ref=${code}&option=1`,
      rewardMode: 'recurring',
      balances: { pendingCents: 0, releasedCents: 0, paidCents: 0, voidedCents: 0, clawbackOwedCents: 0 },
      referred: [],
      rewards: [],
      payouts: [],
      payoutAccount: 'none',
    });
  });

  it('changes the reward mode (and the link), and refuses anything else with a 400', async () => {
    const chosen = await api.inject({
      method: 'PUT',
      url: '/api/referrals/reward-mode',
      headers: auth,
      payload: { rewardMode: 'one-time' },
    });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().data).toMatchObject({
      rewardMode: 'one-time',
      link: expect.stringMatching(/option=2$/),
    });
    const again = await api.inject({
      method: 'PUT',
      url: '/api/referrals/reward-mode',
      headers: auth,
      payload: { rewardMode: 'one-time' },
    });
    expect(again.statusCode).toBe(200);
    const bad = await api.inject({
      method: 'PUT',
      url: '/api/referrals/reward-mode',
      headers: auth,
      payload: { rewardMode: 'forever' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      success: false,
      statusCode: 400,
      message: expect.stringContaining('Choose recurring or one-time.'),
    });
  });

  it('opening a payout account answers a clear status, never a 500', async () => {
    const answer = await api.inject({ method: 'POST', url: '/api/referrals/payout-account', headers: auth });
    expect([200, 503]).toContain(answer.statusCode);
    if (answer.statusCode === 200) expect(answer.json().data.url).toEqual(expect.any(String));
    else expect(answer.json()).toMatchObject({ success: false, statusCode: 503 });
  });

  it('registers a referral when sign-up tells it a referred account was created', async () => {
    const id = randomUUID();
    await database.db
      .insertInto('accounts')
      .values({
        id,
        username: `new${id.slice(0, 6)}`,
        email: `${id}@example.org`,
        phone_number: '+15550002222',
        referral_code: `NEW${id.slice(0, 8).toUpperCase()}`,
        referred_by_code: code.toLowerCase(),
        referral_option: 2,
      })
      .execute();
    api.get(SignUpListeners, { strict: false }).notify(id);
    const store = api.get<EventStore>(EVENT_STORE, { strict: false });
    const deadline = Date.now() + 10_000;
    const registered = async () =>
      (await store.readStream(referralStreamId(referrerId))).filter(
        ({ type }) => type === 'ReferralRegistered',
      );
    let events = await registered();
    while (events.length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      events = await registered();
    }
    expect(events.map(({ type, data }) => ({ type, data }))).toEqual([
      {
        type: 'ReferralRegistered',
        data: expect.objectContaining({ referredMemberId: id, rewardMode: 'one-time' }),
      },
    ]);
  });
});
