import { queryOptions } from '@tanstack/react-query';
import type { ListTournamentsParams, PlayResultBody, ReleaseBody, RevealBody } from '@arena/contracts';
import { routes } from '@arena/contracts/http.routes';
import { callApi, unlessNotFound } from '../../lib/api-client';

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
  /** Keyed by the leader too (`userId:score`): a new leader or a better best asks for the new run. */
  bestRun: (tournamentId: string, leader: string) =>
    ['tournaments', 'best-run', { tournamentId, leader }] as const,
  /** The member's own best run, keyed by member (a sign-out and another sign-in see their own). */
  myBestRun: (tournamentId: string, memberId: string) =>
    ['tournaments', 'my-best-run', { tournamentId, memberId }] as const,
};

export const tournamentListQuery = (params: ListTournamentsParams) =>
  queryOptions({
    queryKey: tournamentKeys.list(params),
    queryFn: async ({ signal }) =>
      (await callApi(routes.tournaments.list, { query: { status: params.status }, signal })).data.tournaments,
  });

export const tournamentDetailQuery = (tournamentId: string) =>
  queryOptions({
    queryKey: tournamentKeys.detail(tournamentId),
    queryFn: async ({ signal }) =>
      (await callApi(routes.tournaments.detail, { params: { id: tournamentId }, signal })).data,
  });

export const playerStatsQuery = (tournamentId: string, playerId: string) =>
  queryOptions({
    queryKey: tournamentKeys.playerStats(tournamentId, playerId),
    queryFn: async ({ signal }) =>
      (await callApi(routes.tournaments.playerStats, { params: { id: tournamentId, playerId }, signal }))
        .data,
  });

/** The signed-in member's own: the server reads the member from the token, the key only separates caches. */
export const gameStatsQuery = (memberId: string) =>
  queryOptions({
    queryKey: tournamentKeys.gameStats(memberId),
    queryFn: async ({ signal }) => (await callApi(routes.tournaments.myGameStats, { signal })).data,
  });

export const nonprofitSearchQuery = (term: string) =>
  queryOptions({
    queryKey: tournamentKeys.nonprofits(term),
    queryFn: async ({ signal }) =>
      (await callApi(routes.tournaments.nonprofits, { query: { term, limit: 10 }, signal })).data.nonprofits,
    staleTime: 5 * 60_000,
  });

/**
 * The tournament's best verified run to watch (issue 23): the leader's best play's replay material, or
 * null when there is none yet (404: no verified play, or a game that is not replayed here).
 */
export const bestRunQuery = (tournamentId: string, leader: string) =>
  queryOptions({
    queryKey: tournamentKeys.bestRun(tournamentId, leader),
    queryFn: async ({ signal }) =>
      unlessNotFound(
        callApi(routes.plays.bestRun, { params: { id: tournamentId }, signal }).then((answer) => answer.data),
      ),
    staleTime: 60_000,
  });

/**
 * The signed-in member's own best verified run (issue 23): the server reads the member from the token,
 * so it answers their own or nothing (404: no verified play yet; a play still running is never one).
 */
export const myBestRunQuery = (tournamentId: string, memberId: string) =>
  queryOptions({
    queryKey: tournamentKeys.myBestRun(tournamentId, memberId),
    queryFn: async ({ signal }) =>
      unlessNotFound(
        callApi(routes.plays.myBestRun, { params: { id: tournamentId }, signal }).then(
          (answer) => answer.data,
        ),
      ),
  });

export const tournamentsApi = {
  join: async (tournamentId: string, charityId: string | null) =>
    (
      await callApi(routes.tournaments.join, {
        params: { id: tournamentId },
        body: charityId ? { charityId } : {},
      })
    ).data,
  /**
   * Opens a play (issue 10): the server fixes the seed and issues the game token the frame gets in AUTH.
   * Head-to-head formats open it for the member's match.
   */
  startPlay: async (tournamentId: string, matchId: string | null) =>
    (
      await (matchId
        ? callApi(routes.plays.startMatch, { params: { id: tournamentId, matchId } })
        : callApi(routes.plays.start, { params: { id: tournamentId } }))
    ).data,
  /** The play's input log: the server replays it and answers the score it computed. */
  submitPlayResult: async (playId: string, body: PlayResultBody) =>
    (await callApi(routes.plays.submitResult, { params: { playId }, body })).data,
  /** A Memory Pairs flip: the server, which keeps the layout, answers the card's face. */
  reveal: async (playId: string, body: RevealBody) =>
    (await callApi(routes.plays.reveal, { params: { playId }, body })).data,
  /** A Tile Merge step: the server records the move and answers the block its tile is drawn from. */
  release: async (playId: string, body: ReleaseBody) =>
    (await callApi(routes.plays.release, { params: { playId }, body })).data,
  selectCharity: async (tournamentId: string, charityId: string | null) =>
    callApi(routes.tournaments.selectCharity, { params: { id: tournamentId }, body: { charityId } }),
};
