import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@arena/contracts';
import { parseRoom } from '@arena/contracts/realtime.contract';
import { tournamentKeys } from '../features/tournaments/tournaments.queries';

/** A tournament's leaderboard arrives inside its detail, so a room's notice makes the detail stale. */
const detailKey = (tournamentId: string): QueryKey => tournamentKeys.detail(tournamentId);

/** Which cached queries each server message makes stale (keys are `[context, noun, params]`). */
const staleQueries: {
  [E in keyof ServerToClientEvents]: (message: Parameters<ServerToClientEvents[E]>[0]) => QueryKey;
} = {
  leaderboard: (message) => detailKey(message.tournamentId),
  // Joins, starts, edits, the bracket and the member's next match are all in the tournament's detail.
  tournament: (message) => detailKey(message.tournamentId),
};

/** The cached queries a room's messages keep fresh, if any. */
function roomQueries(room: string): QueryKey | null {
  const parsed = parseRoom(room);
  return parsed?.kind === 'tournament' ? detailKey(parsed.tournamentId) : null;
}

type ArenaSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const roomCounts = new Map<string, number>();
let socket: ArenaSocket | null = null;

function connect(queryClient: QueryClient): ArenaSocket {
  if (socket) return socket;
  const created: ArenaSocket = io({ path: '/socket.io', autoConnect: false });
  created.on('leaderboard', (message) => {
    void queryClient.invalidateQueries({ queryKey: staleQueries.leaderboard(message) });
  });
  created.on('tournament', (message) => {
    void queryClient.invalidateQueries({ queryKey: staleQueries.tournament(message) });
  });
  let connectedBefore = false;
  // Rooms belong to one server connection, so a reconnect must ask for them again. Messages sent
  // while the connection was down are lost: once the server confirms a room, its queries are made
  // stale, so they refetch what changed meanwhile and every later change arrives as a message.
  created.on('connect', () => {
    const reconnected = connectedBefore;
    connectedBefore = true;
    for (const room of roomCounts.keys()) {
      created.emit('join', room, (result) => {
        const stale = roomQueries(room);
        if (reconnected && result.ok && stale) void queryClient.invalidateQueries({ queryKey: stale });
      });
    }
  });
  created.connect();
  socket = created;
  return created;
}

/**
 * Joins a room on first use (`tournamentRoom(id)` or `LEDGER_ROOM`); returns the leave function. The
 * connection opens with the first room and closes with the last, so pages without live data
 * hold no socket.
 */
export function joinRoom(queryClient: QueryClient, room: string): () => void {
  const active = connect(queryClient);
  const count = roomCounts.get(room) ?? 0;
  roomCounts.set(room, count + 1);
  if (count === 0 && active.connected) active.emit('join', room);
  let left = false;
  return () => {
    if (left) return;
    left = true;
    const remaining = (roomCounts.get(room) ?? 1) - 1;
    if (remaining > 0) {
      roomCounts.set(room, remaining);
      return;
    }
    roomCounts.delete(room);
    if (active.connected) active.emit('leave', room);
    if (roomCounts.size === 0) {
      active.disconnect();
      socket = null;
    }
  };
}

/** Keeps the component's queries live while it is mounted. */
export function useRoom(room: string | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => (room ? joinRoom(queryClient, room) : undefined), [queryClient, room]);
}
