import { sql, type Kysely } from 'kysely';
import { avatarUrl } from '@arena/contracts';
import { isUuid } from '@arena/text';
import type { TournamentStatus } from '@arena/tournaments/events';
import { improvementTrend, TREND_WINDOW, type ImprovementTrend } from './improvement-trend';
import { matchStageLabel, type StageKinds } from './match-plays';

/** The score history answers the latest plays only: enough for the modal's list and chart. */
export const SCORE_HISTORY_LIMIT = 50;
/** A member's tournament history answers the newest participations only (the profile shows 5). */
export const TOURNAMENT_HISTORY_LIMIT = 100;

export interface PlayerStatsRow {
  userId: string;
  username: string;
  avatarUrl: string | null;
  tournamentTitle: string;
  tournamentStatus: TournamentStatus;
  /** Set once the tournament completed and the player was ranked. */
  finalRank: number | null;
  totalPlays: number;
  bestScore: number | null;
  averageScore: number | null;
  /** Seconds. */
  totalPlayTime: number;
  improvementTrend: ImprovementTrend;
  scoreHistory: Array<{
    sessionId: string;
    score: number;
    level: number | null;
    stage: string | null;
    startedAt: string;
    duration: number;
    status: 'COMPLETED' | 'INCOMPLETE' | 'FORFEITED';
  }>;
  firstPlayAt: string | null;
  lastPlayAt: string | null;
}

export type PlayerStatsLookup =
  { found: 'none' } | { found: 'tournament' } | { found: 'player'; stats: PlayerStatsRow };

/** Rounded to hundredths: an average of whole scores reads 1234.57, not 1234.5666666. */
const hundredths = (value: number) => Math.round(value * 100) / 100;

/**
 * One player's statistics in one tournament. `found` says how far the lookup got: no such tournament,
 * a tournament the player is not in, or the player's statistics.
 */
export async function findPlayerStats(
  db: Kysely<any>,
  tournamentId: string,
  userId: string,
): Promise<PlayerStatsLookup> {
  // Ids are uuid columns: anything else matches no row and must not reach PostgreSQL as a cast error.
  if (!isUuid(tournamentId)) return { found: 'none' };
  const { rows: tournaments } = await sql<{
    title: string;
    status: TournamentStatus;
    lower_is_better: boolean;
    stage_kinds: StageKinds;
  }>`
    SELECT title, status, lower_is_better, stage_kinds FROM player_stats_tournaments WHERE tournament_id = ${tournamentId}`.execute(
    db,
  );
  const tournament = tournaments[0];
  if (!tournament) return { found: 'none' };
  if (!isUuid(userId)) return { found: 'tournament' };

  const { rows: players } = await sql<{
    user_id: string;
    username: string;
    plays: number;
    results: number;
    best_score: number | null;
    score_sum: number;
    play_time_seconds: string;
    first_play_at: Date | null;
    last_play_at: Date | null;
    final_rank: number | null;
    avatar_updated_at: Date | null;
  }>`
    SELECT p.user_id, coalesce(erased.erased_name, p.username) AS username, p.plays, p.results, p.best_score, p.score_sum, p.play_time_seconds,
      p.first_play_at, p.last_play_at, p.final_rank, avatar.updated_at AS avatar_updated_at
    FROM player_stats_participants p
    LEFT JOIN account_avatars avatar ON avatar.account_id = p.user_id
    LEFT JOIN erased_members erased ON erased.member_id = p.user_id
    WHERE p.tournament_id = ${tournamentId} AND p.user_id = ${userId}`.execute(db);
  const player = players[0];
  if (!player) return { found: 'tournament' };

  const [{ rows: history }, { rows: recent }] = await Promise.all([
    sql<{
      play_id: string;
      score: number;
      level: number | null;
      stage: string | null;
      started_at: Date;
      duration_seconds: number;
      status: 'COMPLETED' | 'INCOMPLETE' | 'FORFEITED';
    }>`
      SELECT play_id, score, level, stage, started_at, duration_seconds, status
      FROM player_stats_plays
      WHERE tournament_id = ${tournamentId} AND user_id = ${userId}
      ORDER BY started_at DESC, play_id DESC
      LIMIT ${SCORE_HISTORY_LIMIT}`.execute(db),
    // The results the trend compares: the latest two windows of plays that have a value.
    sql<{ score: number }>`
      SELECT score FROM player_stats_plays
      WHERE tournament_id = ${tournamentId} AND user_id = ${userId} AND status <> 'FORFEITED'
        AND (completed OR NOT ${tournament.lower_is_better})
      ORDER BY started_at DESC, play_id DESC
      LIMIT ${2 * TREND_WINDOW}`.execute(db),
  ]);

  return {
    found: 'player',
    stats: {
      userId: player.user_id,
      username: player.username,
      avatarUrl: player.avatar_updated_at ? avatarUrl(player.user_id, player.avatar_updated_at) : null,
      tournamentTitle: tournament.title,
      tournamentStatus: tournament.status,
      finalRank: player.final_rank,
      totalPlays: player.plays,
      bestScore: player.best_score,
      averageScore: player.results > 0 ? hundredths(player.score_sum / player.results) : null,
      totalPlayTime: Number(player.play_time_seconds),
      improvementTrend: improvementTrend(
        recent.map((row) => row.score).reverse(),
        tournament.lower_is_better,
      ),
      scoreHistory: history.map((row) => ({
        sessionId: row.play_id,
        score: row.score,
        level: row.level,
        stage: row.stage ?? matchStageLabel(row.play_id, tournament.stage_kinds),
        startedAt: row.started_at.toISOString(),
        duration: row.duration_seconds,
        status: row.status,
      })),
      firstPlayAt: player.first_play_at?.toISOString() ?? null,
      lastPlayAt: player.last_play_at?.toISOString() ?? null,
    },
  };
}

