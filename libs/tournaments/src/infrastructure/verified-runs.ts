import { Inject, Injectable } from '@nestjs/common';
import { sql, type Kysely } from 'kysely';
import type { PlayRun } from '@arena/contracts/plays.contract';
import { DATABASE } from '@arena/database';
import { topEntries } from '@arena/projections/leaderboards/leaderboards.queries';
import { findTournament } from '@arena/projections/tournament-catalog/tournament-catalog.queries';
import { isUuid } from '@arena/text';

/** One verified play's replay material, as the result handler records it. */
export interface VerifiedRunRecord {
  playId: string;
  tournamentId: string;
  userId: string;
  username: string;
  game: string;
  seed: string | null;
  stepSeeds: number[] | null;
  packedLog: string;
  score: number;
  completed: boolean;
  durationMs: number;
  verifiedAt: Date;
}

interface RunRow {
  play_id: string;
  tournament_id: string;
  user_id: string;
  player_name: string;
  game: string;
  seed: string | null;
  step_seeds: number[] | null;
  packed_log: string;
  score: number;
  completed: boolean;
  duration_ms: number;
  verified_at: Date;
}

const toRun = (row: RunRow): PlayRun => ({
  playId: row.play_id,
  tournamentId: row.tournament_id,
  game: row.game,
  playerName: row.player_name,
  score: row.score,
  completed: row.completed,
  durationMs: row.duration_ms,
  seed: row.seed,
  stepSeeds: row.step_seeds,
  packedLog: row.packed_log,
  verifiedAt: row.verified_at.toISOString(),
});

// The runs' columns, the player under an erased member's erased name (identity's erased_members, read
// by key) as the leaderboard shows them: the row keeps the name the play was submitted under.
const RUN_COLUMNS = sql`r.play_id, r.tournament_id, r.user_id, coalesce(erased.erased_name, r.username) AS player_name,
  r.game, r.seed, r.step_seeds, r.packed_log, r.score, r.completed, r.duration_ms, r.verified_at`;

/**
 * The replay material of verified plays (issue 23, docs/fair-play.md "Watching a run"), table
 * `verified_runs`. A row is written only after the decider recorded the play's verified score, so a
 * running, expired or refused play has none: the reads below never see a play that is not finished.
 */
@Injectable()
export class VerifiedRuns {
  constructor(@Inject(DATABASE) private readonly db: Kysely<any>) {}

  /** Once per play: a retry of the write (none today) keeps the first. */
  async record(run: VerifiedRunRecord): Promise<void> {
    await sql`
      INSERT INTO verified_runs (play_id, tournament_id, user_id, username, game, seed, step_seeds, packed_log,
        score, completed, duration_ms, verified_at)
      VALUES (${run.playId}, ${run.tournamentId}, ${run.userId}, ${run.username}, ${run.game}, ${run.seed},
        ${run.stepSeeds}::integer[], ${run.packedLog}, ${run.score}, ${run.completed}, ${run.durationMs}, ${run.verifiedAt})
      ON CONFLICT (play_id) DO NOTHING`.execute(this.db);
  }

  /** One play's run: one primary-key read (and one of erased_members), whatever the table's size. */
  async byPlay(playId: string): Promise<PlayRun | null> {
    if (!isUuid(playId)) return null;
    const { rows } = await sql<RunRow>`
      SELECT ${RUN_COLUMNS} FROM verified_runs r
      LEFT JOIN erased_members erased ON erased.member_id = r.user_id
      WHERE r.play_id = ${playId.toLowerCase()}::uuid`.execute(this.db);
    return rows[0] ? toRun(rows[0]) : null;
  }

  /**
   * The tournament's best run: the champion's (the first of the final standings once completed, else
   * the leaderboard's leader: one ranking-index entry) best verified play. Cost: the tournament's
   * catalog row by key, then that one member's runs in that tournament through
   * (tournament_id, user_id): it grows with one player's attempts, never with the field or the table.
   */
  async bestOf(tournamentId: string): Promise<PlayRun | null> {
    if (!isUuid(tournamentId)) return null;
    const tournament = await findTournament(this.db, tournamentId);
    if (!tournament) return null;
    const leaderId = tournament.final_standings
      ? tournament.final_standings[0]?.userId
      : (await topEntries(this.db, tournamentId, 1))[0]?.userId;
    if (!leaderId || !isUuid(leaderId)) return null;
    return this.bestRunOf(tournamentId, tournament.format, leaderId);
  }

  /**
   * One member's own best verified run in a tournament (`runs/mine`): the catalog row by key and that
   * member's runs, the same cost as `bestOf`. Only rows of `verified_runs`, so never a running play.
   */
  async bestOfMember(tournamentId: string, userId: string): Promise<PlayRun | null> {
    if (!isUuid(tournamentId) || !isUuid(userId)) return null;
    const tournament = await findTournament(this.db, tournamentId);
    if (!tournament) return null;
    return this.bestRunOf(tournamentId, tournament.format, userId);
  }

  private async bestRunOf(tournamentId: string, format: string, userId: string): Promise<PlayRun | null> {
    // TIME_ATTACK: the fastest completed run (its score is the time); points: the highest; ties go to
    // the earlier run.
    const order =
      format === 'TIME_ATTACK'
        ? sql`r.completed DESC, r.score ASC, r.verified_at ASC`
        : sql`r.score DESC, r.verified_at ASC`;
    const { rows } = await sql<RunRow>`
      SELECT ${RUN_COLUMNS} FROM verified_runs r
      LEFT JOIN erased_members erased ON erased.member_id = r.user_id
      WHERE r.tournament_id = ${tournamentId.toLowerCase()}::uuid AND r.user_id = ${userId.toLowerCase()}::uuid
      ORDER BY ${order} LIMIT 1`.execute(this.db);
    return rows[0] ? toRun(rows[0]) : null;
  }
}
