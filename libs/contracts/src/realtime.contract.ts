import type { LeaderboardEntry } from './tournaments.contract';

/**
 * The live path, end to end: a projector's change notice (worker → Redis → every API process), the
 * rooms clients join, and the socket.io event map the gateway and the web's socket client share.
 */

const TOURNAMENT_PREFIX = 'tournament:';
const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
const TOURNAMENT_ROOM = new RegExp(`^${TOURNAMENT_PREFIX}(${UUID})$`);

/** The room of one tournament's live leaderboard. */
export const tournamentRoom = (tournamentId: string) => `${TOURNAMENT_PREFIX}${tournamentId}`;

/** The public ledger's room. */
export const LEDGER_ROOM = 'ledger';

export type Room = { kind: 'tournament'; tournamentId: string } | { kind: 'ledger' };

/** A room name a client may join, or undefined: tournament ids are lower-cased, as the server names rooms. */
export function parseRoom(name: string): Room | undefined {
  if (name === LEDGER_ROOM) return { kind: 'ledger' };
  const tournament = TOURNAMENT_ROOM.exec(name);
  return tournament ? { kind: 'tournament', tournamentId: tournament[1]!.toLowerCase() } : undefined;
}

/** The canonical name of a room a client asked for, or undefined when it is not one. */
export function roomName(room: Room): string {
  return room.kind === 'ledger' ? LEDGER_ROOM : tournamentRoom(room.tournamentId);
}

/**
 * Every change notice a projector may publish after its commit. A new live topic adds a member here,
 * a projector that returns it, and a case in the API's ChangeNoticeListener (the switch is exhaustive).
 */
export type ChangeNotice =
  | { topic: 'leaderboard'; tournamentId: string }
  /** A head-to-head tournament's bracket changed (drawn, scheduled, played, decided). */
  | { topic: 'bracket'; tournamentId: string };
export type ChangeTopic = ChangeNotice['topic'];

/** A notice read back from Redis, or undefined when it is not one we know. */
export function parseChangeNotice(raw: string): ChangeNotice | undefined {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return undefined;
  }
  const notice = value as Partial<Record<string, unknown>> | null;
  if (notice?.topic === 'leaderboard' && typeof notice.tournamentId === 'string') {
    return { topic: 'leaderboard', tournamentId: notice.tournamentId };
  }
  if (notice?.topic === 'bracket' && typeof notice.tournamentId === 'string') {
    return { topic: 'bracket', tournamentId: notice.tournamentId };
  }
  return undefined;
}

/** A live row also says how many scores the player has sent. */
export type LiveLeaderboardEntry = LeaderboardEntry & { attempts: number };

export interface LeaderboardMessage {
  tournamentId: string;
  entries: LiveLeaderboardEntry[];
  at: string;
}

export interface RoomAck {
  ok: boolean;
  message?: string;
}

/**
 * A head-to-head tournament's bracket changed: the detail page refetches the tournament (the bracket
 * and the member's own next match, which differ per member, so the message carries no bracket).
 */
export interface BracketChangedMessage {
  tournamentId: string;
  at: string;
}

export interface ServerToClientEvents {
  leaderboard: (message: LeaderboardMessage) => void;
  bracket: (message: BracketChangedMessage) => void;
}

export interface ClientToServerEvents {
  join: (room: string, ack?: (result: RoomAck) => void) => void;
  leave: (room: string, ack?: (result: RoomAck) => void) => void;
}
