import { checkBillingPortalAtStart } from './billing-portal.check';
import { PaymentsError } from './payments.errors';
import type { Payments } from './payments.port';

const payments = (mode: 'stripe' | 'local', answer: () => Promise<void>) => {
  const check = jest.fn(answer);
  return { driver: { mode, checkBillingPortal: check } as unknown as Payments, check };
};
const logger = () => ({ warn: jest.fn(), log: jest.fn() });
const missing = () =>
  Promise.reject(new PaymentsError('invalid', 'Stripe has no active default billing portal configuration'));
const down = () =>
  Promise.reject(new PaymentsError('provider_failed', 'The payment provider failed: timeout'));

describe('checkBillingPortalAtStart', () => {
  it('asks nothing of the local driver', async () => {
    const { driver, check } = payments('local', missing);
    await checkBillingPortalAtStart(driver, { NODE_ENV: 'production' }, logger());
    expect(check).not.toHaveBeenCalled();
  });

  it('starts when Stripe has a default configuration', async () => {
    const { driver } = payments('stripe', () => Promise.resolve());
    const log = logger();
    await checkBillingPortalAtStart(driver, { NODE_ENV: 'production' }, log);
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('refuses to start in production when there is none, naming what to do', async () => {
    const { driver } = payments('stripe', missing);
    await expect(checkBillingPortalAtStart(driver, { NODE_ENV: 'production' }, logger())).rejects.toThrow(
      'Billing portal not configured: Stripe has no active default billing portal configuration',
    );
  });

  it.each(['development', 'test'] as const)('only warns in %s', async (env) => {
    const { driver } = payments('stripe', missing);
    const log = logger();
    await checkBillingPortalAtStart(driver, { NODE_ENV: env }, log);
    expect(log.warn).toHaveBeenCalledWith(
      { err: 'Stripe has no active default billing portal configuration' },
      'Stripe billing portal not configured: subscription management will fail',
    );
  });

  it('only warns when Stripe cannot be reached, even in production (their outage must not keep the API down)', async () => {
    const { driver } = payments('stripe', down);
    const log = logger();
    await checkBillingPortalAtStart(driver, { NODE_ENV: 'production' }, log);
    expect(log.warn).toHaveBeenCalledWith(
      { err: 'The payment provider failed: timeout' },
      expect.stringMatching(/^could not ask Stripe/),
    );
  });
});
