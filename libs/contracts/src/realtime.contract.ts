import { z } from 'zod';
import { leaderboardEntry } from './leaderboard-entry.contract';
import { LIVE_LEADERBOARD_SIZE } from './realtime.rooms';

/**
 * The live path, end to end: a projector's change notice (worker → Redis → every API process), the
 * rooms clients join, and the socket.io event map the gateway and the web's socket client share.
 */

// The rooms and the leaderboard message's size, zod-free (realtime.rooms.ts): a page names its room
// without loading the message schemas, which only the socket client needs.
export * from './realtime.rooms';

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
