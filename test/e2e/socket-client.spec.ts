/**
 * The web socket client against the real API gateway (socket.io over the Redis adapter): it joins
 * rooms on demand and a server message makes the matching cached queries stale.
 */
import { randomUUID } from 'node:crypto';
import { QueryClient } from '@tanstack/react-query';
import { tournamentRoom } from '@arena/contracts';
import { RealtimeGateway } from '../../apps/api/src/realtime/realtime.gateway';
import { joinRoom } from '../../web/src/lib/socket';
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

  it('joins a tournament room, invalidates its detail query (which holds the leaderboard) on a message, and leaves', async () => {
    const tournamentId = randomUUID();
    const otherTournamentId = randomUUID();
    const room = tournamentRoom(tournamentId);
    const leaderboardKey = ['tournaments', 'detail', { tournamentId }];
    const otherKey = ['tournaments', 'detail', { tournamentId: otherTournamentId }];
    queryClient.setQueryData(leaderboardKey, { entries: [] });
    queryClient.setQueryData(otherKey, { entries: [] });

    const leave = joinRoom(queryClient, room);
    await eventually(async () => (await roomSize(room)) === 1);

    gateway.server.to(room).emit('leaderboard', { tournamentId, entries: [], at: new Date().toISOString() });
    await eventually(() => queryClient.getQueryState(leaderboardKey)?.isInvalidated === true);
    expect(queryClient.getQueryState(otherKey)?.isInvalidated).toBe(false);

    leave();
    await eventually(async () => (await roomSize(room)) === 0);
    // With no room left the client closes its connection.
    await eventually(async () => (await gateway.server.fetchSockets()).length === 0);
  });

  it('keeps a shared room until its last user leaves', async () => {
    const leaveFirst = joinRoom(queryClient, 'ledger');
    const leaveSecond = joinRoom(queryClient, 'ledger');
    await eventually(async () => (await roomSize('ledger')) === 1);
    leaveFirst();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await roomSize('ledger')).toBe(1);
    leaveSecond();
    await eventually(async () => (await roomSize('ledger')) === 0);
  });
});
