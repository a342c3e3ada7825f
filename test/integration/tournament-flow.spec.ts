import { randomUUID } from 'node:crypto';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Queue } from 'bullmq';
import { bullPrefix, createBullConnection, JobName, QueueName } from '@arena/jobs';
import { io, type Socket } from 'socket.io-client';
import type { AppConfig } from '@arena/config';
import { createMember, type TestMember } from '@arena/identity/testing';
import {
  apiCaller,
  createTestDatabase,
  clearRedisPrefix,
  TEST_REDIS_URL,
  testAppConfig,
  type TestDatabase,
} from '@arena/testing';
import { createApiApp } from '../../apps/api/src/bootstrap';
import { WorkerModule } from '../../apps/worker/src/worker.module';
import { tournamentRoom, type LeaderboardMessage } from '@arena/contracts';
import { eventually } from './identity-harness';

/**
 * The product's central flow through the composed processes: the API takes commands, the worker
 * projects them and runs the schedule, the gateway pushes the fresh leaderboard over socket.io.
 */
describe('tournament flow: API → event store → projections → socket.io', () => {
  const ADMIN_KEY = 'a'.repeat(40);
  let database: TestDatabase;
  let config: AppConfig;
  let api: NestFastifyApplication;
  let worker: INestApplicationContext;
  let baseUrl: string;
  let socket: Socket;
  let players: TestMember[];

  const call = apiCaller(() => baseUrl);

  const createTournament = async (overrides: Record<string, unknown>) => {
    const created = await call(
      'POST',
      '/admin/tournaments',
      {
        title: 'Friday Reflex Cup',
        description: 'Fastest hands win the day for their charity.',
        mode: 'INSTANT',
        format: 'SCORE_ATTACK',
        prizeModel: 'WINNER_TAKES_ALL',
        prizePoolCents: 2500,
        maxParticipants: 10,
        rules: 'Best score counts.\nTies go to the earliest high score.',
        game: {
          slug: 'reflex',
          name: 'Reflex',
          integrationUrl: '/games/reflex',
          maxScore: 100_000,
          external: true,
        },
        ...overrides,
      },
      ADMIN_KEY,
    );
    expect(created.status).toBe(201);
    const id = created.body.data.id as string;
    await eventually(
      async () => ((await call('GET', `/tournaments/${id}`)).status === 200 ? true : undefined),
      'catalog',
    );
    return id;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    config = testAppConfig(database.url, { ADMIN_API_KEY: ADMIN_KEY });
    api = await createApiApp(config);
    await api.listen(0, '127.0.0.1');
    baseUrl = await api.getUrl();
    baseUrl = baseUrl.replace('[::1]', '127.0.0.1');
    worker = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), {
      logger: process.env.DEBUG_FLOW ? undefined : false,
    });
    await worker.init();
    players = await Promise.all(
      ['alice', 'bob', 'carol'].map((username) =>
        createMember(database.db, config.JWT_ACCESS_SECRET, { username }),
      ),
    );
  });

  afterAll(async () => {
    socket?.disconnect();
    await worker?.close();
    await api?.close();
    await clearRedisPrefix(config.REDIS_PREFIX);
    await database?.drop();
  });

  it('ranks scores live: joins, best score counts, ties go to the earliest high score, pushed over socket.io', async () => {
    const id = await createTournament({});
    const [alice, bob, carol] = players as [TestMember, TestMember, TestMember];

    socket = io(baseUrl, { path: '/socket.io', transports: ['websocket'] });
    const messages: LeaderboardMessage[] = [];
    socket.on('leaderboard', (message: LeaderboardMessage) => messages.push(message));
    const joined = await socket.timeout(5000).emitWithAck('join', tournamentRoom(id));
    expect(joined).toEqual({ ok: true });

    for (const player of [alice, bob, carol]) {
      const join = await call('POST', `/tournaments/${id}/join`, {}, player.accessToken);
      expect(join.status).toBeLessThan(300);
    }
    const again = await call('POST', `/tournaments/${id}/join`, {}, alice.accessToken);
    expect(again.status).toBeLessThan(300);

    // alice: 400 then 900 (her best, reached last); bob 900 first; carol 650.
    for (const [player, score] of [
      [alice, 400],
      [bob, 900],
      [carol, 650],
      [alice, 900],
      [carol, 100],
    ] as const) {
      const submitted = await call('POST', `/tournaments/${id}/scores`, { score }, player.accessToken);
      expect(submitted.status).toBeLessThan(300);
    }

    const expected = [
      { rank: 1, username: 'bob', score: 900 },
      { rank: 2, username: 'alice', score: 900 },
      { rank: 3, username: 'carol', score: 650 },
    ];
    const pushed = await eventually(
      async () =>
        messages.find(
          (m) => m.entries.length === 3 && m.entries[0]?.score === 900 && m.entries[1]?.score === 900,
        ),
      'the leaderboard message',
    );
    expect(pushed.tournamentId).toBe(id);
    expect(pushed.entries.map(({ rank, username, score }) => ({ rank, username, score }))).toEqual(expected);

    const detail = await call('GET', `/tournaments/${id}`, undefined, alice.accessToken);
    expect(detail.status).toBe(200);
    // The message carries what the page shows, so the page needs no refetch.
    expect(pushed.entries).toEqual(detail.body.data.leaderboard);
    expect(detail.body.data.isUserJoined).toBe(true);
    expect(detail.body.data.participantCount).toBe(3);
    expect(
      detail.body.data.leaderboard.map(({ rank, username, score }: any) => ({ rank, username, score })),
    ).toEqual(expected);
  });

  it('answers bad input with clear 4xx and writes nothing', async () => {
    const id = await createTournament({ title: 'Input checks' });
    const [alice, bob] = players as [TestMember, TestMember];
    await call('POST', `/tournaments/${id}/join`, {}, alice.accessToken);

    expect(await call('GET', `/tournaments/${randomUUID()}`)).toMatchObject({
      status: 404,
      body: { message: 'Tournament not found' },
    });
    expect((await call('GET', '/tournaments/not-a-uuid')).status).toBe(404);
    expect((await call('POST', `/tournaments/${id}/join`, {})).status).toBe(401);

    const notJoined = await call('POST', `/tournaments/${id}/scores`, { score: 10 }, bob.accessToken);
    expect(notJoined.status).toBe(403);
    expect(notJoined.body.message).toMatch(/join/i);

    for (const score of [-1, 1.5, 100_001, '12', null]) {
      const bad = await call('POST', `/tournaments/${id}/scores`, { score }, alice.accessToken);
      expect(bad.status).toBe(400);
    }
    const malformed = await fetch(`${baseUrl}/api/tournaments/${id}/scores`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${alice.accessToken}` },
      body: '{"score": ',
    });
    expect(malformed.status).toBe(400);

    const board = await call('GET', `/tournaments/${id}`);
    expect(board.body.data.leaderboard).toEqual([]);
  });

  it('starts and ends a scheduled tournament at its times through the worker', async () => {
    const start = new Date(Date.now() + 1500);
    const end = new Date(Date.now() + 4000);
    const id = await createTournament({
      title: 'Scheduled sprint',
      mode: 'SCHEDULED',
      tournamentStart: start.toISOString(),
      tournamentEnd: end.toISOString(),
    });
    const [alice] = players as [TestMember];
    expect((await call('GET', `/tournaments/${id}`)).body.data.status).toBe('UPCOMING');
    await call('POST', `/tournaments/${id}/join`, {}, alice.accessToken);
    const early = await call('POST', `/tournaments/${id}/scores`, { score: 5 }, alice.accessToken);
    expect(early.status).toBe(409);

    await eventually(
      async () =>
        (await call('GET', `/tournaments/${id}`)).body.data.status === 'ACTIVE' ? true : undefined,
      'the start',
    );
    expect(
      (await call('POST', `/tournaments/${id}/scores`, { score: 42 }, alice.accessToken)).status,
    ).toBeLessThan(300);
    await eventually(
      async () =>
        (await call('GET', `/tournaments/${id}`)).body.data.status === 'COMPLETED' ? true : undefined,
      'the end',
    );
    const late = await call('POST', `/tournaments/${id}/scores`, { score: 50 }, alice.accessToken);
    expect(late.status).toBe(409);
  });

  it('has the worker schedule its periodic jobs once, however often it starts', async () => {
    const second = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), {
      logger: false,
    });
    await second.init();
    await second.close();
    const connection = createBullConnection(TEST_REDIS_URL);
    const queue = new Queue(QueueName.Maintenance, { connection, prefix: bullPrefix(config) });
    try {
      const schedulers = await queue.getJobSchedulers();
      expect(schedulers.map((scheduler) => [scheduler.key, scheduler.every]).sort()).toEqual(
        [
          [JobName.PurgeExpiredSignIns, 3_600_000],
          [JobName.RecheckPaymentAccounts, 900_000],
        ].sort(),
      );
    } finally {
      await queue.close();
      await connection.quit();
    }
  });
});
