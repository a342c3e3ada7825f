import { randomUUID } from 'node:crypto';
import type { INestApplicationContext } from '@nestjs/common';
import { PostgresEventStore } from '@arena/event-store';
import { signAccessToken } from '@arena/identity';
import { WEBHOOK_PATHS, webhookEndpointOf, webhookSecretOf } from '@arena/payments';
import { ProjectionRunner, defaultRunnerOptions, ensureProjection } from '@arena/projection-runner';
import { silentLogger } from '@arena/projection-runner/testing';
import { projectors } from '@arena/projections/registry';
import { signedEvent, startPaymentsApi, startPaymentsWorker, type PaymentsHarness } from './payments.harness';

export interface Member {
  id: string;
  auth: { authorization: string };
}

export interface CharityOnboardingHarness extends PaymentsHarness {
  store: PostgresEventStore;
  member(name: string): Promise<Member>;
  call(
    method: 'GET' | 'POST',
    url: string,
    member?: Member,
    payload?: unknown,
  ): Promise<{ status: number; body: any }>;
  /** Fills in and submits the local driver's hosted form behind a verificationUrl; answers the redirect. */
  completeLocalOnboarding(verificationUrl: string): Promise<string>;
  /** POSTs an event to the webhook endpoint, signed with `secret` (the real one by default). */
  postWebhook(event: Record<string, unknown>, secret?: string): Promise<number>;
  /** The newest message's 6-digit code sent to this address (the local outbox, /dev/mailbox). */
  codeSentTo(email: string): Promise<string>;
  eventsOf(ein: string): Promise<string[]>;
  eventually<T>(check: () => Promise<T>, timeoutMs?: number): Promise<T>;
}

/**
 * The real API (with the local payments driver) listening on its PUBLIC_URL, the worker's payment event
 * delivery (which POSTs signed webhooks to that API) and a projection runner feeding the read models.
 */
export async function startCharityOnboardingHarness(
  env: Record<string, string> = {},
): Promise<CharityOnboardingHarness> {
  const api = await startPaymentsApi(env);
  let worker: INestApplicationContext | undefined;
  let runner: ProjectionRunner | undefined;
  const store = new PostgresEventStore({
    connectionString: api.database.url,
    poolSize: 3,
    pollIntervalMs: 100,
  });
  try {
    worker = await startPaymentsWorker(api.config);
    for (const projector of projectors) await ensureProjection(api.database.db, projector);
    runner = new ProjectionRunner(
      {
        db: api.database.db,
        eventStore: store,
        lockConnectionString: api.database.url,
        logger: silentLogger,
        options: { ...defaultRunnerOptions, pollIntervalMs: 50, lockRetryMs: 100 },
      },
      projectors,
    );
    runner.start();
  } catch (error) {
    await worker?.close();
    await store.close();
    await api.close();
    throw error;
  }

  const inject = api.api.inject.bind(api.api);
  return {
    ...api,
    store,
    async member(name) {
      const id = randomUUID();
      const username = `${name}${id.slice(0, 6)}`;
      await api.database.db
        .insertInto('accounts')
        .values({
          id,
          username,
          email: `${username}@example.org`,
          phone_number: `+1555${Math.floor(Math.random() * 1e7)}`,
          referral_code: id.slice(0, 12),
        })
        .execute();
      const token = await signAccessToken(api.config.JWT_ACCESS_SECRET, {
        sub: id,
        username,
        sid: randomUUID(),
      });
      return { id, auth: { authorization: `Bearer ${token}` } };
    },
    async call(method, url, member, payload) {
      const response = await inject({
        method,
        url: `/api${url}`,
        headers: member ? member.auth : {},
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
      return { status: response.statusCode, body: response.json() };
    },
    async completeLocalOnboarding(verificationUrl) {
      const url = new URL(verificationUrl);
      const page = await inject({ method: 'GET', url: `${url.pathname}${url.search}` });
      if (page.statusCode !== 200) throw new Error(`onboarding form answered ${page.statusCode}`);
      const submitted = await inject({
        method: 'POST',
        url: url.pathname,
        payload: new URLSearchParams({
          link: url.searchParams.get('link') ?? '',
          representativeName: 'Dana Ortiz',
          routingNumber: '110000000',
          accountNumber: '000123456789',
          acceptedTerms: 'yes',
          action: 'submit',
        }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      if (submitted.statusCode !== 303) throw new Error(`onboarding submit answered ${submitted.statusCode}`);
      return String(submitted.headers.location);
    },
    async postWebhook(event, secret) {
      // To the endpoint Stripe sends it to (Connect when it carries `account`), signed with its secret.
      const endpoint = webhookEndpointOf(event);
      const { payload, signature } = signedEvent(secret ?? webhookSecretOf(endpoint, api.config), event);
      const response = await inject({
        method: 'POST',
        url: WEBHOOK_PATHS[endpoint],
        payload,
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
      });
      return response.statusCode;
    },
    async codeSentTo(email) {
      const row = await api.database.db
        .selectFrom('notification_outbox')
        .select(['body'])
        .where('recipient', '=', email)
        .orderBy('created_at', 'desc')
        .executeTakeFirstOrThrow();
      const code = /\b(\d{6})\b/.exec(String(row.body))?.[1];
      if (!code) throw new Error(`No code in the message to ${email}`);
      return code;
    },
    async eventsOf(ein) {
      return (await store.readStream(`charity-${ein}`)).map((event) => event.type);
    },
    async eventually(check, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        try {
          return await check();
        } catch (error) {
          if (Date.now() > deadline) throw error;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
    },
    async close() {
      await runner?.stop();
      await worker?.close();
      await store.close();
      await api.close();
    },
  };
}
