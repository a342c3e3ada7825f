import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Module, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { SMTPServer } from 'smtp-server';
import { ConfigModule, type AppConfig } from '@arena/config';
import { DatabaseModule } from '@arena/database';
import { CLOCK, type Clock } from '@arena/identity';
import { JobsModule, JobWorkersModule } from '@arena/jobs';
import { EmailDeliveryProcessor, NotificationsModule, SmsDeliveryProcessor } from '@arena/notifications';
import { RedisModule } from '@arena/redis';
import { clearRedisPrefix, createTestDatabase, testAppConfig, type TestDatabase } from '@arena/testing';
import { createApiApp } from '../../apps/api/src/bootstrap';
import { projectEvents } from '@arena/projection-runner/testing';
import { projectors } from '@arena/projections/registry';

export interface Delivered {
  to: string;
  text: string;
}

/** A real SMTP server on a free port that keeps every message it accepts. */
export async function startSmtpServer(): Promise<{
  url: string;
  messages: Delivered[];
  close(): Promise<void>;
}> {
  const messages: Delivered[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        // Undo quoted-printable soft breaks so a code is never split across lines.
        const text = Buffer.concat(chunks)
          .toString('utf8')
          .replace(/=\r?\n/g, '');
        for (const recipient of session.envelope.rcptTo) messages.push({ to: recipient.address, text });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** An SMS provider's HTTP endpoint, as the HTTP SMS adapter calls it. */
export async function startSmsProvider(): Promise<{
  url: string;
  messages: Delivered[];
  close(): Promise<void>;
}> {
  const messages: Delivered[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      if (request.headers.authorization !== 'Bearer sms-test-key') {
        response.writeHead(401).end();
        return;
      }
      const { to, text } = JSON.parse(body) as { to: string; text: string };
      messages.push({ to, text });
      response.writeHead(202, { 'content-type': 'application/json' }).end('{"queued":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/messages`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Only what delivers notifications: the worker's job workers for the notifications queue. */
function deliveryWorkerModule(config: AppConfig) {
  @Module({
    imports: [
      ConfigModule.forRoot(config),
      DatabaseModule,
      RedisModule,
      JobsModule,
      JobWorkersModule.register({
        imports: [NotificationsModule],
        handlers: [EmailDeliveryProcessor, SmsDeliveryProcessor],
      }),
    ],
  })
  class DeliveryWorkerModule {}
  return DeliveryWorkerModule;
}

export interface IdentityHarness {
  /** The composed API, for specs that read its routes. */
  app: NestFastifyApplication;
  config: AppConfig;
  database: TestDatabase;
  baseUrl: string;
  /** Moves the identity context's clock; real time otherwise. */
  advanceClock(ms: number): void;
  resetClock(): void;
  call(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: any; headers: Headers }>;
  close(): Promise<void>;
}

/** The real API (createApiApp) and a delivery worker over a fresh database and a private Redis prefix. */
export async function startIdentityHarness(env: Record<string, string>): Promise<IdentityHarness> {
  const database = await createTestDatabase();
  // Every read model exists, empty, as the worker leaves them: guarded routes that read one (a
  // member's game stats) answer as they do in production, not with a missing table.
  for (const projector of projectors) await projectEvents(database.db, projector, []);
  const config = testAppConfig(database.url, { TRUST_PROXY: '1', ...env });
  const api: NestFastifyApplication = await createApiApp(config);
  await api.listen(0, '127.0.0.1');
  const baseUrl = (await api.getUrl()).replace('[::1]', '127.0.0.1');
  const worker: INestApplicationContext = await NestFactory.createApplicationContext(
    deliveryWorkerModule(config),
    {
      logger: false,
    },
  );
  await worker.init();

  let offsetMs = 0;
  const clock = api.get<Clock>(CLOCK, { strict: false });
  const spy = jest.spyOn(clock, 'now').mockImplementation(() => new Date(Date.now() + offsetMs));

  return {
    app: api,
    config,
    database,
    baseUrl,
    advanceClock: (ms) => (offsetMs += ms),
    resetClock: () => (offsetMs = 0),
    async call(method, path, body, headers = {}) {
      const response = await fetch(`${baseUrl}/api${path}`, {
        method,
        headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: await response.json(), headers: response.headers };
    },
    async close() {
      spy.mockRestore();
      await worker.close();
      await api.close();
      await clearRedisPrefix(config.REDIS_PREFIX);
      await database.drop();
    },
  };
}

export async function eventually<T>(
  probe: () => T | undefined | Promise<T | undefined>,
  what: string,
  timeoutMs = 10_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
