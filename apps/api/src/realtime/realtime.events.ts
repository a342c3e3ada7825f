import type { LeaderboardEntry } from '@arena/projections/leaderboards/leaderboards.queries';

/** The socket.io event map shared by the gateway and the web client (web/src/lib/socket.ts mirrors it). */
export interface LeaderboardMessage {
  tournamentId: string;
  entries: LeaderboardEntry[];
  at: string;
}

export interface ServerToClientEvents {
  leaderboard: (message: LeaderboardMessage) => void;
}

export interface ClientToServerEvents {
  join: (room: string, ack?: (result: { ok: boolean; message?: string }) => void) => void;
  leave: (room: string, ack?: (result: { ok: boolean }) => void) => void;
}

/** Rooms a client may join: one tournament's leaderboard, or the public ledger. */
export const ROOM_PATTERN = /^(tournament:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|ledger)$/i;
