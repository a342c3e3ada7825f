import { sql, type Kysely, type Transaction } from 'kysely';
import type { RecordedEvent } from '@arena/event-store';
import { lowerScoreWins } from '@arena/contracts/tournaments.rules';
import type { Projector, TableNames } from '@arena/projection-runner';
import {
  isCompletedRun,
  type PlayerJoined,
  type ScoreSubmitted,
  type TournamentCancelled,
  type TournamentCompleted,
  type TournamentCreated,
  type TournamentEdited,
  type TournamentStarted,
} from '@arena/tournaments/events';
import { playFromMatchEvent, MATCH_PLAY_EVENT_TYPES } from './match-plays';

type Base = 'player_stats_tournaments' | 'player_stats_participants' | 'player_stats_plays';
type Names = TableNames<Base>;

/** The bracket formats' stage drawing: only its stage number and kind are read, to name matches. */
interface BracketGenerated {
  type: 'BracketGenerated';
  data: { tournamentId: string; stage?: unknown; kind?: unknown };
}

type StatsEvent =
  | TournamentCreated
  | TournamentEdited
  | BracketGenerated
  | PlayerJoined
  | TournamentStarted
  | ScoreSubmitted
  | TournamentCompleted
  | TournamentCancelled;

const EVENT_TYPES: readonly string[] = [
  'TournamentCreated',
  'TournamentEdited',
  'BracketGenerated',
  'PlayerJoined',
  'TournamentStarted',
  'ScoreSubmitted',
  'TournamentCompleted',
  'TournamentCancelled',
  ...MATCH_PLAY_EVENT_TYPES,
];

/** One play of one player: a score submitted, or a head-to-head match played or forfeited. */
export interface Play {
  tournamentId: string;
  userId: string;
  username: string;
  /**
   * The play's id in the history. Until the games issue adds play sessions, the id of the event that
   * recorded a score (unique, and the same after every rebuild), or `match:{matchId}` for a match.
   */
  playId: string;
  score: number;
  /** False for a run that did not finish (TIME_ATTACK: it has no time) and for a forfeit. */
  completed: boolean;
  status: 'COMPLETED' | 'INCOMPLETE' | 'FORFEITED';
  level: number | null;
  /** Free text from the play session once the games issue records one; matches are named at read. */
  stage: string | null;
  startedAt: string;
  /** Seconds. Scores carry no duration yet (the games issue adds play sessions): 0 until then. */
  durationSeconds: number;
}

/**
 * Player statistics (spec: Player tournament stats, Game stats): one row per tournament (its title,
 * game, prize pool, format and status), one per player in it (plays, best, sum for the average, play
 * time, first and last play, final rank and score once completed) and one per play (the score history).
 *
 * A result counts towards best, average and trend when it has a value: every score of a score format,
 * and only finished runs of TIME_ATTACK, whose best is the lowest time. Forfeits are in the history
 * but are not plays. Idempotent: a play is keyed by its id and only a newly inserted play adds to its
 * player's totals; tournament rows apply each event once by stream revision; joins and final standings
 * are upserts.
 */
export class PlayerStatsProjector implements Projector<Base> {
  readonly name = 'player_stats';
  // 2: a verified play's durationMs is its play time (issue 10).
  readonly version = 2;
  readonly eventTypes = EVENT_TYPES;
  readonly tables: readonly Base[] = [
    'player_stats_tournaments',
    'player_stats_participants',
    'player_stats_plays',
  ];

