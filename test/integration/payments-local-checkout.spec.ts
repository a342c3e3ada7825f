import { randomUUID } from 'node:crypto';
import { Payments, type PaymentEvent } from '@arena/payments';
import { TEST_MODE_PRODUCTION } from '@arena/testing';
import {
  eventually,
  RecordingHandler,
  startPaymentsApi,
  startPaymentsWorker,
  type PaymentsHarness,
} from './payments.harness';

const SUCCESS_URL = 'http://localhost:3000/donate/thanks?session={CHECKOUT_SESSION_ID}';
const CANCEL_URL = 'http://localhost:3000/donate?cancelled=1';

describe("the local payment driver's hosted checkout (GET|POST /api/payments/local/checkout/{sessionId})", () => {
  let harness: PaymentsHarness;
  let payments: Payments;
  const completed = new RecordingHandler(['checkout.session.completed']);

  beforeAll(async () => {
    harness = await startPaymentsApi();
    payments = harness.api.get(Payments);
    harness.handlers.register(completed);
  });
  afterAll(() => harness?.close());

  async function session(overrides: { email?: string | null; description?: string } = {}) {
    const giftId = randomUUID();
    const created = await payments.createCheckoutSession({
      amountCents: 2500,
      email: 'donor@example.org',
      description: "Gift to Charity Arena's donation pool",
      successUrl: SUCCESS_URL,
      cancelUrl: CANCEL_URL,
      metadata: { giftId },
      idempotencyKey: `gift-${giftId}`,
      ...overrides,
    });
    return { ...created, path: new URL(created.url).pathname, giftId };
  }

  const open = (path: string) => harness.api.inject({ method: 'GET', url: path });
  const tokenOf = (html: string) => /name="token" value="([^"]+)"/.exec(html)![1]!;
  const post = (path: string, form: Record<string, string>) =>
    harness.api.inject({
      method: 'POST',
      url: path,
      payload: new URLSearchParams(form).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  const pay = async (path: string, overrides: Record<string, string> = {}) =>
    post(path, {
      token: tokenOf((await open(path)).body),
      email: 'donor@example.org',
      cardNumber: '4242 4242 4242 4242',
      action: 'pay',
      ...overrides,
    });
  const sessionRow = (id: string) =>
    harness.database.db
      .selectFrom('payment_local_checkout_sessions')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const eventsOf = async (sessionId: string) =>
    (await harness.database.db.selectFrom('payment_local_events').selectAll().execute()).filter(
      (event) => (event.payload as { data: { object: { id: string } } }).data.object.id === sessionId,
    );
  // The balance transactions of the charge a payment intent made (issue 20: sourced by the `ch_`, as Stripe's).
  const chargesOf = (paymentIntentId: string) =>
    harness.database.db
      .selectFrom('payment_local_balance_transactions')
      .selectAll()
      .where(
        'source_id',
        'in',
        harness.database.db
          .selectFrom('payment_local_charges')
          .select('id')
          .where('payment_intent_id', '=', paymentIntentId),
      )
      .execute();

  it('renders the test-mode page: amount in dollars, description and email escaped, a form token, uncached', async () => {
    const { path } = await session({ description: 'Gift to <Hope & Harbor>', email: 'a"b@example.org' });
    const page = await open(path);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.body).toContain('Test mode — local payment provider');
    expect(page.body).toContain('$25.00');
    expect(page.body).toContain('Gift to &lt;Hope &amp; Harbor&gt;');
    expect(page.body).toContain('value="a&quot;b@example.org"');
    expect(page.body).toContain('4242 4242 4242 4242');
    expect(tokenOf(page.body)).toMatch(/^[\w-]{43}$/);
    expect(page.body).not.toContain('<script');
  });

  it('pays: completes the session once, records the charge and a checkout.session.completed shaped like Stripe’s, and redirects to the success URL', async () => {
    const { id, path, giftId } = await session();
    const answer = await pay(path, { email: 'paid.by@example.org' });
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe(`http://localhost:3000/donate/thanks?session=${id}`);
    const row = await sessionRow(id);
    expect(row).toMatchObject({ status: 'complete', paid_email: 'paid.by@example.org' });
    expect(await chargesOf(row.payment_intent_id)).toEqual([
      expect.objectContaining({ type: 'charge', amount_cents: 2500 }),
    ]);
    const events = await eventsOf(id);
    expect(events).toHaveLength(1);
    expect(events[0]!.payload).toMatchObject({
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id,
          object: 'checkout.session',
          amount_total: 2500,
          currency: 'usd',
          customer_details: { email: 'paid.by@example.org' },
          customer_email: 'donor@example.org',
          payment_intent: expect.stringMatching(/^pi_local_/),
          payment_status: 'paid',
          status: 'complete',
          metadata: { giftId },
          created: expect.any(Number),
        },
      },
    });
  });

  it('pays once under 50 concurrent posts (each with its own page), then sends every later visit to the success URL', async () => {
    const { id, path } = await session();
    const tokens = await Promise.all(
      Array.from({ length: 50 }, async () => tokenOf((await open(path)).body)),
    );
    const answers = await Promise.all(
      tokens.map((token) =>
        post(path, { token, email: 'donor@example.org', cardNumber: '4242424242424242', action: 'pay' }),
      ),
    );
    expect(new Set(answers.map((answer) => `${answer.statusCode} ${answer.headers.location}`))).toEqual(
      new Set([`303 http://localhost:3000/donate/thanks?session=${id}`]),
    );
    expect(await eventsOf(id)).toHaveLength(1);
    expect(await chargesOf((await sessionRow(id)).payment_intent_id)).toHaveLength(1);
    const again = await open(path);
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe(`http://localhost:3000/donate/thanks?session=${id}`);
  });

  it('declines the declined test card (402): nothing paid, the form shown again with its token unspent', async () => {
    const { id, path } = await session();
    const token = tokenOf((await open(path)).body);
    const declined = await post(path, {
      token,
      email: 'donor@example.org',
      cardNumber: '4000 0000 0000 0002',
      action: 'pay',
    });
    expect(declined.statusCode).toBe(402);
    expect(declined.body).toContain('Your card was declined.');
    expect(await sessionRow(id)).toMatchObject({ status: 'open' });
    expect(await eventsOf(id)).toHaveLength(0);
    const paid = await post(path, {
      token,
      email: 'donor@example.org',
      cardNumber: '4242424242424242',
      action: 'pay',
    });
    expect(paid.statusCode).toBe(303);
  });

  it('answers a wrong form with the form again (422), naming its errors, escaping what was typed', async () => {
    const { id, path } = await session();
    const answer = await pay(path, { email: '"><script>x</script>', cardNumber: '1234' });
    expect(answer.statusCode).toBe(422);
    expect(answer.body).toContain('Enter a valid email address.');
    expect(answer.body).toContain('Use the test card 4242 4242 4242 4242.');
    expect(answer.body).not.toContain('<script');
    expect(await sessionRow(id)).toMatchObject({ status: 'open' });
  });

  it('cancels: the session closes unpaid and the browser goes to the cancel URL, now and later', async () => {
    const { id, path } = await session();
    const answer = await post(path, { token: tokenOf((await open(path)).body), action: 'cancel' });
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe(CANCEL_URL);
    expect(await sessionRow(id)).toMatchObject({ status: 'cancelled' });
    expect((await open(path)).headers.location).toBe(CANCEL_URL);
    expect(await eventsOf(id)).toHaveLength(0);
  });

  it('pays a gift by bank debit (issue 20): completed unpaid, then async_payment_succeeded paid, one charge', async () => {
    const { id, path } = await session();
    const page = await open(path);
    expect(page.body).toContain('value="bank"');
    const token = tokenOf(page.body);
    const tokens = [token, tokenOf((await open(path)).body)];
    const answers = await Promise.all(
      tokens.map((one) => post(path, { token: one, email: 'ach@example.org', action: 'bank' })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([303, 303]);
    const row = await sessionRow(id);
    expect(row).toMatchObject({ status: 'complete', paid_email: 'ach@example.org' });
    expect(await chargesOf(row.payment_intent_id)).toEqual([
      expect.objectContaining({ type: 'charge', amount_cents: 2500 }),
    ]);
    const events = (await eventsOf(id)).sort(
      (a, b) => (a.payload as { created: number }).created - (b.payload as { created: number }).created,
    );
    expect(
      events.map((event) => {
        const payload = event.payload as { type: string; data: { object: { payment_status: string } } };
        return [payload.type, payload.data.object.payment_status];
      }),
    ).toEqual([
      ['checkout.session.completed', 'unpaid'],
      ['checkout.session.async_payment_succeeded', 'paid'],
    ]);
  });

  it('never pays an expired session: its page and its form go to the cancel URL', async () => {
    const { id, path } = await session();
    const token = tokenOf((await open(path)).body);
    await harness.database.db
      .updateTable('payment_local_checkout_sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', id)
      .execute();
    const paid = await post(path, { token, email: 'donor@example.org', cardNumber: '4242424242424242' });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(CANCEL_URL);
    expect(await sessionRow(id)).toMatchObject({ status: 'expired' });
    // Expired once, as Stripe reports it (issue 20); never completed.
    expect((await eventsOf(id)).map((event) => event.type)).toEqual(['checkout.session.expired']);
  });

  it.each([
    ['an unknown session', '/api/payments/local/checkout/cs_test_local_000000000000000000000000', 404],
    ['a malformed id', '/api/payments/local/checkout/nope', 404],
    // The API refuses NUL bytes anywhere in a request before any route sees them.
    ['a NUL byte in the id', '/api/payments/local/checkout/cs_test_local_%00', 400],
  ])('refuses to open %s (4xx in the one error shape)', async (_what, url, status) => {
    const answer = await open(url);
    expect(answer.statusCode).toBe(status);
    expect(answer.json()).toMatchObject({ success: false, statusCode: status });
  });

  it('refuses a post without its form token, with a foreign or NUL-laden one, paying nothing', async () => {
    const { id, path } = await session();
    const other = await session();
    const form = { email: 'donor@example.org', cardNumber: '4242424242424242', action: 'pay' };
    const missing = await post(path, form);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      success: false,
      statusCode: 400,
      message: 'This checkout form is not valid',
    });
    const foreign = await post(path, { ...form, token: tokenOf((await open(other.path)).body) });
    expect(foreign.statusCode).toBe(404);
    const nul = await post(path, { ...form, token: `${'A'.repeat(42)}\u0000` });
    expect(nul.statusCode).toBe(400);
    const nulEmail = await pay(path, { email: 'donor\u0000@example.org' });
    expect(nulEmail.statusCode).toBe(400);
    expect(nulEmail.json()).toMatchObject({ success: false, statusCode: 400 });
    expect(await sessionRow(id)).toMatchObject({ status: 'open' });
  });

  it('delivers checkout.session.completed as a webhook that verifies with stripe.webhooks.constructEvent', async () => {
    const { id, path } = await session();
    const worker = await startPaymentsWorker(harness.config);
    try {
      await pay(path);
      const event = await eventually<PaymentEvent>(
        async () => completed.received.find((received) => (received.data.object as { id: string }).id === id),
        'the completed checkout webhook',
      );
      // The endpoint answered 2xx only after stripe.webhooks.constructEvent verified the signature.
      const [row] = await eventsOf(id);
      expect(event.id).toBe(row!.id);
      expect(event.type).toBe('checkout.session.completed');
      await eventually(
        async () => ((await eventsOf(id))[0]!.delivered_at ? true : undefined),
        'the event marked delivered',
      );
    } finally {
      await worker.close();
    }
  });
});

