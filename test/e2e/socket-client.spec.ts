/**
 * The web socket client against the real API gateway (socket.io over the Redis adapter): it joins
 * rooms on demand, a leaderboard message is written into the tournament's cached detail, and a
 * tournament message makes it stale.
 */
import { randomUUID } from 'node:crypto';
import { QueryClient } from '@tanstack/react-query';
import { tournamentRoom, type TournamentDetail } from '@arena/contracts';
import { RealtimeGateway } from '../../apps/api/src/realtime/realtime.gateway';
import { liveTournamentListener } from '../../web/src/features/tournaments/live-tournament';
import { joinRoom, type RoomListener } from '../../web/src/lib/socket';
import { startWebApp, type RunningWebApp } from './support/web-app';

jest.setTimeout(60_000);

async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('socket client', () => {
  let web: RunningWebApp;
  let gateway: RealtimeGateway;
  const queryClient = new QueryClient();

  beforeAll(async () => {
    web = await startWebApp();
    gateway = web.app.get(RealtimeGateway);
    // The client connects to its page's own origin, as in the browser.
    Object.assign(globalThis, { location: new URL(web.baseUrl) });
  });

  afterAll(async () => {
    await web?.stop();
  });

  const roomSize = async (room: string) => (await gateway.server.in(room).fetchSockets()).length;

  it('joins a tournament room, writes a leaderboard message into its detail query, refetches it on a malformed or a tournament message, and leaves', async () => {
    const tournamentId = randomUUID();
    const otherTournamentId = randomUUID();
    const room = tournamentRoom(tournamentId);
    const detailKey = ['tournaments', 'detail', { tournamentId }];
    const otherKey = ['tournaments', 'detail', { tournamentId: otherTournamentId }];
    // Upcoming: no prize preview that the leaderboard could move.
    const cached = {
      status: 'UPCOMING',
      leaderboard: [],
      finalStandings: null,
      prizeBreakdown: [],
      prizeBreakdownIsFinal: false,
      bracket: null,
    } as unknown as TournamentDetail;
    queryClient.setQueryData(detailKey, cached);
    queryClient.setQueryData(otherKey, cached);

    const leave = joinRoom(room, liveTournamentListener(queryClient, tournamentId));
    await eventually(async () => (await roomSize(room)) === 1);
    // The detail was read before the room was joined: once the server confirms the room, the page
    // reads it again, so a score posted in between is not lost.
    await eventually(() => queryClient.getQueryState(detailKey)?.isInvalidated === true);
    expect(queryClient.getQueryState(otherKey)?.isInvalidated).toBe(false);

    const entries = [
      {
        rank: 1,
        userId: randomUUID(),
        username: 'dana',
        avatarUrl: null,
        score: 42,
        charityName: null,
        charityUrl: null,
        charityLogoUrl: null,
      },
    ];
    gateway.server.to(room).emit('leaderboard', { tournamentId, entries, at: new Date().toISOString() });
    await eventually(() => queryClient.getQueryData<TournamentDetail>(detailKey)?.leaderboard.length === 1);
    expect(queryClient.getQueryData<TournamentDetail>(detailKey)?.leaderboard).toEqual(entries);
    expect(queryClient.getQueryState(detailKey)?.isInvalidated).toBe(false);
    expect(queryClient.getQueryData(otherKey)).toBe(cached);

    // A message its schema refuses cannot be applied: the page asks for the detail instead.
    gateway.server.to(room).emit('leaderboard', { tournamentId, entries: [{ rank: 1 }], at: 'now' } as never);
    await eventually(() => queryClient.getQueryState(detailKey)?.isInvalidated === true);
    queryClient.setQueryData(detailKey, cached);

    gateway.server.to(room).emit('tournament', { tournamentId, at: new Date().toISOString() });
    await eventually(() => queryClient.getQueryState(detailKey)?.isInvalidated === true);
    expect(queryClient.getQueryState(otherKey)?.isInvalidated).toBe(false);

    leave();
    await eventually(async () => (await roomSize(room)) === 0);
    // With no room left the client closes its connection.
    await eventually(async () => (await gateway.server.fetchSockets()).length === 0);
  });

  it('keeps a shared room until its last user leaves, and each of its users catches up once on joining', async () => {
    const resyncs = [0, 0, 0];
    const listener = (index: number): RoomListener => ({
      resync: () => void (resyncs[index] = (resyncs[index] ?? 0) + 1),
    });
    const leaveFirst = joinRoom('ledger', listener(0));
    const leaveSecond = joinRoom('ledger', listener(1));
    await eventually(async () => (await roomSize('ledger')) === 1);
    await eventually(() => resyncs[0] === 1 && resyncs[1] === 1);
    // A third user of a room the connection holds already catches up at once, without a new join.
    const leaveThird = joinRoom('ledger', listener(2));
    expect(resyncs).toEqual([1, 1, 1]);
    leaveThird();
    leaveFirst();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await roomSize('ledger')).toBe(1);
    leaveSecond();
    await eventually(async () => (await roomSize('ledger')) === 0);
  });
});
