import { leaderboardMessage } from '@arena/contracts';
import { LeaderboardBroadcaster, LEADERBOARD_MESSAGES_PER_SECOND } from './leaderboard.broadcaster';
import type { RealtimeGateway } from './realtime.gateway';

/** A row as the leaderboards read model answers it: the detail's fields and the player's attempts. */
const LEADER = {
  rank: 1,
  userId: '3b241101-e2bb-4255-8caf-4136c566a962',
  username: 'dana',
  avatarUrl: null,
  score: 420,
  attempts: 3,
  charityName: 'Food Bank',
  charityUrl: '/charity-profile/123456789',
  charityLogoUrl: '/api/charities/ein/123456789/logo?v=0123456789abcdef0123456789abcdef',
};

jest.mock('@arena/projections/leaderboards/leaderboards.queries', () => ({
  topEntriesOf: jest.fn(
    async (_db: unknown, tournamentIds: string[]) =>
      new Map(tournamentIds.map((tournamentId) => [tournamentId, [LEADER]])),
  ),
}));
const { topEntriesOf } = jest.requireMock('@arena/projections/leaderboards/leaderboards.queries');

function fakeGateway(listeners: number) {
  const sent: Array<{ room: string; event: string; payload: any }> = [];
  const server = {
    sockets: { adapter: { rooms: { get: () => (listeners > 0 ? new Set(['socket-1']) : undefined) } } },
    local: {
      to: (room: string) => ({
        emit: (event: string, payload: unknown) => sent.push({ room, event, payload }),
      }),
    },
  };
  return { gateway: { server } as unknown as RealtimeGateway, sent };
}

async function advance(ms: number) {
  await jest.advanceTimersByTimeAsync(ms);
}

describe('LeaderboardBroadcaster', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it("sends the first change in a quiet room at once, with the top entries as the detail's leaderboard shows them", async () => {
    const { gateway, sent } = fakeGateway(1);
    const broadcaster = new LeaderboardBroadcaster({} as never, gateway);
    broadcaster.changed('t1');
    await advance(0);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ room: 'tournament:t1', event: 'leaderboard' });
    const { attempts: _readModelOnly, ...shown } = LEADER;
    expect(sent[0]!.payload).toEqual({ tournamentId: 't1', entries: [shown], at: expect.any(String) });
    expect(leaderboardMessage.safeParse(sent[0]!.payload).success).toBe(true);
  });

  it('folds a burst into a few messages per second per room, the last change always delivered', async () => {
    const { gateway, sent } = fakeGateway(1);
    const broadcaster = new LeaderboardBroadcaster({} as never, gateway);
    for (let i = 0; i < 200; i++) {
      broadcaster.changed('t1');
      broadcaster.changed('t2');
      await advance(5); // 200 changes per room over one second
    }
    const lastChangeAt = Date.now() - 5;
    await advance(1000);
    const perRoom = (room: string) => sent.filter((message) => message.room === room).length;
    expect(perRoom('tournament:t1')).toBeGreaterThanOrEqual(2);
    expect(perRoom('tournament:t1')).toBeLessThanOrEqual(LEADERBOARD_MESSAGES_PER_SECOND + 2);
    expect(perRoom('tournament:t2')).toBe(perRoom('tournament:t1'));
    const last = sent.filter((message) => message.room === 'tournament:t1').at(-1);
    expect(new Date(last!.payload.at).getTime()).toBeGreaterThanOrEqual(lastChangeAt);
    broadcaster.onApplicationShutdown();
  });

  it('reads nothing for a room nobody in this process listens to', async () => {
    topEntriesOf.mockClear();
    const { gateway, sent } = fakeGateway(0);
    const broadcaster = new LeaderboardBroadcaster({} as never, gateway);
    broadcaster.changed('t1');
    await advance(10);
    expect(sent).toHaveLength(0);
    expect(topEntriesOf).not.toHaveBeenCalled();
  });

  it('reads every room due at the same moment in one query, and keeps them together in their next slot', async () => {
    const { gateway, sent } = fakeGateway(1);
    const broadcaster = new LeaderboardBroadcaster({} as never, gateway);
    topEntriesOf.mockClear();
    broadcaster.changed('t1');
    broadcaster.changed('t2');
    await advance(0);
    expect(topEntriesOf).toHaveBeenCalledTimes(1);
    expect(topEntriesOf.mock.calls[0][1]).toEqual(['t1', 't2']);
    expect(sent.map((message) => message.room)).toEqual(['tournament:t1', 'tournament:t2']);

    await advance(30);
    broadcaster.changed('t2');
    await advance(20);
    broadcaster.changed('t1');
    await advance(100);
    expect(topEntriesOf).toHaveBeenCalledTimes(2);
    expect(topEntriesOf.mock.calls[1][1]).toEqual(['t2', 't1']);
    expect(sent).toHaveLength(4);
    broadcaster.onApplicationShutdown();
  });
});
