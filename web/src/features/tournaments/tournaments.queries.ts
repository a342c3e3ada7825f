import { queryOptions } from '@tanstack/react-query';
import type {
  Answer,
  JoinedTournament,
  ListTournamentsParams,
  MemberGameStats,
  Nonprofit,
  PlayerTournamentStats,
  PlayResultBody,
  StartedPlay,
  VerifiedPlayResult,
  TournamentDetail,
  TournamentSummary,
} from '@arena/contracts';
import { apiClient } from '../../lib/api-client';

/**
 * The tournament calls of spec §7 and their query keys (`['tournaments', noun, params]`). Socket
 * notices for a tournament room invalidate `['tournaments', 'detail', { tournamentId }]`.
 */

export const tournamentKeys = {
  all: ['tournaments'] as const,
  list: (params: ListTournamentsParams) => ['tournaments', 'list', params] as const,
  detail: (tournamentId: string) => ['tournaments', 'detail', { tournamentId }] as const,
  playerStats: (tournamentId: string, playerId: string) =>
    ['tournaments', 'player-stats', { tournamentId, playerId }] as const,
  /** Keyed by member: after a sign-out and another sign-in in the same tab, nobody sees the last one's. */
  gameStats: (memberId: string) => ['tournaments', 'game-stats', { memberId }] as const,
  nonprofits: (term: string) => ['tournaments', 'nonprofits', { term }] as const,
};

const encode = encodeURIComponent;

export const tournamentListQuery = (params: ListTournamentsParams) =>
  queryOptions({
    queryKey: tournamentKeys.list(params),
    queryFn: async ({ signal }) => {
      const query = params.status ? `?status=${encode(params.status)}` : '';
      const answer = await apiClient.get<Answer<{ tournaments: TournamentSummary[] }>>(
        `/tournaments${query}`,
        signal,
      );
      return answer.data.tournaments;
    },
  });

export const tournamentDetailQuery = (tournamentId: string) =>
  queryOptions({
    queryKey: tournamentKeys.detail(tournamentId),
    queryFn: async ({ signal }) =>
      (await apiClient.get<Answer<TournamentDetail>>(`/tournaments/${encode(tournamentId)}`, signal)).data,
  });

export const playerStatsQuery = (tournamentId: string, playerId: string) =>
  queryOptions({
    queryKey: tournamentKeys.playerStats(tournamentId, playerId),
    queryFn: async ({ signal }) =>
      (
        await apiClient.get<Answer<PlayerTournamentStats>>(
          `/tournaments/${encode(tournamentId)}/players/${encode(playerId)}/stats`,
          signal,
        )
      ).data,
  });

/** The signed-in member's own: the server reads the member from the token, the key only separates caches. */
export const gameStatsQuery = (memberId: string) =>
  queryOptions({
    queryKey: tournamentKeys.gameStats(memberId),
    queryFn: async ({ signal }) =>
      (await apiClient.get<Answer<MemberGameStats>>('/users/game-stats', signal)).data,
  });

export const nonprofitSearchQuery = (term: string) =>
  queryOptions({
    queryKey: tournamentKeys.nonprofits(term),
    queryFn: async ({ signal }) =>
      (
        await apiClient.get<Answer<{ nonprofits: Nonprofit[] }>>(
          `/nonprofits?term=${encode(term)}&limit=10`,
          signal,
        )
      ).data.nonprofits,
    staleTime: 5 * 60_000,
  });

export const tournamentsApi = {
  join: async (tournamentId: string, charityId: string | null) =>
    (
      await apiClient.post<Answer<JoinedTournament>>(`/tournaments/${encode(tournamentId)}/join`, {
        id: tournamentId,
        ...(charityId ? { charityId } : {}),
      })
    ).data,
  /**
   * Opens a play (issue 10): the server fixes the seed and issues the game token the frame gets in AUTH.
   * Head-to-head formats open it for the member's match.
   */
  startPlay: async (tournamentId: string, matchId: string | null) =>
    (
      await apiClient.post<Answer<StartedPlay>>(
        matchId
          ? `/tournaments/${encode(tournamentId)}/matches/${encode(matchId)}/plays`
          : `/tournaments/${encode(tournamentId)}/plays`,
      )
    ).data,
  /** The play's input log: the server replays it and answers the score it computed. */
  submitPlayResult: async (playId: string, body: PlayResultBody) =>
    (await apiClient.post<Answer<VerifiedPlayResult>>(`/plays/${encode(playId)}/result`, body)).data,
  selectCharity: async (tournamentId: string, charityId: string | null) =>
    apiClient.put<Answer<unknown>>(`/tournaments/${encode(tournamentId)}/charity`, { charityId }),
};
