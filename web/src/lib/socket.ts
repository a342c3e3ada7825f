import { io, type Socket } from 'socket.io-client';
import type { z } from 'zod';
import type { ClientToServerEvents, ServerToClientEvents } from '@arena/contracts';
import {
  leaderboardMessage,
  parseRoom,
  roomName,
  tournamentChangedMessage,
  tournamentRoom,
  type LeaderboardMessage,
  type TournamentChangedMessage,
} from '@arena/contracts/realtime.contract';

/**
 * What a page does with its room: applies each message to the queries it keeps, and catches up
 * (`resync`) when messages may have been lost, after a reconnect, or one arrived it cannot read.
 */
export interface RoomListener {
  leaderboard?: (message: LeaderboardMessage) => void;
  tournament?: (message: TournamentChangedMessage) => void;
  resync: () => void;
}

type ArenaSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const listeners = new Map<string, Set<RoomListener>>();
let socket: ArenaSocket | null = null;

function listenersOf(room: string): RoomListener[] {
  return [...(listeners.get(room) ?? [])];
}

/** Hands a message to its room's listeners once its schema accepts it; a message it refuses means a resync. */
function deliver<M extends { tournamentId: string }>(
  schema: z.ZodType<M>,
  apply: (listener: RoomListener, message: M) => void,
) {
  return (raw: unknown) => {
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      const tournamentId = (raw as { tournamentId?: unknown } | null)?.tournamentId;
      if (typeof tournamentId === 'string') {
        for (const listener of listenersOf(tournamentRoom(tournamentId))) listener.resync();
      }
      return;
    }
    for (const listener of listenersOf(tournamentRoom(parsed.data.tournamentId)))
      apply(listener, parsed.data);
  };
}

/**
 * Asks the server for a room; once it confirms, the room's listeners resync. A page reads its data
 * before its room is joined (and after a reconnect, messages sent while the connection was down are
 * lost), so whatever changed before the confirmation reached nobody: one read after it catches up,
 * and every later change arrives as a message.
 */
function askToJoin(active: ArenaSocket, room: string): void {
  active.emit('join', room, (result) => {
    if (result.ok) for (const listener of listenersOf(room)) listener.resync();
  });
}

function connect(): ArenaSocket {
  if (socket) return socket;
  const created: ArenaSocket = io({ path: '/socket.io', autoConnect: false });
  created.on(
    'leaderboard',
    deliver(leaderboardMessage, (listener, message) => listener.leaderboard?.(message)),
  );
  created.on(
    'tournament',
    deliver(tournamentChangedMessage, (listener, message) => listener.tournament?.(message)),
  );
  // Rooms belong to one server connection, so every (re)connect asks for them again.
  created.on('connect', () => {
    for (const room of listeners.keys()) askToJoin(created, room);
  });
  created.connect();
  socket = created;
  return created;
}

/**
 * Joins a room on first use (`tournamentRoom(id)` or `LEDGER_ROOM`) and hands its messages to
 * `listener`; returns the leave function. The connection opens with the first room and closes with
 * the last, so pages without live data hold no socket.
 */
export function joinRoom(requested: string, listener: RoomListener): () => void {
  // Named as the server names it (tournament ids in lower case), which is how its messages find it.
  const parsed = parseRoom(requested);
  const room = parsed ? roomName(parsed) : requested;
  const active = connect();
  const roomListeners = listeners.get(room) ?? new Set<RoomListener>();
  const firstInRoom = roomListeners.size === 0;
  roomListeners.add(listener);
  listeners.set(room, roomListeners);
  if (firstInRoom && active.connected) askToJoin(active, room);
  // Joining a room the connection holds already: the room's messages reach this listener from now
  // on, and it catches up once on what came before.
  else if (!firstInRoom && active.connected) listener.resync();
  let left = false;
  return () => {
    if (left) return;
    left = true;
    roomListeners.delete(listener);
    if (roomListeners.size > 0) return;
    listeners.delete(room);
    if (active.connected) active.emit('leave', room);
    if (listeners.size === 0) {
      active.disconnect();
      socket = null;
    }
  };
}