  async createTables(db: Kysely<any>, names: Names): Promise<void> {
    await sql`
      CREATE TABLE ${sql.table(names.player_stats_tournaments)} (
        tournament_id uuid PRIMARY KEY,
        title text NOT NULL,
        game_name text NOT NULL,
        prize_pool_cents bigint NOT NULL,
        format text NOT NULL,
        lower_is_better boolean NOT NULL,
        status text NOT NULL,
        -- Head-to-head: each stage's kind by its number, to name where a match was.
        stage_kinds jsonb NOT NULL DEFAULT '{}',
        last_revision integer NOT NULL
      )`.execute(db);
    await sql`
      CREATE TABLE ${sql.table(names.player_stats_participants)} (
        tournament_id uuid NOT NULL,
        user_id uuid NOT NULL,
        username text NOT NULL,
        lower_is_better boolean NOT NULL DEFAULT false,
        joined_at timestamptz NOT NULL,
        plays integer NOT NULL DEFAULT 0,
        results integer NOT NULL DEFAULT 0,
        best_score double precision,
        score_sum double precision NOT NULL DEFAULT 0,
        play_time_seconds bigint NOT NULL DEFAULT 0,
        first_play_at timestamptz,
        last_play_at timestamptz,
        final_rank integer,
        final_score double precision,
        PRIMARY KEY (tournament_id, user_id)
      )`.execute(db);
    await sql`
      CREATE TABLE ${sql.table(names.player_stats_plays)} (
        tournament_id uuid NOT NULL,
        user_id uuid NOT NULL,
        play_id text NOT NULL,
        score double precision NOT NULL,
        completed boolean NOT NULL,
        status text NOT NULL,
        level integer,
        stage text,
        started_at timestamptz NOT NULL,
        duration_seconds integer NOT NULL,
        PRIMARY KEY (tournament_id, user_id, play_id)
      )`.execute(db);
  }

  async createIndexes(db: Kysely<any>, names: Names): Promise<void> {
    // A member's history across tournaments, newest first (GET /users/game-stats).
    await sql`
      CREATE INDEX IF NOT EXISTS ${sql.id(`${names.player_stats_participants}_member`)}
        ON ${sql.table(names.player_stats_participants)} (user_id, joined_at DESC)`.execute(db);
    // One player's score history in one tournament, newest first.
    await sql`
      CREATE INDEX IF NOT EXISTS ${sql.id(`${names.player_stats_plays}_history`)}
        ON ${sql.table(names.player_stats_plays)} (tournament_id, user_id, started_at DESC)`.execute(db);
  }

  /** Plays only add up, so a run of them is one statement; any other event writes them first. */
  async apply(trx: Transaction<any>, events: readonly RecordedEvent[], names: Names): Promise<void> {
    let plays: Play[] = [];
    const flush = async () => {
      await savePlays(trx, names, plays);
      plays = [];
    };
    for (const recorded of events) {
      const fromMatch = playFromMatchEvent(recorded);
      if (fromMatch) {
        plays.push(...fromMatch);
        continue;
      }
      const event = { type: recorded.type, data: recorded.data } as StatsEvent;
      if (event.type === 'ScoreSubmitted') {
        plays.push(playFromScore(recorded.id, event.data));
        continue;
      }
      await flush();
      await applyOne(trx, names, event, recorded.revision);
    }
    await flush();
  }
}

/**
 * A score's result. `completed` arrives with TIME_ATTACK (absent in older events: a finished run). Only
 * TIME_ATTACK reads it (a score format has a score either way); the tournament row knows the format,
 * so the statement that saves plays decides whether an unfinished run counts.
 */
function playFromScore(eventId: string, data: ScoreSubmitted['data']): Play {
  const completed = isCompletedRun(data);
  return {
    tournamentId: data.tournamentId,
    userId: data.userId,
    username: data.username,
    playId: eventId,
    score: data.score,
    completed,
    status: completed ? 'COMPLETED' : 'INCOMPLETE',
    level: null,
    stage: null,
    startedAt: data.submittedAt,
    // A verified play's game clock (issue 10); a bare score (an external game's) has no play time.
    durationSeconds: Math.round((data.durationMs ?? 0) / 1000),
  };
}

