import { Logger } from '@nestjs/common';
import { PaymentsError } from '@arena/payments';
import { createTestDatabase, testAppConfig, type TestDatabase } from '@arena/testing';
import { BILLING_PORTAL_MISSING, StripePayments } from '../../libs/payments/src/stripe/stripe-payments';
import { createApiApp } from '../../apps/api/src/bootstrap';

/** The API's start with Stripe and no default billing portal configuration (apps/api BillingPortalCheck). */
describe('the billing portal checked at API start', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(2);
  });
  afterAll(() => database?.drop());
  beforeEach(() => {
    jest
      .spyOn(StripePayments.prototype, 'checkBillingPortal')
      .mockRejectedValue(new PaymentsError('invalid', BILLING_PORTAL_MISSING));
  });
  afterEach(() => jest.restoreAllMocks());

  const config = (NODE_ENV: 'production' | 'test') => ({
    ...testAppConfig(database.url, {
      STRIPE_SECRET_KEY: 'sk_test_arenaStandIn000',
      STRIPE_WEBHOOK_SECRET: 'whsec_arenaStandInSecret000',
      STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_arenaStandInSecret001',
    }),
    NODE_ENV,
  });

  it('refuses to start in production, naming what to do', async () => {
    const refusal = await createApiApp(config('production')).then(
      async (api) => {
        await api.close();
        return null;
      },
      (error: unknown) => error,
    );
    expect(String(refusal)).toBe(`Error: Billing portal not configured: ${BILLING_PORTAL_MISSING}`);
    expect(BILLING_PORTAL_MISSING).toMatch(/Settings → Billing → Customer portal/);
  });

  it('starts elsewhere, with a warning', async () => {
    const warned = jest.spyOn(Logger.prototype, 'warn');
    const api = await createApiApp(config('test'));
    try {
      await new Promise((resolve) => setImmediate(resolve));
      expect(warned).toHaveBeenCalledWith(
        { err: BILLING_PORTAL_MISSING },
        'Stripe billing portal not configured: subscription management will fail',
      );
    } finally {
      await api.close();
    }
  });
});
