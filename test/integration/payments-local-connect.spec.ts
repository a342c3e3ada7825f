import { randomUUID } from 'node:crypto';
import { createApiApp } from '../../apps/api/src/bootstrap';
import { Payments, STRIPE_API_VERSION } from '@arena/payments';
import { createTestDatabase, testAppConfig } from '@arena/testing';
import { startPaymentsApi, type PaymentsHarness } from './payments.harness';

const RETURN_URL = 'http://localhost:3000/charities/onboarding/return?charity=1';
const REFRESH_URL = 'http://localhost:3000/charities/onboarding/refresh?charity=1';

const validForm = {
  representativeName: 'Dana Ortiz',
  routingNumber: '110000000',
  accountNumber: '000123456789',
  acceptedTerms: 'yes',
  action: 'submit',
};

describe("the local payment driver's hosted onboarding (GET|POST /api/payments/local/connect/{accountId})", () => {
  let harness: PaymentsHarness;
  let payments: Payments;

  beforeAll(async () => {
    harness = await startPaymentsApi();
    payments = harness.api.get(Payments);
  });
  afterAll(() => harness?.close());

  async function onboardingLink(organizationName = 'Harbor Food Bank') {
    const charityId = randomUUID();
    const account = await payments.createConnectedAccount({
      ein: '12-3456789',
      organizationName,
      email: 'finance@harbor.example.org',
      charityId,
      idempotencyKey: `onboard-${charityId}`,
    });
    const link = await payments.createAccountLink({
      accountId: account.id,
      returnUrl: RETURN_URL,
      refreshUrl: REFRESH_URL,
    });
    const url = new URL(link.url);
    return {
      account,
      path: url.pathname,
      token: url.searchParams.get('link')!,
      url: `${url.pathname}${url.search}`,
    };
  }

  const open = (url: string) => harness.api.inject({ method: 'GET', url });
  const submit = (path: string, form: Record<string, string>) =>
    harness.api.inject({
      method: 'POST',
      url: path,
      payload: new URLSearchParams(form).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  const accountRow = (id: string) =>
    harness.database.db
      .selectFrom('payment_local_accounts')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const eventsOf = async (accountId: string) =>
    (await harness.database.db.selectFrom('payment_local_events').selectAll().execute()).filter(
      (event) => (event.payload as { data: { object: { id: string } } }).data.object.id === accountId,
    );

  it('renders the test-mode form, prefilled, uncached, under the strict CSP', async () => {
    const { url, token } = await onboardingLink();
    const page = await open(url);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).toContain('Test mode — local payment provider');
    expect(page.body).toContain('value="Harbor Food Bank" readonly');
    expect(page.body).toContain('value="12-3456789" readonly');
    expect(page.body).toContain(`name="link" value="${token}"`);
    expect(page.body).not.toContain('<script');
  });

  it('submits: marks the account onboarded, records its account.updated event, and sends the browser back (303)', async () => {
    const { account, path, token } = await onboardingLink();
    const answer = await submit(path, { ...validForm, link: token });
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe(RETURN_URL);
    expect(await accountRow(account.id)).toMatchObject({
      details_submitted: true,
      charges_enabled: true,
      payouts_enabled: true,
      representative_name: 'Dana Ortiz',
      bank_routing_number: '110000000',
      bank_account_last4: '6789',
    });
    const events = await eventsOf(account.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      id: expect.stringMatching(/^evt_local_/),
      type: 'account.updated',
      payload: {
        object: 'event',
        type: 'account.updated',
        // A connected account's event: `account` names it, and it is stamped with the pinned version.
        account: account.id,
        api_version: STRIPE_API_VERSION,
        data: {
          object: { id: account.id, object: 'account', payouts_enabled: true, details_submitted: true },
        },
      },
    });
    expect(await payments.retrieveConnectedAccount(account.id)).toMatchObject({ payoutsEnabled: true });
  });

  it('uses a link once: a second submit, even at the same moment, goes to the refresh URL and changes nothing', async () => {
    const { account, path, token, url } = await onboardingLink();
    const answers = await Promise.all([
      submit(path, { ...validForm, link: token }),
      submit(path, { ...validForm, link: token }),
    ]);
    expect(answers.map((answer) => answer.headers.location).sort()).toEqual([REFRESH_URL, RETURN_URL]);
    expect(await eventsOf(account.id)).toHaveLength(1);
    const reopened = await open(url);
    expect(reopened.statusCode).toBe(303);
    expect(reopened.headers.location).toBe(REFRESH_URL);
  });

  it('cancels: spends the link and goes to the refresh URL, the account untouched', async () => {
    const { account, path, token, url } = await onboardingLink();
    const answer = await submit(path, { link: token, action: 'cancel' });
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe(REFRESH_URL);
    expect(await accountRow(account.id)).toMatchObject({ details_submitted: false, payouts_enabled: false });
    expect(await eventsOf(account.id)).toHaveLength(0);
    expect((await open(url)).headers.location).toBe(REFRESH_URL);
  });

  it('sends an expired link, opened or submitted, to the refresh URL', async () => {
    const { account, path, token, url } = await onboardingLink();
    await harness.database.db
      .updateTable('payment_local_account_links')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('account_id', '=', account.id)
      .execute();
    const opened = await open(url);
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe(REFRESH_URL);
    const submitted = await submit(path, { ...validForm, link: token });
    expect(submitted.headers.location).toBe(REFRESH_URL);
    expect(await accountRow(account.id)).toMatchObject({ details_submitted: false });
  });

  it('answers a wrong form with the form again (422), its errors named and what was typed escaped', async () => {
    const { account, path, token } = await onboardingLink('Hope & <Harbor>');
    const answer = await submit(path, {
      link: token,
      representativeName: '"><script>alert(1)</script>',
      routingNumber: '123456789',
      accountNumber: '12',
      action: 'submit',
    });
    expect(answer.statusCode).toBe(422);
    expect(answer.body).toContain('Set up payouts for Hope &amp; &lt;Harbor&gt;');
    expect(answer.body).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(answer.body).not.toContain('<script');
    expect(answer.body).toContain('Enter the representative&#39;s full name.');
    expect(answer.body).toContain('Enter a valid 9-digit routing number');
    expect(answer.body).toContain('Accept the terms to continue.');
    expect(await accountRow(account.id)).toMatchObject({ details_submitted: false });
    // The link was not spent by the mistake.
    expect((await submit(path, { ...validForm, link: token })).headers.location).toBe(RETURN_URL);
  });

  it.each([
    ['no token', (_: string, path: string) => path, 400],
    ['a malformed token', (_: string, path: string) => `${path}?link=abc`, 400],
    ['an unknown token', (_: string, path: string) => `${path}?link=${'A'.repeat(43)}`, 404],
    [
      "another account's token",
      (token: string) => `/api/payments/local/connect/acct_local_other?link=${token}`,
      404,
    ],
  ])('refuses to open %s (4xx in the one error shape)', async (_what, build, status) => {
    const { token, path } = await onboardingLink();
    const answer = await open(build(token, path));
    expect(answer.statusCode).toBe(status);
    expect(answer.json()).toMatchObject({ success: false, statusCode: status });
  });

  it('refuses a post without its link token, as a cross-site form would send it', async () => {
    const { account, path } = await onboardingLink();
    const answer = await submit(path, validForm);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({
      success: false,
      statusCode: 400,
      message: 'This onboarding link is not valid',
    });
    const foreign = await submit(path, { ...validForm, link: 'B'.repeat(43) });
    expect(foreign.statusCode).toBe(404);
    expect(await accountRow(account.id)).toMatchObject({ details_submitted: false });
  });

  it('tells the web app it runs in test mode (GET /api/config)', async () => {
    const answer = await harness.api.inject({ method: 'GET', url: '/api/config' });
    expect(answer.json().data.payments).toEqual({ mode: 'local', publishableKey: null });
  });
});

describe('with Stripe configured', () => {
  it('has no local onboarding pages (404) and gives the web app the publishable key', async () => {
    const database = await createTestDatabase(2);
    const api = await createApiApp(
      testAppConfig(database.url, {
        STRIPE_SECRET_KEY: 'sk_test_arenaStandIn000',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_arenaStandIn000',
        STRIPE_WEBHOOK_SECRET: 'whsec_arenaStandInSecret000',
        // Nothing listens there: the start-time portal check fails at once, never reaching Stripe.
        STRIPE_API_URL: 'http://127.0.0.1:9',
      }),
    );
    try {
      expect(api.get(Payments).mode).toBe('stripe');
      const page = await api.inject({
        method: 'GET',
        url: `/api/payments/local/connect/acct_local_x?link=${'A'.repeat(43)}`,
      });
      expect(page.statusCode).toBe(404);
      expect(page.json()).toMatchObject({ success: false, statusCode: 404 });
      const config = await api.inject({ method: 'GET', url: '/api/config' });
      expect(config.json().data.payments).toEqual({
        mode: 'stripe',
        publishableKey: 'pk_test_arenaStandIn000',
      });
    } finally {
      await api.close();
      await database.drop();
    }
  });
});