/**
 * Issue 21: the local driver's hosted pages take test cards and pretend to be Stripe, so in production they
 * exist only in a deployment that says it is a test-mode demo (TEST_MODE_DEPLOYMENT=true, docs/security.md).
 */
describe('the local hosted pages in production', () => {
  let demo: PaymentsHarness;
  let closed: PaymentsHarness;
  const pages: Record<string, string> = {};

  beforeAll(async () => {
    demo = await startPaymentsApi(TEST_MODE_PRODUCTION);
    // loadConfig refuses production on the local driver without TEST_MODE_DEPLOYMENT; should such a
    // configuration ever be built, the pages must still not exist.
    closed = await startPaymentsApi(
      {},
      {
        database: demo.database,
        config: { ...demo.config, TEST_MODE_DEPLOYMENT: false },
      },
    );
    const payments = demo.api.get(Payments);
    const giftId = randomUUID();
    const checkout = await payments.createCheckoutSession({
      amountCents: 1_000_000,
      email: 'donor@example.org',
      description: "Gift to Charity Arena's donation pool",
      successUrl: SUCCESS_URL,
      cancelUrl: CANCEL_URL,
      metadata: { giftId },
      idempotencyKey: `gift-${giftId}`,
    });
    const charityId = randomUUID();
    const account = await payments.createConnectedAccount({
      ein: '12-3456789',
      organizationName: 'Harbor Food Bank',
      email: 'finance@harbor.example.org',
      charityId,
      idempotencyKey: `onboard-${charityId}`,
    });
    const link = await payments.createAccountLink({
      accountId: account.id,
      returnUrl: 'http://localhost:3000/charities/onboarding/return',
      refreshUrl: 'http://localhost:3000/charities/onboarding/refresh',
    });
    // A paid subscription's customer, as the local driver keeps it.
    await demo.database.db
      .insertInto('payment_local_customers')
      .values({
        id: 'cus_local_prod0',
        email: 'member@example.org',
        member_id: null,
        card_declines: false,
        created_at: new Date(),
      })
      .execute();
    const portal = await payments.createBillingPortalSession({
      customerId: 'cus_local_prod0',
      returnUrl: 'http://localhost:3000/profile',
    });
    pages.checkout = new URL(checkout.url).pathname;
    pages.connect = `${new URL(link.url).pathname}${new URL(link.url).search}`;
    pages.portal = new URL(portal.url).pathname;
  });
  afterAll(async () => {
    await closed?.close();
    await demo?.close();
  });

  it.each(['checkout', 'connect', 'portal'])(
    'answer 404 for the %s page, shown or posted, without TEST_MODE_DEPLOYMENT',
    async (page) => {
      for (const method of ['GET', 'POST'] as const) {
        const answer = await closed.api.inject({
          method,
          url: pages[page],
          payload: method === 'POST' ? 'action=submit' : undefined,
          headers: method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {},
        });
        expect([method, answer.statusCode]).toEqual([method, 404]);
      }
    },
  );

  it.each(['checkout', 'connect', 'portal'])('show the %s page in a test-mode deployment', async (page) => {
    const answer = await demo.api.inject({ method: 'GET', url: pages[page] });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toMatch(/test mode/i);
  });
});
