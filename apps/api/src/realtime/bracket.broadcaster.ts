import { Injectable } from '@nestjs/common';
import { tournamentRoom } from '@arena/contracts';
import { RealtimeGateway } from './realtime.gateway';

/**
 * Tells a tournament's room that its bracket changed. Brackets change a few times per match, never
 * in bursts like scores, so there is no throttle; and the message is only a signal, since the next
 * match it leads to differs per member. Each API process hears the notice, so it tells its own sockets.
 */
@Injectable()
export class BracketBroadcaster {
  constructor(private readonly gateway: RealtimeGateway) {}

  changed(tournamentId: string): void {
    this.gateway.server.local
      .to(tournamentRoom(tournamentId))
      .emit('bracket', { tournamentId, at: new Date().toISOString() });
  }
}
