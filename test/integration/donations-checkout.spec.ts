import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import Stripe from 'stripe';
import { DonationMessages } from '@arena/contracts';
import { STRIPE_API_VERSION, webhookSecret } from '@arena/payments';
import { signedEvent } from './payments.harness';
import { startIdentityHarness, type IdentityHarness } from './identity-harness';
import { newMember, type TestMember } from './charity-members.harness';

/** Starting a gift and directing a prize balance, over HTTP: every bad input is a 400 with its message. */
describe('donation checkout and payout requests', () => {
  let harness: IdentityHarness;
  let ada: TestMember;
  let ip = 0;
  // Each call from its own client address, so the per-IP limit only bites where a test means it to.
  const checkout = (body: unknown, from = `198.51.100.${++ip}`) =>
    harness.call('POST', '/stripe/checkout', body, { 'x-forwarded-for': from });

  beforeAll(async () => {
    harness = await startIdentityHarness({ DONATION_CHECKOUTS_PER_HOUR: '3' });
    ada = await newMember(harness, 'ada');
  });
  afterAll(() => harness.close());

  it.each([
    [{ amount_cents: 99 }, DonationMessages.amountTooSmall],
    [{ amount_cents: -500 }, DonationMessages.amountTooSmall],
    [{ amount_cents: 150 }, DonationMessages.amountNotWholeDollars],
    [{ amount_cents: 100.5 }, DonationMessages.amountNotInteger],
    [{ amount_cents: '500' }, DonationMessages.amountNotInteger],
    [{}, DonationMessages.amountNotInteger],
    [{ amount_cents: 1e15 }, DonationMessages.amountTooLarge],
    [{ amount_cents: 500, email: 'not-an-email' }, DonationMessages.invalidEmail],
    [{ amount_cents: 500, email: 'a\u0000@example.org' }, undefined],
    [{ amount_cents: 500, donorName: 'x'.repeat(41) }, DonationMessages.donorNameTooLong],
    [{ amount_cents: 500, donorName: ' charity  ARENA ' }, DonationMessages.donorNameReserved],
    [{ amount_cents: 500, donorName: 'Anonymous donor' }, DonationMessages.donorNameReserved],
    [{ amount_cents: 500, donorName: 'Ada\u0000' }, 'NUL characters'],
    [{ amount_cents: 500, donorName: 'Ada \u202Eevil' }, 'invisible or control characters'],
    [{ amount_cents: 500, donorName: 'give at bit.ly' }, 'links or email addresses'],
    [{ amount_cents: 500, donorName: 42 }, undefined],
  ])('refuses %j with a 400', async (body, message) => {
    const answer = await checkout(body);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual(expect.objectContaining({ success: false, statusCode: 400 }));
    if (message) expect(answer.body.message).toContain(message);
  });

  it('refuses a gift to a charity that cannot take payouts yet', async () => {
    const answer = await checkout({ amount_cents: 500, charityEin: '53-0196605' });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(DonationMessages.charityNotVerified);
  });

  it("answers the local provider's checkout page for a good gift, and the page serves it", async () => {
    const answer = await checkout({ amount_cents: 2500, email: 'giver@example.org', donorName: '  Giver  ' });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      ok: true,
      url: expect.stringContaining(`/api/payments/local/checkout/${answer.body.sessionId}`),
      sessionId: expect.stringMatching(/^cs_/),
    });
    const page = await fetch(answer.body.url.replace(/^https?:\/\/[^/]+/, harness.baseUrl));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('$25');
  });

  it('limits checkouts per client address, without touching another address', async () => {
    const from = '203.0.113.9';
    for (let i = 0; i < 3; i++) expect((await checkout({ amount_cents: 500 }, from)).status).toBe(200);
    const limited = await checkout({ amount_cents: 500 }, from);
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe(DonationMessages.tooManyCheckouts);
    expect((await checkout({ amount_cents: 500 }, '203.0.113.10')).status).toBe(200);
  });

  it('directs a prize balance only for a signed-in member, a verified charity and an amount above 0', async () => {
    const request = (body: unknown, headers: Record<string, string> = ada.auth) =>
      harness.call('POST', '/donations/payout-requests', body, headers);
    const good = { requestId: randomUUID(), charityEin: '530196605', amountCents: 500 };
    expect((await request(good, {})).status).toBe(401);
    for (const body of [
      { ...good, amountCents: 0 },
      { ...good, amountCents: -5 },
      { ...good, amountCents: 1.5 },
      { ...good, charityEin: '' },
      { ...good, requestId: 'not-a-uuid' },
    ]) {
      const answer = await request(body);
      expect(answer.status).toBe(400);
    }
    // A charity without a verified payout account cannot be directed to.
    const unverified = await request(good);
    expect(unverified.status).toBe(400);
    expect(unverified.body.message).toBe(DonationMessages.invalidCharityAndAmount);
  });

  describe('the paid-gift webhook', () => {
    const paidGift = (sessionId: string) => ({
      id: `evt_storm_${randomUUID().replace(/-/g, '')}`,
      object: 'event',
      api_version: STRIPE_API_VERSION,
      type: 'checkout.session.completed',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: {
        object: {
          id: sessionId,
          object: 'checkout.session',
          amount_total: 3000,
          currency: 'usd',
          customer_details: { email: 'storm@example.org' },
          customer_email: 'storm@example.org',
          payment_intent: `pi_${sessionId}`,
          payment_status: 'paid',
          status: 'complete',
          metadata: { kind: 'gift' },
        },
      },
    });
    const post = (payload: string, signature: string) =>
      fetch(`${harness.baseUrl}/api/stripe/webhooks`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body: payload,
      });
    const received = async (sessionId: string) =>
      Number(
        (
          await sql<{ count: string }>`
            SELECT count(*) AS count FROM events
            WHERE event_type = 'DonationReceived' AND data->>'checkoutSessionId' = ${sessionId}`.execute(
            harness.database.db,
          )
        ).rows[0]!.count,
      );

    it('records one gift however often, and however concurrently, the provider sends it', async () => {
      const sessionId = `cs_storm_${randomUUID().replace(/-/g, '')}`;
      const { payload, signature } = signedEvent(webhookSecret(harness.config), paidGift(sessionId));
      const answers = await Promise.all(Array.from({ length: 50 }, () => post(payload, signature)));
      // Deliveries that found the event mid-apply are told to retry (5xx); the retry is a no-op.
      expect(answers.filter((answer) => answer.status === 200).length).toBeGreaterThan(0);
      expect((await post(payload, signature)).status).toBe(200);
      expect(await received(sessionId)).toBe(1);
    });

    it('records the name the donor chose with the gift, and none for an anonymous one (issue 23 item 12)', async () => {
      const gift = async (metadata: Record<string, string>) => {
        const sessionId = `cs_named_${randomUUID().replace(/-/g, '')}`;
        const event = paidGift(sessionId);
        event.data.object.metadata = metadata as { kind: 'gift' };
        const { payload, signature } = signedEvent(webhookSecret(harness.config), event);
        expect((await post(payload, signature)).status).toBe(200);
        const { rows } = await sql<{ data: { donorName?: string | null } }>`
          SELECT data FROM events WHERE event_type = 'DonationReceived'
          AND data->>'checkoutSessionId' = ${sessionId}`.execute(harness.database.db);
        return rows.map((row) => row.data.donorName);
      };
      expect(await gift({ kind: 'gift', donorName: 'Storm the Castle' })).toEqual(['Storm the Castle']);
      expect(await gift({ kind: 'gift' })).toEqual([null]);
      expect(await gift({ kind: 'gift', donorName: '   ' })).toEqual([null]);
    });

    it('writes nothing for a forged, stale or re-serialised webhook', async () => {
      const secret = webhookSecret(harness.config);
      const forgedSession = `cs_forged_${randomUUID().replace(/-/g, '')}`;
      const forged = signedEvent('whsec_someoneelsessecret0000', paidGift(forgedSession));
      expect((await post(forged.payload, forged.signature)).status).toBe(400);

      const staleSession = `cs_stale_${randomUUID().replace(/-/g, '')}`;
      const stale = signedEvent(secret, paidGift(staleSession), {
        timestamp: Math.floor(Date.now() / 1000) - 3600,
      });
      expect((await post(stale.payload, stale.signature)).status).toBe(400);

      const reSession = `cs_reserialised_${randomUUID().replace(/-/g, '')}`;
      const event = paidGift(reSession);
      const signature = Stripe.webhooks.generateTestHeaderString({ payload: JSON.stringify(event), secret });
      expect((await post(JSON.stringify(event, null, 2), signature)).status).toBe(400);

      for (const sessionId of [forgedSession, staleSession, reSession])
        expect(await received(sessionId)).toBe(0);
    });
  });

  describe("a gift's charge after it was paid (issue 20)", () => {
    const uid = () => randomUUID().replace(/-/g, '');
    const at = () => Math.floor(Date.now() / 1000);
    const envelope = (type: string, object: object) => ({
      id: `evt_charge_${uid()}`,
      object: 'event',
      api_version: STRIPE_API_VERSION,
      type,
      created: at(),
      livemode: false,
      data: { object },
    });
    const session = (sessionId: string, paymentStatus: 'paid' | 'unpaid', memberId?: string) => ({
      id: sessionId,
      object: 'checkout.session',
      mode: 'payment',
      amount_total: 4000,
      currency: 'usd',
      customer_details: { email: 'charge@example.org' },
      customer_email: 'charge@example.org',
      payment_intent: `pi_${sessionId}`,
      payment_status: paymentStatus,
      status: 'complete',
      metadata: { kind: 'gift', ...(memberId ? { memberId } : {}) },
    });
    // As Stripe sends a Checkout payment's charge: the payment intent's metadata (with a signed-in donor's
    // memberId), no invoice, no customer.
    const charge = (sessionId: string, amountRefunded: number, memberId?: string) => ({
      id: `ch_${sessionId}`,
      object: 'charge',
      amount: 4000,
      amount_refunded: amountRefunded,
      refunded: amountRefunded === 4000,
      customer: null,
      payment_intent: `pi_${sessionId}`,
      metadata: { kind: 'gift', ...(memberId ? { memberId } : {}) },
      refunds: { object: 'list', data: [], has_more: false },
    });
    const disputeOf = (sessionId: string, status: string) => ({
      id: `du_${sessionId}`,
      object: 'dispute',
      amount: 4000,
      charge: `ch_${sessionId}`,
      payment_intent: `pi_${sessionId}`,
      currency: 'usd',
      metadata: {},
      reason: 'fraudulent',
      status,
      balance_transactions: [],
    });
    const send = (event: Record<string, unknown>) => {
      const { payload, signature } = signedEvent(webhookSecret(harness.config), event);
      return fetch(`${harness.baseUrl}/api/stripe/webhooks`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body: payload,
      });
    };
    const eventsOf = async (sessionId: string) =>
      (
        await sql<{ event_type: string; data: Record<string, unknown> }>`
          SELECT e.event_type, e.data FROM events e
          WHERE e.stream_id = (SELECT stream_id FROM events
            WHERE event_type = 'DonationReceived' AND data->>'checkoutSessionId' = ${sessionId})
          ORDER BY e.stream_revision`.execute(harness.database.db)
      ).rows;
    const billingRefunds = async (chargeId: string) =>
      Number(
        (
          await sql<{ count: string }>`SELECT count(*) AS count FROM events
            WHERE event_type = 'PaymentRefunded' AND data->>'chargeId' = ${chargeId}`.execute(
            harness.database.db,
          )
        ).rows[0]!.count,
      );

    it("books a signed-in donor's refund once, on the gift, however often it is sent; billing leaves it", async () => {
      const sessionId = `cs_refund_${uid()}`;
      expect(
        (await send(envelope('checkout.session.completed', session(sessionId, 'paid', ada.id)))).status,
      ).toBe(200);
      const partial = envelope('charge.refunded', charge(sessionId, 1500, ada.id));
      const answers = await Promise.all(Array.from({ length: 20 }, () => send(partial)));
      expect(answers.filter((answer) => answer.status === 200).length).toBeGreaterThan(0);
      expect((await send(partial)).status).toBe(200);
      expect((await send(envelope('charge.refunded', charge(sessionId, 4000, ada.id)))).status).toBe(200);
      // An older report after the whole refund adds nothing.
      expect((await send(envelope('charge.refunded', charge(sessionId, 1500, ada.id)))).status).toBe(200);
      const refunds = (await eventsOf(sessionId)).filter((event) => event.event_type === 'GiftRefunded');
      expect(refunds.map((event) => [event.data.amountCents, event.data.totalRefundedCents])).toEqual([
        [1500, 1500],
        [2500, 4000],
      ]);
      expect(await billingRefunds(`ch_${sessionId}`)).toBe(0);
    });

    it('refuses a refund reported before its gift was recorded (retried), and books it after', async () => {
      const sessionId = `cs_early_${uid()}`;
      const early = envelope('charge.refunded', charge(sessionId, 4000));
      expect((await send(early)).status).toBeGreaterThanOrEqual(500);
      expect((await send(envelope('checkout.session.completed', session(sessionId, 'paid')))).status).toBe(
        200,
      );
      expect((await send(early)).status).toBe(200);
      expect((await eventsOf(sessionId)).map((event) => event.event_type)).toEqual([
        'DonationReceived',
        'GiftRefunded',
      ]);
    });

    it('refuses refunds over the gift (retried, nothing written)', async () => {
      const sessionId = `cs_over_${uid()}`;
      await send(envelope('checkout.session.completed', session(sessionId, 'paid')));
      expect(
        (await send(envelope('charge.refunded', { ...charge(sessionId, 4001), amount: 4001 }))).status,
      ).not.toBe(200);
      expect((await eventsOf(sessionId)).map((event) => event.event_type)).toEqual(['DonationReceived']);
    });

    it('books a dispute and its outcome on the gift; a close before its dispute is retried', async () => {
      const sessionId = `cs_dispute_${uid()}`;
      await send(envelope('checkout.session.completed', session(sessionId, 'paid')));
      const lost = envelope('charge.dispute.closed', disputeOf(sessionId, 'lost'));
      expect((await send(lost)).status).toBeGreaterThanOrEqual(500);
      expect(
        (await send(envelope('charge.dispute.created', disputeOf(sessionId, 'needs_response')))).status,
      ).toBe(200);
      expect((await send(lost)).status).toBe(200);
      expect((await eventsOf(sessionId)).map((event) => [event.event_type, event.data.outcome])).toEqual([
        ['DonationReceived', undefined],
        ['GiftDisputed', undefined],
        ['GiftDisputeClosed', 'lost'],
      ]);
    });

    it('leaves a charge of no gift alone (no kind, no recorded payment intent)', async () => {
      const stranger = { ...charge(`cs_none_${uid()}`, 4000), metadata: {} };
      expect((await send(envelope('charge.refunded', stranger))).status).toBe(200);
    });

    it('receives a bank-debit gift on async_payment_succeeded only, never on its unpaid completion', async () => {
      const sessionId = `cs_ach_${uid()}`;
      expect((await send(envelope('checkout.session.completed', session(sessionId, 'unpaid')))).status).toBe(
        200,
      );
      expect(await eventsOf(sessionId)).toEqual([]);
      const succeeded = envelope('checkout.session.async_payment_succeeded', session(sessionId, 'paid'));
      expect((await send(succeeded)).status).toBe(200);
      expect((await send(succeeded)).status).toBe(200);
      expect((await eventsOf(sessionId)).map((event) => event.event_type)).toEqual(['DonationReceived']);
      const failed = `cs_achfail_${uid()}`;
      expect(
        (await send(envelope('checkout.session.async_payment_failed', session(failed, 'unpaid')))).status,
      ).toBe(200);
      expect(
        (
          await send(
            envelope('checkout.session.expired', { ...session(failed, 'unpaid'), status: 'expired' }),
          )
        ).status,
      ).toBe(200);
      expect(await eventsOf(failed)).toEqual([]);
    });
  });
});
