import type { ActiveSubscription, PaidPlan, Plan } from '@arena/contracts';
import { SubscriptionMessages as M } from '@arena/contracts/subscriptions.messages';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { DESKTOP, launchBrowser } from './support/browser';
import { captureAtBothWidths } from './support/capture';
import { recordDiagnostics } from './support/diagnostics';
import { createMember, signIn, type TestMember } from './support/member';
import { startWebApp, type RunningWebApp } from './support/web-app';

jest.setTimeout(120_000);

const PLANS: Plan[] = [
  {
    name: 'Free',
    planType: 'FREE',
    price: 0,
    priceCents: 0,
    interval: 'month',
    features: ['Free challenges', 'Prize pools up to $100', 'Play solo'],
  },
  {
    name: 'Premium',
    planType: 'PREMIUM',
    price: 4.99,
    priceCents: 499,
    interval: 'month',
    features: ['Premium challenges', 'Prize pools up to $1,000', 'Teams of up to 3'],
  },
  {
    name: 'Premium+',
    planType: 'PREMIUM_PLUS',
    price: 9.99,
    priceCents: 999,
    interval: 'month',
    features: ['Every challenge', 'The top prizes', 'Teams of up to 5'],
  },
];
const planOf = (planType: Plan['planType']) => PLANS.find((plan) => plan.planType === planType)!;

const PERIOD_END = '2026-12-23T00:00:00.000Z';
const PERIOD_END_TEXT = 'December 23, 2026';
const SESSION_ID = 'cs_sub_e2e_1';

const ok = <T>(data: T, message?: string) => ({
  status: 200,
  contentType: 'application/json',
  body: JSON.stringify({ success: true, data, ...(message ? { message } : {}) }),
});
const refuse = (statusCode: number, message: string) => ({
  status: statusCode,
  contentType: 'application/json',
  body: JSON.stringify({ success: false, message, statusCode }),
});

function free(): ActiveSubscription {
  return {
    plan: planOf('FREE'),
    subscription: null,
    daysRemaining: 0,
    canUpgrade: true,
    nextPlan: 'PREMIUM',
    canManage: false,
  };
}

function paid(planType: PaidPlan, cancelAtPeriodEnd = false): ActiveSubscription {
  return {
    plan: planOf(planType),
    subscription: { status: 'active', currentPeriodEnd: PERIOD_END, cancelAtPeriodEnd },
    daysRemaining: 30,
    canUpgrade: planType === 'PREMIUM',
    nextPlan: planType === 'PREMIUM' ? 'PREMIUM_PLUS' : null,
    canManage: true,
  };
}

/**
 * The subscription calls, answered here in the contract's shapes while the billing context is built beside
 * these screens: a member's plan, what each call was sent, and a checkout whose webhook lands after
 * `webhookLagPolls` reads of the active plan.
 */
interface FakeBilling {
  active: ActiveSubscription;
  calls: { path: string; body: unknown }[];
  /** Set by a checkout: the plan the webhook will put in place, and how many reads before it does. */
  pending: { planType: PaidPlan; readsLeft: number } | null;
  /** Reads of the active plan still answered as before a cancel: its webhook lands after the answer. */
  cancelLagReads: number | null;
  /** The portal's effect, applied when its URL is asked for (the member comes back to a changed plan). */
  portalEffect: ((active: ActiveSubscription) => ActiveSubscription) | null;
  /** An answer the portal call fails with instead, when set. */
  portalFailure: { status: number; body: string } | null;
  /** The checkout the member opened: GET /subscriptions/checkout/{id} answers for it alone. */
  checkout: { sessionId: string; planType: PaidPlan } | null;
}

