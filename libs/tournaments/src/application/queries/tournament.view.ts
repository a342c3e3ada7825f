import type { TournamentCatalogRow } from '@arena/projections/tournament-catalog/tournament-catalog.queries';

/** A list card: the spec's Tournament fields that exist so far, minus the per-member and leaderboard parts. */
export interface TournamentSummary {
  id: string;
  title: string;
  description: string;
  thumbnail: string | null;
  status: string;
  mode: string;
  format: string;
  prizeModel: string;
  /** US dollars with no decimals, e.g. "$1,000". */
  prizeDisplay: string;
  /** Dollars, as the spec's plan rules read it (500 = $500). */
  prizePool: number;
  prizePoolCents: number;
  maxParticipants: number;
  participantCount: number;
  stats: { totalParticipants: number; playersWithScore: number; totalScores: number };
  tournamentStart: string | null;
  tournamentEnd: string | null;
  requiredPlan: string;
  game: { name: string; integrationUrl: string };
}

export interface LeaderboardEntryView {
  rank: number;
  userId: string;
  username: string;
  avatarUrl: string | null;
  score: number;
  charityName: string | null;
  charityUrl: string | null;
}

export interface TournamentDetail extends TournamentSummary {
  rules: string;
  isUserJoined: boolean;
  canJoin: boolean;
  leaderboard: LeaderboardEntryView[];
  finalStandings: TournamentCatalogRow['final_standings'];
}

const dollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});

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
    prizeDisplay: dollars.format(Math.floor(row.prize_pool_cents / 100)),
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
    game: { name: row.game_name, integrationUrl: row.game_integration_url },
  };
}

/** Mirrors the decider's joining rules, for the Join button only: the decider has the last word. */
export function canJoin(row: TournamentCatalogRow, isUserJoined: boolean, now: Date): boolean {
  if (isUserJoined) return false;
  if (row.status !== 'ACTIVE' && row.status !== 'UPCOMING') return false;
  if (row.tournament_end && now >= row.tournament_end) return false;
  return row.mode === 'INSTANT' || row.participant_count < row.max_participants;
}

export function toTournamentDetail(
  row: TournamentCatalogRow,
  isUserJoined: boolean,
  leaderboard: LeaderboardEntryView[],
  now: Date,
): TournamentDetail {
  return {
    ...toTournamentSummary(row),
    rules: row.rules,
    isUserJoined,
    canJoin: canJoin(row, isUserJoined, now),
    leaderboard,
    finalStandings: row.final_standings,
  };
}
