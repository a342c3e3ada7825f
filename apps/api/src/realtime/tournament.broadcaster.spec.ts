import { TournamentBroadcaster } from './tournament.broadcaster';
import type { RealtimeGateway } from './realtime.gateway';

describe('tournament broadcaster', () => {
  it("tells only the tournament's own room, on this process's sockets", () => {
    const emitted: Array<{ room: string; event: string; message: unknown }> = [];
    const gateway = {
      server: {
        local: {
          to: (room: string) => ({
            emit: (event: string, message: unknown) => emitted.push({ room, event, message }),
          }),
        },
      },
    } as unknown as RealtimeGateway;
    new TournamentBroadcaster(gateway).changed('4b0f3c5e-2d7a-4e61-9c8b-0a1d2e3f4a5b');
    expect(emitted).toEqual([
      {
        room: 'tournament:4b0f3c5e-2d7a-4e61-9c8b-0a1d2e3f4a5b',
        event: 'tournament',
        message: { tournamentId: '4b0f3c5e-2d7a-4e61-9c8b-0a1d2e3f4a5b', at: expect.any(String) },
      },
    ]);
  });
});