async function serveBilling(page: Page, start: ActiveSubscription): Promise<FakeBilling> {
  const fake: FakeBilling = {
    active: start,
    calls: [],
    pending: null,
    cancelLagReads: null,
    portalEffect: null,
    portalFailure: null,
    checkout: null,
  };
  await page.route('**/api/subscriptions/**', async (route: Route) => {
    const request = route.request();
    const path = new URL(request.url()).pathname.replace('/api/subscriptions/', '');
    if (request.method() === 'POST') fake.calls.push({ path, body: request.postDataJSON() as unknown });
    if (request.method() === 'GET' && path.startsWith('checkout/')) {
      const sessionId = decodeURIComponent(path.slice('checkout/'.length));
      if (fake.checkout?.sessionId !== sessionId) return route.fulfill(refuse(404, M.checkoutNotFound));
      if (fake.pending && fake.pending.readsLeft-- > 0) {
        return route.fulfill(ok({ sessionId, status: 'pending', planType: null }));
      }
      if (fake.pending) fake.active = paid(fake.pending.planType);
      fake.pending = null;
      return route.fulfill(ok({ sessionId, status: 'paid', planType: fake.checkout.planType }));
    }
    switch (path) {
      case 'plans':
        return route.fulfill(ok(PLANS));
      case 'active':
        if (fake.pending && fake.pending.readsLeft-- <= 0) {
          fake.active = paid(fake.pending.planType);
          fake.pending = null;
        }
        if (fake.cancelLagReads !== null && fake.cancelLagReads-- <= 0) {
          fake.active = paid(fake.active.plan.planType as PaidPlan, true);
          fake.cancelLagReads = null;
        }
        return route.fulfill(ok(fake.active));
      case 'checkout': {
        const { planType } = request.postDataJSON() as { planType: PaidPlan };
        fake.pending = { planType, readsLeft: 2 };
        fake.checkout = { sessionId: SESSION_ID, planType };
        return route.fulfill(
          ok({
            url: `/subscription/success?session_id=${SESSION_ID}&plan=${planType}`,
            sessionId: SESSION_ID,
          }),
        );
      }
      case 'update': {
        const { planType } = request.postDataJSON() as { planType: PaidPlan };
        fake.active = paid(planType, fake.active.subscription?.cancelAtPeriodEnd);
        return route.fulfill(ok(fake.active, M.upgraded));
      }
      case 'cancel':
        // The answer says canceled; the plan read back says so once the webhook has landed.
        fake.cancelLagReads = 2;
        return route.fulfill(ok(paid(fake.active.plan.planType as PaidPlan, true)));
      case 'portal':
        if (fake.portalFailure)
          return route.fulfill({ ...fake.portalFailure, contentType: 'application/json' });
        if (!fake.portalEffect) return route.fulfill(refuse(502, M.failedToCreatePortal));
        // By the time the member is in the portal the cancel's webhook has long landed.
        if (fake.cancelLagReads !== null) fake.active = paid(fake.active.plan.planType as PaidPlan, true);
        fake.cancelLagReads = null;
        fake.active = fake.portalEffect(fake.active);
        return route.fulfill(ok({ url: '/subscription/manage' }));
      default:
        return route.fulfill(refuse(404, 'Not found'));
    }
  });
  return fake;
}

