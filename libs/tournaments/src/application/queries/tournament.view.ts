import type { LeaderboardEntry, TournamentDetail, TournamentSummary } from '@arena/contracts';
import { charityProfileUrl, dollarsFromCents, lowerScoreWins } from '@arena/contracts/tournaments.rules';
import type { TournamentCatalogRow } from '@arena/projections/tournament-catalog/tournament-catalog.queries';
import type { PrizeView } from './prize-view';
import { isHeadToHead } from '../../domain/bracket/bracket.state';

export function toTournamentSummary(row: TournamentCatalogRow): TournamentSummary {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    thumbnail: row.thumbnail,
    status: row.status,
    mode: row.mode,
    format: row.format,
    prizeModel: row.prize_model,
    prizeDisplay: dollarsFromCents(row.prize_pool_cents),
    prizePool: row.prize_pool_cents / 100,
    prizePoolCents: row.prize_pool_cents,
    maxParticipants: row.max_participants,
    participantCount: row.participant_count,
    stats: {
      totalParticipants: row.participant_count,
      playersWithScore: row.player_count,
      totalScores: row.score_count,
    },
    tournamentStart: row.tournament_start?.toISOString() ?? null,
    tournamentEnd: row.tournament_end?.toISOString() ?? null,
    requiredPlan: row.required_plan,
    game: { slug: row.game_slug, name: row.game_name, integrationUrl: row.game_integration_url },
    scoreVerification: row.game_verification,
    cancelReason: row.status === 'CANCELLED' ? row.cancel_reason : null,
  };
}

/** The signed-in member's charity for this tournament, as the detail's `myCharity`. */
export function myCharity(
  charity: { charityId: string | null; charityName: string | null } | undefined,
): TournamentDetail['myCharity'] {
  if (!charity?.charityId || !charity.charityName) return null;
  return {
    charityId: charity.charityId,
    charityName: charity.charityName,
    charityUrl: charityProfileUrl(charity.charityId),
  };
}

/**
 * Mirrors the decider's joining rules, for the Join button only: the decider has the last word.
 * The member's plan is left out on purpose: the card and page show the required plan beside the
 * button, and a member below it who presses Join reads the 403's message naming the plan, which
 * tells them what to do, where a missing button would not.
 */
export function canJoin(row: TournamentCatalogRow, isUserJoined: boolean, now: Date): boolean {
  if (isUserJoined) return false;
  if (row.status !== 'ACTIVE' && row.status !== 'UPCOMING') return false;
  if (row.tournament_end && now >= row.tournament_end) return false;
  // Head-to-head brackets close when full, whatever the mode.
  const rolling = row.mode === 'INSTANT' && !isHeadToHead(row.format);
  return rolling || row.participant_count < row.max_participants;
}

export function toTournamentDetail(
  row: TournamentCatalogRow,
  isUserJoined: boolean,
  leaderboard: LeaderboardEntry[],
  now: Date,
  prizes: PrizeView,
): TournamentDetail {
  return {
    ...toTournamentSummary(row),
    rules: row.rules,
    isUserJoined,
    participations: [],
    canJoin: canJoin(row, isUserJoined, now),
    leaderboard,
    finalStandings: row.final_standings,
    ...prizes,
    bracket: null,
    matchWindowMinutes: null,
    myCharity: null,
    myNextMatch: null,
    lowerScoreWins: lowerScoreWins(row.format),
  };
}

/** The signed-in member's own participation, as the detail's `participations` (none unless joined). */
export function myParticipations(
  row: TournamentCatalogRow,
  memberId: string | undefined,
  charity: { charityId: string | null; charityName: string | null } | undefined,
): TournamentDetail['participations'] {
  if (!memberId || !charity) return [];
  const standing =
    row.status === 'COMPLETED' ? row.final_standings?.find((line) => line.userId === memberId) : undefined;
  return [
    {
      userId: memberId,
      status: row.status,
      charityId: charity.charityId,
      charityName: charity.charityName,
      finalRank: standing?.rank ?? null,
      finalScore: standing?.score ?? null,
      isWinner: standing?.rank === 1,
    },
  ];
}
