import { z } from 'zod';
import { leaderboardEntry } from './tournaments.contract';

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
  /** The tournament's own facts changed: joined, started, edited, cancelled, completed, its bracket. */
  | { topic: 'tournament'; tournamentId: string };
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
  if (notice?.topic === 'tournament' && typeof notice.tournamentId === 'string') {
    return { topic: 'tournament', tournamentId: notice.tournamentId };
  }
  return undefined;
}

/** The most entries a leaderboard message carries: the top ten the tournament's detail shows. */
export const LIVE_LEADERBOARD_SIZE = 10;

/**
 * A tournament's leaderboard changed: its top entries, with the fields of the detail's `leaderboard`,
 * so the page shows them without asking for the detail again.
 */
export const leaderboardMessage = z.object({
  tournamentId: z.string(),
  entries: z.array(leaderboardEntry).max(LIVE_LEADERBOARD_SIZE),
  at: z.iso.datetime(),
});
export type LeaderboardMessage = z.infer<typeof leaderboardMessage>;

export interface RoomAck {
  ok: boolean;
  message?: string;
}

/**
 * A tournament changed (a join, a start, an edit, its bracket…): the detail page refetches it. What
 * the detail shows differs per member (joined or not, the next match), so the message carries none of it.
 */
export const tournamentChangedMessage = z.object({ tournamentId: z.string(), at: z.iso.datetime() });
export type TournamentChangedMessage = z.infer<typeof tournamentChangedMessage>;

export interface ServerToClientEvents {
  leaderboard: (message: LeaderboardMessage) => void;
  tournament: (message: TournamentChangedMessage) => void;
}

export interface ClientToServerEvents {
  join: (room: string, ack?: (result: RoomAck) => void) => void;
  leave: (room: string, ack?: (result: RoomAck) => void) => void;
}