async function applyOne(
  trx: Transaction<any>,
  names: Names,
  event: Exclude<StatsEvent, ScoreSubmitted>,
  revision: number,
): Promise<void> {
  const tournaments = names.player_stats_tournaments;
  // A tournament row applies each of its events once: a redelivered one is behind last_revision.
  const update = (values: Record<string, unknown>) =>
    trx
      .updateTable(tournaments)
      .set({ ...values, last_revision: revision })
      .where('tournament_id', '=', event.data.tournamentId)
      .where('last_revision', '<', revision)
      .executeTakeFirst()
      .then((result) => result.numUpdatedRows > 0n);
  switch (event.type) {
    case 'TournamentCreated': {
      const { data } = event;
      await trx
        .insertInto(tournaments)
        .values({
          tournament_id: data.tournamentId,
          title: data.title,
          game_name: data.game.name,
          prize_pool_cents: data.prizePoolCents,
          format: data.format,
          lower_is_better: lowerScoreWins(data.format),
          status: 'UPCOMING',
          last_revision: revision,
        })
        .onConflict((conflict) => conflict.column('tournament_id').doNothing())
        .execute();
      return;
    }
    case 'TournamentEdited': {
      // Only what a member's history shows; an edit names just the settings that changed.
      const { changes } = event.data;
      const values: Record<string, unknown> = {};
      if (typeof changes.title === 'string') values.title = changes.title;
      if (typeof changes.prizePoolCents === 'number') values.prize_pool_cents = changes.prizePoolCents;
      await update(values);
      return;
    }
    case 'BracketGenerated': {
      const { stage, kind } = event.data;
      if (typeof stage !== 'number' || typeof kind !== 'string') return;
      await update({
        stage_kinds: sql`stage_kinds || jsonb_build_object(${String(stage)}::text, ${kind}::text)`,
      });
      return;
    }
    case 'PlayerJoined': {
      const { data } = event;
      await trx
        .insertInto(names.player_stats_participants)
        .values({
          tournament_id: data.tournamentId,
          user_id: data.userId,
          username: data.username,
          lower_is_better: sql`coalesce((SELECT lower_is_better FROM ${sql.table(tournaments)} WHERE tournament_id = ${data.tournamentId}), false)`,
          joined_at: data.joinedAt,
        })
        .onConflict((conflict) => conflict.columns(['tournament_id', 'user_id']).doNothing())
        .execute();
      return;
    }
    case 'TournamentStarted':
      await update({ status: 'ACTIVE' });
      return;
    case 'TournamentCancelled':
      await update({ status: 'CANCELLED' });
      return;
    case 'TournamentCompleted': {
      if (!(await update({ status: 'COMPLETED' }))) return;
      const standings = event.data.finalStandings;
      if (standings.length === 0) return;
      await sql`
        UPDATE ${sql.table(names.player_stats_participants)} p
        SET final_rank = s.rank, final_score = s.score
        FROM unnest(
          ${standings.map((s) => s.userId)}::uuid[],
          ${standings.map((s) => s.rank)}::integer[],
          ${standings.map((s) => s.score)}::double precision[]
        ) AS s(user_id, rank, score)
        WHERE p.tournament_id = ${event.data.tournamentId} AND p.user_id = s.user_id`.execute(trx);
      return;
    }
    default: {
      const unexpected: never = event;
      return unexpected;
    }
  }
}

/**
 * Inserts the plays and adds the newly inserted ones (a redelivered play is already there) to their
 * players' totals, in one statement. A play counts as a result when it completed or when its
 * tournament ranks by score (an unfinished TIME_ATTACK run has no time). A forfeit is history only.
 */
