/**
 * The rooms clients join and the size of a leaderboard message: framework-free and zod-free, so a page
 * that keeps a room joined loads no schema until its socket client does (realtime.contract re-exports it).
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

/** The most entries a leaderboard message carries: the top ten the tournament's detail shows. */
export const LIVE_LEADERBOARD_SIZE = 10;
