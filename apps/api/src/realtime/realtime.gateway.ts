import { Logger } from '@nestjs/common';
import {
  ConnectedSocket,
  MessageBody,
  SubscribeMessage,
  WebSocketGateway,
  WebSocketServer,
  type OnGatewayConnection,
} from '@nestjs/websockets';
import type { Server, Socket } from 'socket.io';
import { parseRoom, roomName, type ClientToServerEvents, type ServerToClientEvents } from '@arena/contracts';
import {
  MAX_ROOMS_PER_CONNECTION,
  SOCKET_EVENT_WINDOW_MS,
  SOCKET_EVENTS_PER_WINDOW,
} from './realtime.limits';

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents>;

/** The room's name as the API pushes to it (tournament ids in lower case), or undefined for no room we know. */
const knownRoom = (requested: unknown) => {
  const room = typeof requested === 'string' ? parseRoom(requested) : undefined;
  return room && roomName(room);
};

/**
 * The one socket.io gateway: clients join rooms; the API pushes into them only after a commit. A
 * connection that sends more than its share of events is disconnected, and holds a bounded number
 * of rooms.
 */
@WebSocketGateway({ cors: false })
export class RealtimeGateway implements OnGatewayConnection {
  private readonly logger = new Logger('Realtime');

  @WebSocketServer()
  server!: RealtimeServer;

  handleConnection(client: Socket) {
    let windowStart = Date.now();
    let events = 0;
    client.use((_packet, next) => {
      const now = Date.now();
      if (now - windowStart >= SOCKET_EVENT_WINDOW_MS) {
        windowStart = now;
        events = 0;
      }
      events += 1;
      if (events <= SOCKET_EVENTS_PER_WINDOW) return next();
      this.logger.warn({ socket: client.id, address: client.handshake.address }, 'event flood: disconnected');
      client.disconnect(true);
    });
  }

  @SubscribeMessage('join')
  async join(@ConnectedSocket() client: Socket, @MessageBody() requested: unknown) {
    const room = knownRoom(requested);
    if (room === undefined) return { ok: false, message: 'Unknown room' };
    // client.rooms holds the connection's own room besides the ones it joined.
    if (!client.rooms.has(room) && client.rooms.size > MAX_ROOMS_PER_CONNECTION) {
      return { ok: false, message: `At most ${MAX_ROOMS_PER_CONNECTION} rooms per connection` };
    }
    await client.join(room);
    this.logger.debug({ room, socket: client.id }, 'joined');
    return { ok: true };
  }

  @SubscribeMessage('leave')
  async leave(@ConnectedSocket() client: Socket, @MessageBody() requested: unknown) {
    const room = knownRoom(requested);
    if (room !== undefined) await client.leave(room);
    return { ok: true };
  }
}