describe('the subscription screens', () => {
  let web: RunningWebApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let member: TestMember;
  let saveDiagnostics: () => Promise<void>;

  beforeAll(async () => {
    // The worker builds the read models the rest of the profile reads.
    [web, browser] = await Promise.all([startWebApp({ worker: true }), launchBrowser()]);
    member = await createMember(web);
  });

  // A context per test: a guest's test never finds the last member's tokens in localStorage.
  beforeEach(async () => {
    context = await browser.newContext({ baseURL: web.baseUrl, viewport: DESKTOP, timezoneId: 'UTC' });
    page = await context.newPage();
    saveDiagnostics = recordDiagnostics(page, expect.getState().currentTestName ?? 'subscription');
  });

  afterEach(async () => {
    await saveDiagnostics();
    await context.close();
  });

  afterAll(async () => {
    await browser?.close();
    await web?.stop();
  });

  const planCard = (name: string) => page.getByRole('article', { name, exact: true });
  const toast = (text: string) =>
    page.locator('.toast-layer [role="status"]').getByText(text, { exact: true }).first();

  it('shows a guest the three plans in test mode and sends Subscribe to /login', async () => {
    const fake = await serveBilling(page, free());
    await page.goto('/subscription');
    await planCard('Premium').waitFor();
    await expect(planCard('Premium').innerText()).resolves.toMatch(/\$4\.99\s+\/ month/);
    await expect(planCard('Premium+').innerText()).resolves.toMatch(/\$9\.99\s+\/ month/);
    await expect(planCard('Premium+').innerText()).resolves.toContain('Teams of up to 5');
    await page.getByRole('main').getByText('Test mode').waitFor();
    await expect(page.getByText('Current plan').count()).resolves.toBe(0);
    await captureAtBothWidths(page, 'subscription-plans-guest');

    await page.getByRole('button', { name: 'Subscribe to Premium', exact: true }).click();
    // Back to the plans after signing in.
    await page.waitForURL(/\/login\?redirect=%2Fsubscription$/);
    await page.getByText('Log in to subscribe to a plan.').waitFor();
    expect(fake.calls).toEqual([]);
  });

  it('says what failed loading with Retry, and toasts the server’s refusal of a checkout', async () => {
    await signIn(page, web, member);
    let failing = true;
    await page.route('**/api/subscriptions/plans', (route) =>
      route.fulfill(failing ? refuse(503, 'Billing is resting') : ok(PLANS)),
    );
    await page.route('**/api/subscriptions/active', (route) => route.fulfill(ok(free())));
    await page.route('**/api/subscriptions/checkout', (route) =>
      route.fulfill(refuse(429, M.tooManyCheckouts)),
    );
    await page.goto('/subscription');
    await page.getByText(`${M.errorLoadingPrefix}Billing is resting`).waitFor();
    await captureAtBothWidths(page, 'subscription-plans-error');

    failing = false;
    await page.getByRole('button', { name: 'Retry' }).click();
    await planCard('Free').getByText('Current plan').waitFor();
    await page.getByRole('button', { name: 'Subscribe to Premium+' }).click();
    await toast(M.tooManyCheckouts).waitFor();
    await expect(page.getByRole('button', { name: 'Subscribe to Premium+' }).isEnabled()).resolves.toBe(true);

    // A 5xx with no words of the spec's: the failed call's (§8). A URL that is not a web address is never
    // followed: the page's own failure.
    await page.unroute('**/api/subscriptions/checkout');
    await page.route('**/api/subscriptions/checkout', (route) => route.fulfill({ status: 500, body: '' }));
    await page.getByRole('button', { name: 'Subscribe to Premium', exact: true }).click();
    await toast(M.failedToCreateCheckout).waitFor();
    await page.unroute('**/api/subscriptions/checkout');
    await page.route('**/api/subscriptions/checkout', (route) =>
      route.fulfill(ok({ url: 'javascript:alert(1)', sessionId: SESSION_ID })),
    );
    await toast(M.failedToSubscribe).waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Subscribe to Premium', exact: true }).click();
    await toast(M.failedToSubscribe).waitFor();
    await page.getByRole('button', { name: 'Subscribe to Premium', exact: true, disabled: false }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/subscription');
  });

  it('never tells anyone a made-up checkout went through', async () => {
    const made = '/subscription/success?session_id=cs_made_up_123&plan=PREMIUM';
    await serveBilling(page, free());
    await page.goto(made);
    await page.getByRole('link', { name: 'Log in' }).waitFor();
    await expect(page.getByRole('main').innerText()).resolves.not.toMatch(/went through\.|Thank you/);

    await signIn(page, web, member);
    const fake = await serveBilling(page, free());
    await page.goto(made);
    await page.getByText('We could not find this checkout').waitFor();
    await expect(page.getByRole('main').innerText()).resolves.not.toMatch(
      /went through\.|Thank you|You are on/,
    );
    expect(fake.calls).toEqual([]);
    await captureAtBothWidths(page, 'subscription-success-unknown');
  });

  it('subscribes to Premium, waits on the success page for the webhook, then upgrades to Premium+', async () => {
    await signIn(page, web, member);
    const fake = await serveBilling(page, free());
    await page.goto('/subscription');
    await planCard('Free').getByText('Current plan').waitFor();
    await captureAtBothWidths(page, 'subscription-plans-free');

    await page.getByRole('button', { name: 'Subscribe to Premium', exact: true }).click();
    await page.waitForURL(`**/subscription/success?session_id=${SESSION_ID}&plan=PREMIUM`);
    expect(fake.calls).toEqual([{ path: 'checkout', body: { planType: 'PREMIUM' } }]);
    await page.getByText('Waiting for the payment provider to confirm Premium…').waitFor();
    await page.getByText(`Renews on ${PERIOD_END_TEXT}.`).waitFor();
    await expect(
      page.getByRole('status').filter({ hasText: 'Your payment went through. You are on Premium.' }).count(),
    ).resolves.toBe(1);
    await expect(page.getByRole('link', { name: 'Go to your profile' }).getAttribute('href')).resolves.toBe(
      '/profile',
    );
    await expect(page.getByRole('link', { name: 'Browse challenges' }).getAttribute('href')).resolves.toBe(
      '/challenges',
    );
    await captureAtBothWidths(page, 'subscription-success');

    await page.goto('/subscription');
    await planCard('Premium').getByText('Current plan').waitFor();
    await expect(
      planCard('Premium').getByRole('link', { name: 'Manage' }).getAttribute('href'),
    ).resolves.toBe('/subscription/manage');
    await expect(planCard('Free').innerText()).resolves.toContain('Included in every plan.');
    await page.getByRole('button', { name: 'Upgrade to Premium+' }).click();
    await toast(M.upgraded).waitFor();
    await planCard('Premium+').getByText('Current plan').waitFor();
    expect(fake.calls.at(-1)).toEqual({ path: 'update', body: { planType: 'PREMIUM_PLUS' } });
    // Past Premium+ there is no upgrade (spec §4).
    await expect(page.getByRole('button', { name: /^Upgrade/ }).count()).resolves.toBe(0);
    await expect(planCard('Premium').innerText()).resolves.toContain('Included in Premium+.');
    await captureAtBothWidths(page, 'subscription-plans-premium-plus');
  });

  it('manages a plan: upgrade, cancel at period end after a confirmation, and the billing portal', async () => {
    await signIn(page, web, member);
    const fake = await serveBilling(page, paid('PREMIUM'));
    await page.goto('/subscription/manage');
    await page.getByRole('heading', { name: 'Premium', exact: true }).waitFor();
    const facts = page.locator('.subscription__facts');
    await expect(facts.innerText()).resolves.toMatch(/Next billing date\s+December 23, 2026/);
    await expect(facts.innerText()).resolves.toMatch(/Days remaining\s+30 days/);
    await expect(facts.innerText()).resolves.toMatch(/Status\s+Active/);
    await captureAtBothWidths(page, 'subscription-manage');

    await page.getByRole('button', { name: 'Upgrade to Premium+' }).click();
    await toast(M.upgraded).waitFor();
    await page.getByRole('heading', { name: 'Premium+', exact: true }).waitFor();
    await expect(page.getByRole('button', { name: /^Upgrade/ }).count()).resolves.toBe(0);

    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel your subscription?' });
    await dialog.getByText(`You keep Premium+ until ${PERIOD_END_TEXT}.`, { exact: false }).waitFor();
    await captureAtBothWidths(page, 'subscription-manage-confirm-cancel', { fullPage: false });
    await dialog.getByRole('button', { name: 'Keep my plan' }).click();
    expect(fake.calls.filter((call) => call.path === 'cancel')).toEqual([]);

    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    // The refresh after the cancel still reads the plan renewing: the page keeps the cancel's answer.
    const refreshed = page.waitForResponse('**/api/subscriptions/active');
    await dialog.getByRole('button', { name: 'Yes, cancel' }).click();
    await toast(M.canceled).waitFor();
    await refreshed;
    expect(fake.active.subscription?.cancelAtPeriodEnd).toBe(false);
    await expect(facts.innerText()).resolves.toMatch(/Ends on\s+December 23, 2026/);
    await expect(facts.innerText()).resolves.toMatch(/Status\s+Ends at period end/);
    await expect(page.getByRole('button', { name: 'Cancel subscription' }).count()).resolves.toBe(0);
    await captureAtBothWidths(page, 'subscription-manage-canceled');

    // The portal cannot be opened: the server's words when they are the spec's, else the failed call's.
    await page.getByRole('button', { name: 'Manage payment' }).click();
    await toast(M.failedToCreatePortal).waitFor();
    fake.portalFailure = { status: 500, body: JSON.stringify({ message: 'Internal server error' }) };
    await toast(M.failedToCreatePortal).waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Manage payment' }).click();
    await toast(M.failedToCreatePortal).waitFor();
    // An answer the page cannot follow (no web address): the page's own failure.
    fake.portalFailure = {
      status: 200,
      body: JSON.stringify({
        success: true,
        url: 'javascript:alert(1)',
        data: { url: 'javascript:alert(1)' },
      }),
    };
    await toast(M.failedToCreatePortal).waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Manage payment' }).click();
    await toast(M.failedToOpenPaymentManagement).waitFor();
    fake.portalFailure = null;

    // In the portal the member renews; coming back, the page reads the plan afresh.
    fake.portalEffect = (active) => paid(active.plan.planType as PaidPlan, false);
    await page.getByRole('button', { name: 'Manage payment' }).click();
    await page.getByRole('button', { name: 'Cancel subscription' }).waitFor();
    await expect(facts.innerText()).resolves.toMatch(/Next billing date\s+December 23, 2026/);
    expect(fake.calls.filter((call) => call.path === 'portal')).toHaveLength(4);
  });

  it("shows the plan in the profile's Subscription section, with the way to manage or subscribe", async () => {
    await signIn(page, web, member);
    const fake = await serveBilling(page, free());
    await page.goto('/profile');
    const section = page.getByRole('region', { name: 'Subscription', exact: true });
    await section.getByRole('link', { name: 'See Plans' }).waitFor();
    await expect(section.innerText()).resolves.toMatch(/Plan\s+Free/);

    fake.active = paid('PREMIUM', true);
    await page.reload();
    await section.getByRole('link', { name: 'Manage Subscription' }).waitFor();
    await expect(section.innerText()).resolves.toMatch(/Ends on\s+December 23, 2026 \(30 days\)/);
    // The other sections finish loading first, so the picture shows the whole profile.
    await page.waitForFunction(() => document.querySelectorAll('.skeleton').length === 0);
    await captureAtBothWidths(page, 'subscription-profile-section');
    await section.getByRole('link', { name: 'Manage Subscription' }).click();
    await page.waitForURL('**/subscription/manage');
  });

  it("says 'Payment was cancelled' on the cancel page unless a reason is given", async () => {
    await page.goto(`/subscription/cancel?session_id=${SESSION_ID}`);
    await page.getByText(M.paymentWasCancelled).waitFor();
    await expect(page.getByRole('link', { name: 'Back to plans' }).getAttribute('href')).resolves.toBe(
      '/subscription',
    );
    await captureAtBothWidths(page, 'subscription-cancel');

    await page.goto(`/subscription/cancel?session_id=${SESSION_ID}&reason=Card%20declined`);
    await page.getByText('Card declined').waitFor();
    await expect(page.getByText(M.paymentWasCancelled).count()).resolves.toBe(0);
  });

  it('sends a guest from /subscription/manage to /login, and back there after signing in', async () => {
    await page.goto('/subscription/manage');
    await page.waitForURL(/\/login\?redirect=%2Fsubscription%2Fmanage$/);
  });
});
