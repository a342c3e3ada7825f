import { Injectable } from '@nestjs/common';
import { tournamentRoom } from '@arena/contracts';
import { RealtimeGateway } from './realtime.gateway';

/**
 * Tells a tournament's room that the tournament itself changed: a join, a start, an edit, a
 * cancellation, a completion, its bracket. Such changes come a few at a time, never in bursts like
 * scores, so there is no throttle; and the message is only a signal, since what the detail shows
 * differs per member (joined or not, the next match). Each API process hears the notice, so it tells
 * its own sockets.
 */
@Injectable()
export class TournamentBroadcaster {
  constructor(private readonly gateway: RealtimeGateway) {}

  changed(tournamentId: string): void {
    this.gateway.server.local
      .to(tournamentRoom(tournamentId))
      .emit('tournament', { tournamentId, at: new Date().toISOString() });
  }
}
