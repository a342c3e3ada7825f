/**
 * The web socket client across lost connections, against the composed processes: the API it is
 * connected to, a second API process taking the scores, and the worker projecting them. After a
 * network blip or a restart of its server it must rejoin its tournament rooms, catch up on what
 * changed while it was away, and receive the leaderboard messages of later scores.
 */
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import type { AppConfig } from '@arena/config';
import { tournamentRoom } from '@arena/contracts';
import { createMember, type TestMember } from '@arena/identity/testing';
import {
  apiCaller,
  createTestDatabase,
  clearRedisPrefix,
  testAppConfig,
  type TestDatabase,
} from '@arena/testing';
import { createApiApp } from '../../apps/api/src/bootstrap';
import { RealtimeGateway } from '../../apps/api/src/realtime/realtime.gateway';
import { WorkerModule } from '../../apps/worker/src/worker.module';
import { liveTournamentListener } from '../../web/src/features/tournaments/live-tournament';
import { joinRoom } from '../../web/src/lib/socket';

jest.setTimeout(60_000);

const ADMIN_KEY = 'k'.repeat(40);

interface Standing {
  rank: number;
  username: string;
  score: number;
}

async function eventually(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not met in time`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('socket client across lost connections', () => {
  let database: TestDatabase;
  let config: AppConfig;
  /** The API the client is connected to (restarted on the same port), and another that takes the writes. */
  let served: NestFastifyApplication;
  let writer: NestFastifyApplication;
  let worker: INestApplicationContext;
  let servedPort: number;
  let writerUrl: string;
  let players: TestMember[];
  let tournamentId: string;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  /** What the client's detail query shows of the leaderboard; it refetches only when made stale. */
  let shown: Standing[] = [];
  let stopObserving: () => void = () => undefined;
  let leave: () => void = () => undefined;

  const call = apiCaller(() => writerUrl);

  const startServed = async () => {
    served = await createApiApp(config);
    await served.listen(servedPort, '127.0.0.1');
  };

  const room = () => tournamentRoom(tournamentId);
  const socketsInRoom = async () => {
    const sockets = await served.get(RealtimeGateway).server.local.in(room()).fetchSockets();
    return sockets.map((socket) => socket.id);
  };

  /** Submits through the other API and waits until its read model shows the score. */
  const score = async (player: TestMember, points: number) => {
    const submitted = await call(
      'POST',
      `/tournaments/${tournamentId}/scores`,
      { score: points },
      player.accessToken,
    );
    expect(submitted.status).toBeLessThan(300);
    await eventually(async () => {
      const detail = await call('GET', `/tournaments/${tournamentId}`);
      return detail.body.data.leaderboard.some(
        (e: Standing) => e.username === player.username && e.score === points,
      );
    }, `${player.username}'s ${points} projected`);
  };

  const top = () => shown[0] && { username: shown[0].username, score: shown[0].score };

  beforeAll(async () => {
    database = await createTestDatabase();
    config = testAppConfig(database.url, { ADMIN_API_KEY: ADMIN_KEY });
    served = await createApiApp(config);
    await served.listen(0, '127.0.0.1');
    servedPort = (served.getHttpServer().address() as { port: number }).port;
    writer = await createApiApp(config);
    await writer.listen(0, '127.0.0.1');
    writerUrl = `http://127.0.0.1:${(writer.getHttpServer().address() as { port: number }).port}`;
    worker = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), { logger: false });
    await worker.init();
    // The client connects to its page's own origin, as in the browser.
    Object.assign(globalThis, { location: new URL(`http://127.0.0.1:${servedPort}`) });

    players = await Promise.all(
      ['dana', 'eli', 'fay'].map((username) =>
        createMember(database.db, config.JWT_ACCESS_SECRET, { username }),
      ),
    );
    const created = await call(
      'POST',
      '/admin/tournaments',
      {
        title: 'Reconnect Cup',
        description: 'Scores keep coming while connections come and go.',
        mode: 'INSTANT',
        format: 'SCORE_ATTACK',
        prizeModel: 'WINNER_TAKES_ALL',
        prizePoolCents: 1000,
        maxParticipants: 10,
        rules: 'Best score counts.',
        game: {
          slug: 'reflex',
          name: 'Reflex',
          integrationUrl: '/games/reflex',
          maxScore: 100_000,
          external: true,
        },
      },
      ADMIN_KEY,
    );
    expect(created.status).toBe(201);
    tournamentId = created.body.data.id;
    await eventually(
      async () => (await call('GET', `/tournaments/${tournamentId}`)).status === 200,
      'the catalog',
    );
    for (const player of players) {
      expect(
        (await call('POST', `/tournaments/${tournamentId}/join`, {}, player.accessToken)).status,
      ).toBeLessThan(300);
    }

    // The page's detail query (which holds the leaderboard) reads the API the client is connected to.
    const observer = new QueryObserver(queryClient, {
      queryKey: ['tournaments', 'detail', { tournamentId }],
      queryFn: async () => {
        const response = await fetch(`http://127.0.0.1:${servedPort}/api/tournaments/${tournamentId}`);
        return ((await response.json()) as { data: { leaderboard: Standing[] } }).data;
      },
      staleTime: Infinity,
    });
    stopObserving = observer.subscribe((result) => {
      if (result.data) shown = result.data.leaderboard;
    });
    leave = joinRoom(room(), liveTournamentListener(queryClient, tournamentId));
    await eventually(async () => (await socketsInRoom()).length === 1, 'the first join');
  });

  afterAll(async () => {
    leave();
    stopObserving();
    await worker?.close();
    await writer?.close();
    await served?.close();
    await clearRedisPrefix(config.REDIS_PREFIX);
    await database?.drop();
  });

  it('gets the leaderboard message of a score while connected', async () => {
    await score(players[0]!, 100);
    await eventually(() => top()?.score === 100, 'the leaderboard after the message');
    expect(top()).toEqual({ username: 'dana', score: 100 });
  });

  it('rejoins its room after a network blip and gets the message of the next score', async () => {
    const [before] = await socketsInRoom();
    // The connection drops under the client, as a flaky network does.
    for (const socket of served.get(RealtimeGateway).server.sockets.sockets.values()) socket.conn.close();

    await eventually(async () => {
      const now = await socketsInRoom();
      return now.length === 1 && now[0] !== before;
    }, 'the rejoin on a new connection');
    await score(players[1]!, 200);

    await eventually(() => top()?.score === 200, 'the leaderboard after the message');
    expect(top()).toEqual({ username: 'eli', score: 200 });
  });

  it('rejoins after its server restarts, catches up on the score it missed, then gets the next message', async () => {
    await served.close();
    // Scored while the client has no server: its message reaches nobody.
    await score(players[2]!, 300);
    expect(top()?.score).toBe(200);

    await startServed();

    await eventually(async () => (await socketsInRoom()).length === 1, 'the rejoin on the restarted server');
    await eventually(() => top()?.score === 300, 'the missed score after the rejoin');
    expect(top()).toEqual({ username: 'fay', score: 300 });

    await score(players[0]!, 400);
    await eventually(() => top()?.score === 400, 'the leaderboard after the next message');
    expect(top()).toEqual({ username: 'dana', score: 400 });
  });
});
