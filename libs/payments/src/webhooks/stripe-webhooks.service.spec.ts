import { Logger } from '@nestjs/common';
import Stripe from 'stripe';
import type { AppConfig } from '@arena/config';
import { PaymentsError } from '../payments.errors';
import type { PaymentEventRegistry } from './payment-event-registry';
import { StripeWebhooksService } from './stripe-webhooks.service';
import { STRIPE_API_VERSION } from './webhook-api-version';
import type { WebhookEventsQueries } from './webhook-events.queries';
import { keyIsLive } from './webhook-livemode';

const SECRET = 'whsec_unitplatformsecret0000000';
const CONNECT_SECRET = 'whsec_unitconnectsecret00000000';

const service = (key: string | undefined) =>
  new StripeWebhooksService(
    {
      STRIPE_SECRET_KEY: key,
      STRIPE_WEBHOOK_SECRET: SECRET,
      STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_SECRET,
      JWT_ACCESS_SECRET: 'x'.repeat(32),
    } as AppConfig,
    {} as PaymentEventRegistry,
    {} as WebhookEventsQueries,
  );

const signed = (event: Record<string, unknown>, secret = SECRET) => {
  const payload = JSON.stringify(event);
  return {
    body: Buffer.from(payload),
    signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }),
  };
};

const event = (livemode: unknown, id = 'evt_unit_1') => ({
  id,
  object: 'event',
  type: 'balance.available',
  api_version: STRIPE_API_VERSION,
  created: Math.floor(Date.now() / 1000),
  data: { object: {} },
  ...(livemode === undefined ? {} : { livemode }),
});

describe('keyIsLive', () => {
  it.each([
    ['sk_live_abc', true],
    ['rk_live_abc', true],
    ['sk_test_abc', false],
    ['rk_test_abc', false],
    [undefined, false],
  ])('%s → live %s', (key, live) => expect(keyIsLive({ STRIPE_SECRET_KEY: key })).toBe(live));
});

describe('StripeWebhooksService.verify: livemode against the key', () => {
  let logged: jest.SpyInstance;
  beforeEach(() => {
    logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => logged.mockRestore());

  const modeLogs = () =>
    logged.mock.calls.filter((call) => String(call[1]).startsWith('payment event of the other mode'));

  it.each([
    ['a test key (sk_test_)', 'sk_test_unit', false],
    ['the local driver (no key)', undefined, false],
    ['a live key (sk_live_)', 'sk_live_unit', true],
  ])(
    'with %s, accepts events of its mode and refuses the other, logged once per process',
    (_what, key, live) => {
      const webhooks = service(key);
      const own = signed(event(live));
      expect(webhooks.verify(own.body, own.signature, 'platform')).toMatchObject({ livemode: live });
      for (let i = 0; i < 3; i += 1) {
        const other = signed(event(!live, `evt_unit_other_${i}`));
        expect(() => webhooks.verify(other.body, other.signature, 'platform')).toThrow(
          new PaymentsError(
            'invalid',
            `Webhook event livemode ${String(!live)} does not match this deployment's ${live ? 'live' : 'test'}-mode key`,
          ),
        );
      }
      expect(modeLogs()).toHaveLength(1);
      expect(modeLogs()[0]![0]).toMatchObject({ eventId: 'evt_unit_other_0', livemode: !live });
    },
  );

  it.each([
    ['missing', undefined],
    ['a string', 'false'],
    ['null', null],
  ])('refuses an event whose livemode is %s', (_what, livemode) => {
    const webhooks = service('sk_test_unit');
    const { body, signature } = signed(event(livemode));
    expect(() => webhooks.verify(body, signature, 'platform')).toThrow(
      /does not match this deployment's test-mode key/,
    );
  });

  it('refuses at the Connect endpoint too (a connected account of the other mode)', () => {
    const webhooks = service('sk_live_unit');
    const { body, signature } = signed(
      { ...event(false), type: 'account.updated', account: 'acct_unit' },
      CONNECT_SECRET,
    );
    expect(() => webhooks.verify(body, signature, 'connect')).toThrow(/livemode false/);
  });
});
