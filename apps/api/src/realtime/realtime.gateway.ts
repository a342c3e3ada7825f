import { Logger } from '@nestjs/common';
import { MessageBody, ConnectedSocket, SubscribeMessage, WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import type { Server, Socket } from 'socket.io';
import { ROOM_PATTERN, type ClientToServerEvents, type ServerToClientEvents } from './realtime.events';

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents>;

/** The one socket.io gateway: clients join rooms; the API pushes into them only after a commit. */
@WebSocketGateway({ cors: false })
export class RealtimeGateway {
  private readonly logger = new Logger('Realtime');

  @WebSocketServer()
  server!: RealtimeServer;

  @SubscribeMessage('join')
  async join(@ConnectedSocket() client: Socket, @MessageBody() room: unknown) {
    if (typeof room !== 'string' || !ROOM_PATTERN.test(room)) return { ok: false, message: 'Unknown room' };
    await client.join(room);
    this.logger.debug({ room, socket: client.id }, 'joined');
    return { ok: true };
  }

  @SubscribeMessage('leave')
  async leave(@ConnectedSocket() client: Socket, @MessageBody() room: unknown) {
    if (typeof room === 'string') await client.leave(room);
    return { ok: true };
  }
}
