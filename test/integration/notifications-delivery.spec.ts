import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Module, NotFoundException, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ConfigModule, type AppConfig } from '@arena/config';
import { DatabaseModule } from '@arena/database';
import { JobsModule, JobsService, QueueName } from '@arena/jobs';
import {
  EmailDeliveryProcessor,
  NotificationDeliveryModule,
  NotificationsService,
  OutboxRelayService,
  SmsDeliveryProcessor,
} from '@arena/notifications';
import { RedisModule } from '@arena/redis';
import { clearRedisPrefix, createTestDatabase, testAppConfig, type TestDatabase } from '@arena/testing';
import { DevMailboxController } from '../../libs/notifications/src/infrastructure/dev-mailbox.controller';
import { eventually, startIdentityHarness, startSmtpServer, type IdentityHarness } from './identity-harness';

describe('notifications: local outbox driver and the dev mailbox', () => {
  let harness: IdentityHarness;

  beforeAll(async () => (harness = await startIdentityHarness({})));
  afterAll(() => harness?.close());

  it('keeps both sign-up codes in the outbox, delivers them locally and lists them at /api/dev/mailbox', async () => {
    const tag = randomUUID().slice(0, 8);
    const email = `local.${tag}@example.org`;
    const phone = `+4479${String(Date.now()).slice(-8)}`;
    const started = await harness.call('POST', '/auth/signup', {
      username: `local_${tag}`,
      email,
      phoneNumber: phone,
      acceptedTerms: true,
      confirmedAdultInUs: true,
    });
    expect(started.status).toBe(200);

    const mailbox = await eventually(async () => {
      const answer = await harness.call('GET', '/dev/mailbox');
      const mine = answer.body.data.messages.filter((m: { to: string }) => m.to === email || m.to === phone);
      return mine.length === 2 && mine.every((m: { deliveredAt: string | null }) => m.deliveredAt)
        ? answer
        : undefined;
    }, 'both codes delivered by the local driver');
    expect(mailbox.body.data.channels).toEqual(['email', 'sms']);
    const bodies = mailbox.body.data.messages.map((m: { channel: string; body: string }) => [
      m.channel,
      m.body,
    ]);
    expect(bodies).toEqual(
      expect.arrayContaining([
        ['email', expect.stringMatching(/verification code is \d{6}\./)],
        ['sms', expect.stringMatching(/code: \d{6} /)],
      ]),
    );
    const rows = await harness.database.db
      .selectFrom('notification_outbox')
      .select(['delivered_by', 'attempts'])
      .where('recipient', 'in', [email, phone])
      .execute();
    expect(rows).toEqual([
      { delivered_by: 'local-outbox', attempts: 1 },
      { delivered_by: 'local-outbox', attempts: 1 },
    ]);
  });
});

describe('notifications: delivery jobs with real providers', () => {
  let database: TestDatabase;
  let config: AppConfig;
  let module: INestApplicationContext;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let smsServer: Server;
  let smsStatus = 503;
  const smsReceived: string[] = [];

  beforeAll(async () => {
    smtp = await startSmtpServer();
    smsServer = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        if (smsStatus < 300) smsReceived.push(body);
        response.writeHead(smsStatus).end(smsStatus < 300 ? '{}' : 'provider down');
      });
    });
    await new Promise<void>((resolve) => smsServer.listen(0, '127.0.0.1', resolve));
    database = await createTestDatabase(2);
    config = testAppConfig(database.url, {
      SMTP_URL: smtp.url,
      SMS_PROVIDER_URL: `http://127.0.0.1:${(smsServer.address() as AddressInfo).port}/sms`,
    });
    @Module({
      imports: [
        ConfigModule.forRoot(config),
        DatabaseModule,
        RedisModule,
        JobsModule,
        NotificationDeliveryModule,
      ],
    })
    class ProvidersConfiguredModule {}
    module = await NestFactory.createApplicationContext(ProvidersConfiguredModule, { logger: false });
    await module.init();
  });

  afterAll(async () => {
    await module?.close();
    await clearRedisPrefix(config.REDIS_PREFIX);
    await database?.drop();
    await smtp?.close();
    await new Promise((resolve) => smsServer?.close(resolve));
  });

  it('sends an email once even when its job runs twice', async () => {
    const id = await module.get(NotificationsService).sendEmail({
      to: 'twice@example.org',
      subject: 'Once only',
      text: 'Delivered exactly once.',
    });
    const processor = module.get(EmailDeliveryProcessor);
    await expect(processor.handle({ messageId: id })).resolves.toBe(`delivered email message ${id} by smtp`);
    await expect(processor.handle({ messageId: id })).resolves.toBe(
      `email message ${id} was already delivered`,
    );
    expect(smtp.messages.filter((m) => m.to === 'twice@example.org')).toHaveLength(1);
    expect(smtp.messages[0]!.text).toContain('Delivered exactly once.');
  });

  it('records a failed SMS attempt and lets the retry deliver it', async () => {
    const id = await module.get(NotificationsService).sendSms({ to: '+15550001111', text: 'Retry me' });
    const processor = module.get(SmsDeliveryProcessor);
    smsStatus = 503;
    await expect(processor.handle({ messageId: id })).rejects.toThrow(
      'SMS provider answered 503: provider down',
    );
    const failed = await database.db
      .selectFrom('notification_outbox')
      .select(['attempts', 'last_error', 'delivered_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(failed).toEqual({
      attempts: 1,
      last_error: 'SMS provider answered 503: provider down',
      delivered_at: null,
    });

    smsStatus = 202;
    await expect(processor.handle({ messageId: id })).resolves.toBe(
      `delivered sms message ${id} by sms-provider`,
    );
    expect(smsReceived.map((body) => JSON.parse(body))).toEqual([
      { from: 'CharityArena', to: '+15550001111', text: 'Retry me' },
    ]);
  });

  it('has no dev mailbox when every channel has a provider', async () => {
    await expect(module.get(DevMailboxController).list()).rejects.toBeInstanceOf(NotFoundException);
  });

  it('re-queues a stored message whose delivery job never got queued, once it is a minute old', async () => {
    const id = randomUUID();
    await database.db
      .insertInto('notification_outbox')
      .values({
        id,
        channel: 'email',
        recipient: 'stranded@example.org',
        subject: 'Hi',
        body: 'Stranded',
        created_at: new Date(),
      })
      .execute();
    const relay = module.get(OutboxRelayService);
    const queue = module.get(JobsService).queue(QueueName.Notifications);
    await relay.sweep(new Date());
    await expect(queue.getJob(`email-${id}`)).resolves.toBeUndefined();

    await relay.sweep(new Date(Date.now() + 61_000));
    const job = await queue.getJob(`email-${id}`);
    expect(job?.data).toEqual({ messageId: id });
    await module.get(EmailDeliveryProcessor).handle({ messageId: id });
    await expect(relay.sweep(new Date(Date.now() + 120_000))).resolves.toBe(0);
  });
});
