import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { LeaderboardEntry, TournamentDetail } from '@arena/contracts';
import type { LeaderboardMessage } from '@arena/contracts/realtime.contract';
import { LIVE_LEADERBOARD_SIZE, tournamentRoom } from '@arena/contracts/realtime.rooms';
import type { RoomListener } from '../../lib/socket';
import { useRoom } from '../../lib/use-room';
import { tournamentKeys } from './tournaments.queries';

/** What a leaderboard message does to a cached detail. */
export interface LeaderboardUpdate {
  /** The detail with the message's entries, or the one given when the message does not apply. */
  detail: TournamentDetail;
  /** The detail also shows something the message cannot carry that the change may have moved. */
  refetch: boolean;
}

const samePlace = (before: LeaderboardEntry | undefined, after: LeaderboardEntry | undefined) =>
  before?.userId === after?.userId &&
  before?.username === after?.username &&
  before?.score === after?.score &&
  before?.charityName === after?.charityName;

/**
 * Whether the prize preview (an active score tournament's amounts per place, read from its leaders)
 * may have moved. Its amounts go by place, so it stands while the places it pays, and the first one
 * after them, keep their players, scores and charities, and all of those are within the entries carried.
 */
export function prizePreviewMayMove(detail: TournamentDetail, entries: readonly LeaderboardEntry[]): boolean {
  const showsPreview = detail.status === 'ACTIVE' && !detail.prizeBreakdownIsFinal && detail.bracket === null;
  if (!showsPreview) return false;
  const deciding = Math.max(0, ...detail.prizeBreakdown.map((line) => line.rank)) + 1;
  if (deciding > LIVE_LEADERBOARD_SIZE) return true;
  return Array.from({ length: deciding }, (_, index) => index).some(
    (index) => !samePlace(detail.leaderboard[index], entries[index]),
  );
}

/**
 * A leaderboard message applied to the tournament's cached detail. Final standings, once a tournament
 * has them, are the leaderboard for good: a late message leaves them alone.
 */
export function applyLeaderboardMessage(
  detail: TournamentDetail,
  message: LeaderboardMessage,
): LeaderboardUpdate {
  if (detail.finalStandings !== null) return { detail, refetch: false };
  return {
    detail: { ...detail, leaderboard: message.entries },
    refetch: prizePreviewMayMove(detail, message.entries),
  };
}

/**
 * Keeps a tournament's cached detail live: a leaderboard message is written into it; a change of the
 * tournament itself, and a resync, ask for it again (what it shows differs per member).
 */
export function liveTournamentListener(queryClient: QueryClient, tournamentId: string): RoomListener {
  const queryKey = tournamentKeys.detail(tournamentId);
  const refetch = () => void queryClient.invalidateQueries({ queryKey });
  return {
    leaderboard: (message) => {
      const cached = queryClient.getQueryData<TournamentDetail>(queryKey);
      if (!cached) return;
      const update = applyLeaderboardMessage(cached, message);
      queryClient.setQueryData(queryKey, update.detail);
      if (update.refetch) refetch();
    },
    tournament: refetch,
    resync: refetch,
  };
}

/** Keeps the tournament's detail live while the page is mounted and `enabled` (once the detail loaded). */
export function useLiveTournament(tournamentId: string, enabled: boolean): void {
  const queryClient = useQueryClient();
  const listener = useMemo(
    () => liveTournamentListener(queryClient, tournamentId),
    [queryClient, tournamentId],
  );
  useRoom(enabled ? tournamentRoom(tournamentId) : undefined, listener);
}