export interface MemberGameStatsRow {
  overallStats: {
    totalTournaments: number;
    totalWins: number;
    winRate: number;
    totalGamesPlayed: number;
    averageScore: number;
    highestScore: number;
    totalPlayTime: number;
  };
  tournamentHistory: Array<{
    tournament: {
      id: string;
      title: string;
      prizePool: number;
      game: { name: string };
      lowerScoreWins: boolean;
    };
    participation: {
      finalRank: number | null;
      finalScore: number | null;
      isWinner: boolean;
      status: TournamentStatus;
    };
  }>;
}

interface TotalsRow {
  tournaments: string;
  wins: string;
  completed: string;
  plays: string | null;
  score_sum: number | null;
  results: string | null;
  highest: number | null;
  play_time: string | null;
}

interface HistoryRow {
  tournament_id: string;
  title: string;
  prize_pool_cents: string;
  game_name: string;
  status: TournamentStatus;
  final_rank: number | null;
  final_score: number | null;
  lower_is_better: boolean;
}

/**
 * A member's statistics across every tournament they joined (spec: Game stats). The rules:
 * - totalTournaments: tournaments joined, except cancelled ones (nothing was decided there).
 * - totalWins: completed tournaments where the member's final rank is 1; isWinner is the same rule, so
 *   the two always agree (a prize place below 1 is not a win).
 * - winRate: wins per completed tournament, in percent with one decimal (0 before any completed).
 * - totalGamesPlayed: plays in every tournament (scores submitted and matches played).
 * - averageScore, highestScore: over score formats only. TIME_ATTACK results are times in
 *   milliseconds where lower is better, and mixing them in would make both figures meaningless.
 * - totalPlayTime: seconds of game clock of the verified plays with a score (bare scores have none).
 * - tournamentHistory: newest joined first, at most TOURNAMENT_HISTORY_LIMIT; finalRank and finalScore
 *   are null until the tournament completes (and for a player who never scored in it).
 */
export async function memberGameStats(db: Kysely<any>, userId: string): Promise<MemberGameStatsRow> {
  if (!isUuid(userId)) return toMemberGameStats(undefined, []);
  const [{ rows: totals }, { rows: history }] = await Promise.all([
    sql<TotalsRow>`
      SELECT
        count(*) FILTER (WHERE t.status <> 'CANCELLED') AS tournaments,
        count(*) FILTER (WHERE t.status = 'COMPLETED' AND p.final_rank = 1) AS wins,
        count(*) FILTER (WHERE t.status = 'COMPLETED') AS completed,
        sum(p.plays) AS plays,
        sum(p.score_sum) FILTER (WHERE NOT p.lower_is_better) AS score_sum,
        sum(p.results) FILTER (WHERE NOT p.lower_is_better) AS results,
        max(p.best_score) FILTER (WHERE NOT p.lower_is_better) AS highest,
        sum(p.play_time_seconds) AS play_time
      FROM player_stats_participants p
      JOIN player_stats_tournaments t ON t.tournament_id = p.tournament_id
      WHERE p.user_id = ${userId}`.execute(db),
    sql<HistoryRow>`
      SELECT t.tournament_id, t.title, t.prize_pool_cents, t.game_name, t.status, t.lower_is_better,
        p.final_rank, p.final_score
      FROM player_stats_participants p
      JOIN player_stats_tournaments t ON t.tournament_id = p.tournament_id
      WHERE p.user_id = ${userId}
      ORDER BY p.joined_at DESC, p.tournament_id
      LIMIT ${TOURNAMENT_HISTORY_LIMIT}`.execute(db),
  ]);
  return toMemberGameStats(totals[0], history);
}

function toMemberGameStats(row: TotalsRow | undefined, history: HistoryRow[]): MemberGameStatsRow {
  const wins = Number(row?.wins ?? 0);
  const completed = Number(row?.completed ?? 0);
  const results = Number(row?.results ?? 0);
  return {
    overallStats: {
      totalTournaments: Number(row?.tournaments ?? 0),
      totalWins: wins,
      winRate: completed > 0 ? Math.round((wins / completed) * 1000) / 10 : 0,
      totalGamesPlayed: Number(row?.plays ?? 0),
      averageScore: results > 0 ? hundredths((row?.score_sum ?? 0) / results) : 0,
      highestScore: row?.highest ?? 0,
      totalPlayTime: Number(row?.play_time ?? 0),
    },
    tournamentHistory: history.map((entry) => {
      // Ranks are final only once the tournament completed.
      const finalRank = entry.status === 'COMPLETED' ? entry.final_rank : null;
      return {
        tournament: {
          id: entry.tournament_id,
          title: entry.title,
          prizePool: Number(entry.prize_pool_cents) / 100,
          game: { name: entry.game_name },
          lowerScoreWins: entry.lower_is_better,
        },
        participation: {
          finalRank,
          finalScore: entry.status === 'COMPLETED' ? entry.final_score : null,
          isWinner: finalRank === 1,
          status: entry.status,
        },
      };
    }),
  };
}