async function savePlays(trx: Transaction<any>, names: Names, plays: readonly Play[]): Promise<void> {
  if (plays.length === 0) return;
  const participants = sql.table(names.player_stats_participants);
  await sql`
    WITH k AS (
      SELECT * FROM unnest(
        ${plays.map((p) => p.tournamentId)}::uuid[],
        ${plays.map((p) => p.userId)}::uuid[],
        ${plays.map((p) => p.username)}::text[],
        ${plays.map((p) => p.playId)}::text[],
        ${plays.map((p) => p.score)}::double precision[],
        ${plays.map((p) => p.completed)}::boolean[],
        ${plays.map((p) => p.status)}::text[],
        ${plays.map((p) => p.level)}::integer[],
        ${plays.map((p) => p.stage)}::text[],
        ${plays.map((p) => p.startedAt)}::timestamptz[],
        ${plays.map((p) => p.durationSeconds)}::integer[]
      ) AS k(tournament_id, user_id, username, play_id, score, completed, status, level, stage, started_at, duration_seconds)
    ),
    inserted AS (
      INSERT INTO ${sql.table(names.player_stats_plays)}
        (tournament_id, user_id, play_id, score, completed, status, level, stage, started_at, duration_seconds)
      SELECT DISTINCT ON (tournament_id, user_id, play_id)
        tournament_id, user_id, play_id, score, completed, status, level, stage, started_at, duration_seconds
      FROM k
      ON CONFLICT (tournament_id, user_id, play_id) DO NOTHING
      RETURNING *
    ),
    counted AS (
      SELECT i.*, coalesce(t.lower_is_better, false) AS lower_is_better,
        i.status <> 'FORFEITED' AS is_play,
        i.status <> 'FORFEITED' AND (i.completed OR NOT coalesce(t.lower_is_better, false)) AS is_result
      FROM inserted i
      LEFT JOIN ${sql.table(names.player_stats_tournaments)} t ON t.tournament_id = i.tournament_id
    ),
    totals AS (
      SELECT c.tournament_id, c.user_id, bool_or(c.lower_is_better) AS lower_is_better,
        (SELECT username FROM k WHERE k.tournament_id = c.tournament_id AND k.user_id = c.user_id LIMIT 1) AS username,
        count(*) FILTER (WHERE c.is_play) AS plays,
        count(*) FILTER (WHERE c.is_result) AS results,
        CASE WHEN bool_or(c.lower_is_better)
          THEN min(c.score) FILTER (WHERE c.is_result)
          ELSE max(c.score) FILTER (WHERE c.is_result) END AS best_score,
        coalesce(sum(c.score) FILTER (WHERE c.is_result), 0) AS score_sum,
        coalesce(sum(c.duration_seconds) FILTER (WHERE c.is_play), 0) AS play_time_seconds,
        min(c.started_at) AS earliest_at,
        min(c.started_at) FILTER (WHERE c.is_play) AS first_play_at,
        max(c.started_at) FILTER (WHERE c.is_play) AS last_play_at
      FROM counted c
      GROUP BY c.tournament_id, c.user_id
    )
    -- A play always follows its player's PlayerJoined; should one not, its first play stands in for the join.
    INSERT INTO ${participants} AS p
      (tournament_id, user_id, username, lower_is_better, joined_at, plays, results, best_score, score_sum,
       play_time_seconds, first_play_at, last_play_at)
    SELECT tournament_id, user_id, username, lower_is_better, earliest_at, plays, results,
      best_score, score_sum, play_time_seconds, first_play_at, last_play_at
    FROM totals
    ON CONFLICT (tournament_id, user_id) DO UPDATE SET
      plays = p.plays + excluded.plays,
      results = p.results + excluded.results,
      best_score = CASE WHEN excluded.lower_is_better
        THEN least(p.best_score, excluded.best_score)
        ELSE greatest(p.best_score, excluded.best_score) END,
      score_sum = p.score_sum + excluded.score_sum,
      play_time_seconds = p.play_time_seconds + excluded.play_time_seconds,
      first_play_at = least(p.first_play_at, excluded.first_play_at),
      last_play_at = greatest(p.last_play_at, excluded.last_play_at)`.execute(trx);
}
