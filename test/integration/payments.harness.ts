import { createServer } from 'node:net';
import { Module, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import Stripe from 'stripe';
import { ConfigModule, type AppConfig } from '@arena/config';
import { DatabaseModule } from '@arena/database';
import { JobsModule, JobWorkersModule } from '@arena/jobs';
import {
  LocalPaymentEventDeliveryProcessor,
  PaymentDeliveryModule,
  PaymentEventHandlers,
  PaymentsModule,
  STRIPE_API_VERSION,
  type PaymentEvent,
  type PaymentEventHandler,
} from '@arena/payments';
import { RedisModule } from '@arena/redis';
import { clearRedisPrefix, createTestDatabase, testAppConfig, type TestDatabase } from '@arena/testing';
import { createApiApp } from '../../apps/api/src/bootstrap';

/** A port free right now: the API's PUBLIC_URL must name it before the API starts (local webhooks go there). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A handler that records what it was given, optionally slow or failing. */
export class RecordingHandler implements PaymentEventHandler {
  readonly received: PaymentEvent[] = [];
  failNext = 0;
  delayMs = 0;

  constructor(readonly eventTypes: readonly string[]) {}

  async handle(event: PaymentEvent): Promise<void> {
    if (this.delayMs) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    if (this.failNext > 0) {
      this.failNext -= 1;
      throw new Error('handler down');
    }
    this.received.push(event);
  }
}

export interface PaymentsHarness {
  api: NestFastifyApplication;
  config: AppConfig;
  database: TestDatabase;
  baseUrl: string;
  handlers: PaymentEventHandlers;
  close(): Promise<void>;
}

/** The real API over a fresh database, listening on the PUBLIC_URL the local driver sends webhooks to. */
export async function startPaymentsApi(
  env: Record<string, string> = {},
  shared?: { database: TestDatabase; config: AppConfig },
): Promise<PaymentsHarness> {
  const database = shared?.database ?? (await createTestDatabase(4));
  const port = await freePort();
  const config = shared
    ? { ...shared.config, PUBLIC_URL: `http://127.0.0.1:${port}` }
    : testAppConfig(database.url, { PUBLIC_URL: `http://127.0.0.1:${port}`, ...env });
  const api = await createApiApp(config);
  await api.listen(port, '127.0.0.1');
  return {
    api,
    config,
    database,
    baseUrl: `http://127.0.0.1:${port}`,
    handlers: api.get(PaymentEventHandlers),
    async close() {
      await api.close();
      if (!shared) {
        await clearRedisPrefix(config.REDIS_PREFIX);
        await database.drop();
      }
    },
  };
}

/** An event as Stripe sends it, and its Stripe-Signature header made by the stripe package itself. */
export function signedEvent(
  secret: string,
  event: Record<string, unknown>,
  options: { timestamp?: number } = {},
): { payload: string; signature: string } {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret,
    timestamp: options.timestamp,
  });
  return { payload, signature };
}

export const accountUpdated = (id: string, charityId = 'charity-1') => ({
  id,
  object: 'event',
  api_version: STRIPE_API_VERSION,
  type: 'account.updated',
  created: Math.floor(Date.now() / 1000),
  livemode: false,
  data: {
    object: {
      id: 'acct_test_1',
      object: 'account',
      charges_enabled: true,
      payouts_enabled: true,
      details_submitted: true,
      metadata: { charityId },
    },
  },
});

/** The worker's part of payments alone: the local events' delivery jobs and the relay. */
export async function startPaymentsWorker(config: AppConfig): Promise<INestApplicationContext> {
  @Module({
    imports: [
      ConfigModule.forRoot(config),
      DatabaseModule,
      RedisModule,
      JobsModule,
      PaymentsModule.forRoot(config),
      PaymentDeliveryModule,
      JobWorkersModule.register({ imports: [], handlers: [LocalPaymentEventDeliveryProcessor] }),
    ],
  })
  class PaymentsWorkerModule {}
  const worker = await NestFactory.createApplicationContext(PaymentsWorkerModule, { logger: false });
  await worker.init();
  return worker;
}

export async function eventually<T>(
  probe: () => Promise<T | undefined>,
  what: string,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
