import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { ChangeNotice } from '@arena/contracts';
import type { RecordedEvent } from '@arena/event-store';
import type { Projector, TableNames } from '@arena/projection-runner';
import {
  lowerScoreWins,
  tieBreakKey,
  type PlayerCharitySelected,
  type MatchDecided,
  type PlayerJoined,
  type ScoreSubmitted,
  type TournamentCreated,
} from '@arena/tournaments/events';

type Base = 'leaderboard_tournaments' | 'leaderboard_entries' | 'leaderboard_score_counts';
type Names = TableNames<Base>;

type LeaderboardEvent =
  TournamentCreated | PlayerJoined | ScoreSubmitted | PlayerCharitySelected | MatchDecided;
const EVENT_TYPES: readonly LeaderboardEvent['type'][] = [
  'TournamentCreated',
  'PlayerJoined',
  'ScoreSubmitted',
  'PlayerCharitySelected',
  'MatchDecided',
];

interface NewTournament {
  tieBreakSeed: string;
  lowerScoreWins: boolean;
}

/** A score row; a head-to-head win carries no username (the joined one stays). */
type ScoreRow = Omit<ScoreSubmitted['data'], 'username' | 'score' | 'submittedAt'> & {
  username: string | null;
};

const entryKey = (tournamentId: string, userId: string) => `${tournamentId}/${userId}`;

/**
 * Live standings of every tournament, one row per player, ranked by the same rule as the decider's
 * final standings (tournament.standings.ts). A batch becomes at most three statements: new seeds,
 * joined players, and each player's latest score of the batch. A ScoreSubmitted carries the
 * player's whole standing after it (attempt number, best score, when it was reached), so the row
 * takes the one with the highest attempt number: replays and repeats change nothing.
 *
 * TIME_ATTACK ranks the lowest completion time first: `rank_score` is the best result in ranking
 * order (the time itself there, the negated score elsewhere), so one ascending index serves every
 * format. A player whose runs never completed has no best and no rank. Each row also carries the
 * player's charity for this tournament (from their join, then each PlayerCharitySelected).
 */
export const leaderboardsProjector: Projector<Base> = {
  name: 'leaderboards',
  version: 4,
  eventTypes: EVENT_TYPES,
  tables: ['leaderboard_tournaments', 'leaderboard_entries', 'leaderboard_score_counts'],

  async createTables(db, names) {
    await sql`
      CREATE TABLE ${sql.table(names.leaderboard_tournaments)} (
        tournament_id uuid PRIMARY KEY,
        tie_break_seed text NOT NULL,
        lower_score_wins boolean NOT NULL
      )`.execute(db);
    // rank_score negates the score so the whole ranking is one ascending row comparison, which a
    // single btree serves for both top-N and "how many rank ahead of me".
    await sql`
      CREATE TABLE ${sql.table(names.leaderboard_entries)} (
        tournament_id uuid NOT NULL,
        user_id uuid NOT NULL,
        username text NOT NULL,
        charity_id text,
        charity_name text,
        best_score double precision,
        rank_score double precision,
        best_score_at timestamptz,
        attempts integer NOT NULL DEFAULT 0,
        tie_break_key text COLLATE "C" NOT NULL,
        PRIMARY KEY (tournament_id, user_id)
      )`.execute(db);
    // Players per best score: "my rank" sums the scores above mine here and only counts, in the
    // ranking index, the players tied on my score, instead of walking every player ahead.
    await sql`
      CREATE TABLE ${sql.table(names.leaderboard_score_counts)} (
        tournament_id uuid NOT NULL,
        rank_score double precision NOT NULL,
        players integer NOT NULL,
        PRIMARY KEY (tournament_id, rank_score) INCLUDE (players)
      )`.execute(db);
  },

  async createIndexes(db, names) {
    await sql`
      CREATE INDEX IF NOT EXISTS ${sql.id(`${names.leaderboard_entries}_ranking`)}
        ON ${sql.table(names.leaderboard_entries)} (tournament_id, rank_score, best_score_at, attempts, tie_break_key)
        WHERE best_score IS NOT NULL`.execute(db);
  },

  async apply(trx, events, names) {
    const fold = emptyFold();
    foldEvents(fold, events);
    await saveSeeds(trx, names, fold.seeds);
    await saveJoins(trx, names, [...fold.joins.values()], fold.seeds);
    await saveCharities(trx, names, [...fold.charities.values()]);
    await saveScores(trx, names, [...fold.scores.values()]);
    const changed = new Set(
      [...fold.joins.values(), ...fold.charities.values(), ...fold.scores.values()].map(
        (data) => data.tournamentId,
      ),
    );
    return [...changed].map((tournamentId): ChangeNotice => ({ topic: 'leaderboard', tournamentId }));
  },

  // A rebuild folds many pages, then inserts each player who joined in them once, with their latest
  // score and charity, and updates only the players who joined before; the score counts are counted
  // once at the end.
  bulk: {
    start: emptyFold,
    fold: foldEvents,
    size: (fold: LeaderboardFold) => fold.joins.size + fold.charities.size + fold.scores.size,
    write: writeFold,
    finish: countScores,
  },
};

/** What a batch of events changes, one entry per tournament or player: later events overwrite earlier ones. */
interface LeaderboardFold {
  seeds: Map<string, NewTournament>;
  joins: Map<string, PlayerJoined['data']>;
  charities: Map<string, PlayerCharitySelected['data']>;
  /** Each player's score with the highest attempt number. */
  scores: Map<string, ScoreRow>;
}

function emptyFold(): LeaderboardFold {
  return { seeds: new Map(), joins: new Map(), charities: new Map(), scores: new Map() };
}

function foldEvents(fold: LeaderboardFold, events: readonly RecordedEvent[]): void {
  const { seeds, joins, charities, scores } = fold;
  for (const recorded of events) {
    // Its type and data are the event's (no copy: a rebuild folds millions).
    const event = recorded as unknown as LeaderboardEvent;
    switch (event.type) {
      case 'TournamentCreated':
        seeds.set(event.data.tournamentId, {
          tieBreakSeed: event.data.tieBreakSeed,
          lowerScoreWins: lowerScoreWins(event.data.format),
        });
        break;
      case 'PlayerCharitySelected':
        charities.set(entryKey(event.data.tournamentId, event.data.userId), event.data);
        break;
      case 'PlayerJoined':
        joins.set(entryKey(event.data.tournamentId, event.data.userId), event.data);
        break;
      case 'ScoreSubmitted': {
        const key = entryKey(event.data.tournamentId, event.data.userId);
        if ((scores.get(key)?.attempt ?? 0) < event.data.attempt) scores.set(key, event.data);
        break;
      }
      case 'MatchDecided': {
        // Head-to-head formats rank by matches won: each win is the winner's next "attempt", with
        // their win count as the score, reached when the match was decided (docs/brackets.md).
        const { tournamentId, winnerId, winnerWins, decidedAt } = event.data;
        if (winnerId === null || winnerWins === null) break;
        const key = entryKey(tournamentId, winnerId);
        if ((scores.get(key)?.attempt ?? 0) < winnerWins) {
          scores.set(key, {
            tournamentId,
            userId: winnerId,
            username: null,
            attempt: winnerWins,
            bestScore: winnerWins,
            bestScoreAt: decidedAt,
          });
        }
        break;
      }
      default: {
        const unexpected: never = event;
        throw new Error(`leaderboards: unexpected event ${(unexpected as RecordedEvent).type}`);
      }
    }
  }
}

async function saveSeeds(
  trx: Transaction<any>,
  names: Names,
  seeds: Map<string, NewTournament>,
): Promise<void> {
  if (seeds.size === 0) return;
  const tournaments = [...seeds.values()];
  await sql`
    INSERT INTO ${sql.table(names.leaderboard_tournaments)} (tournament_id, tie_break_seed, lower_score_wins)
    SELECT * FROM unnest(
      ${[...seeds.keys()]}::uuid[],
      ${tournaments.map((t) => t.tieBreakSeed)}::text[],
      ${tournaments.map((t) => t.lowerScoreWins)}::boolean[]
    )
    ON CONFLICT (tournament_id) DO NOTHING`.execute(trx);
}

/** The latest choice per player of the batch; it comes after their join in the stream. */
async function saveCharities(
  trx: Transaction<any>,
  names: Names,
  choices: PlayerCharitySelected['data'][],
): Promise<void> {
  if (choices.length === 0) return;
  await sql`
    UPDATE ${sql.table(names.leaderboard_entries)} e SET charity_id = k.charity_id, charity_name = k.charity_name
    FROM unnest(
      ${choices.map((c) => c.tournamentId)}::uuid[],
      ${choices.map((c) => c.userId)}::uuid[],
      ${choices.map((c) => c.charityId)}::text[],
      ${choices.map((c) => c.charityName)}::text[]
    ) AS k(tournament_id, user_id, charity_id, charity_name)
    WHERE e.tournament_id = k.tournament_id AND e.user_id = k.user_id`.execute(trx);
}

async function saveJoins(
  trx: Transaction<any>,
  names: Names,
  joins: PlayerJoined['data'][],
  batchSeeds: Map<string, NewTournament>,
): Promise<void> {
  if (joins.length === 0) return;
  const keys = await tieBreakKeys(trx, names, joins, batchSeeds);
  await sql`
    INSERT INTO ${sql.table(names.leaderboard_entries)} (tournament_id, user_id, username, charity_id, charity_name, tie_break_key)
    SELECT * FROM unnest(
      ${joins.map((j) => j.tournamentId)}::uuid[],
      ${joins.map((j) => j.userId)}::uuid[],
      ${joins.map((j) => j.username)}::text[],
      ${joins.map((j) => j.charityId)}::text[],
      ${joins.map((j) => j.charityName)}::text[],
      ${keys}::text[]
    )
    ON CONFLICT (tournament_id, user_id) DO UPDATE SET username = excluded.username`.execute(trx);
}

/** Each joining player's tie-break key, from their tournament's seed (in the batch, else stored). */
async function tieBreakKeys(
  trx: Transaction<any>,
  names: Names,
  joins: PlayerJoined['data'][],
  batchSeeds: Map<string, NewTournament>,
): Promise<string[]> {
  const seeds = new Map([...batchSeeds].map(([id, tournament]) => [id, tournament.tieBreakSeed]));
  const unknown = [...new Set(joins.map((join) => join.tournamentId))].filter((id) => !seeds.has(id));
  if (unknown.length > 0) {
    const { rows } = await sql<{ tournament_id: string; tie_break_seed: string }>`
      SELECT tournament_id, tie_break_seed FROM ${sql.table(names.leaderboard_tournaments)}
      WHERE tournament_id = ANY(${unknown}::uuid[])`.execute(trx);
    for (const row of rows) seeds.set(row.tournament_id, row.tie_break_seed);
  }
  return joins.map((join) => {
    const seed = seeds.get(join.tournamentId);
    if (seed === undefined) {
      throw new Error(
        `leaderboards: tournament ${join.tournamentId} has no TournamentCreated before its players`,
      );
    }
    return tieBreakKey(seed, join.userId);
  });
}

/**
 * A rebuild's write: the rows apply() would leave after the same events. A player who joined in the
 * fold is inserted once, with their latest score and charity of the fold (apply() would insert, then
 * update); the others are updated as apply() does. A join for a player already stored (the decider
 * never emits one) throws, so the rebuild applies those events one batch at a time instead.
 */
async function writeFold(trx: Transaction<any>, fold: LeaderboardFold, names: Names): Promise<void> {
  await saveSeeds(trx, names, fold.seeds);
  const joins = [...fold.joins.values()];
  if (joins.length > 0) {
    const keys = await tieBreakKeys(trx, names, joins, fold.seeds);
    const rows = joins.map((join) => {
      const key = entryKey(join.tournamentId, join.userId);
      return { join, charity: fold.charities.get(key), score: fold.scores.get(key) };
    });
    const { numAffectedRows } = await sql`
      INSERT INTO ${sql.table(names.leaderboard_entries)}
        (tournament_id, user_id, username, charity_id, charity_name, tie_break_key, attempts, best_score, rank_score, best_score_at)
      SELECT k.tournament_id, k.user_id, k.username, k.charity_id, k.charity_name, k.tie_break_key, k.attempts,
        k.best_score, CASE WHEN t.lower_score_wins THEN k.best_score ELSE -k.best_score END, k.best_score_at
      FROM unnest(
        ${rows.map((r) => r.join.tournamentId)}::uuid[],
        ${rows.map((r) => r.join.userId)}::uuid[],
        ${rows.map((r) => r.score?.username ?? r.join.username)}::text[],
        ${rows.map((r) => (r.charity ?? r.join).charityId)}::text[],
        ${rows.map((r) => (r.charity ?? r.join).charityName)}::text[],
        ${keys}::text[],
        ${rows.map((r) => r.score?.attempt ?? 0)}::integer[],
        ${rows.map((r) => r.score?.bestScore ?? null)}::double precision[],
        ${rows.map((r) => r.score?.bestScoreAt ?? null)}::timestamptz[]
      ) AS k(tournament_id, user_id, username, charity_id, charity_name, tie_break_key, attempts, best_score, best_score_at)
      JOIN ${sql.table(names.leaderboard_tournaments)} t ON t.tournament_id = k.tournament_id
      ON CONFLICT (tournament_id, user_id) DO NOTHING`.execute(trx);
    if (Number(numAffectedRows) !== rows.length)
      throw new Error('leaderboards: a player joined twice; applying these events batch by batch');
  }
  const stored = (key: string) => !fold.joins.has(key);
  await saveCharities(
    trx,
    names,
    [...fold.charities].filter(([key]) => stored(key)).map(([, choice]) => choice),
  );
  await updateScores(
    trx,
    names,
    [...fold.scores].filter(([key]) => stored(key)).map(([, score]) => score),
  );
}

/** saveScores without the score counts, which a rebuild counts once at the end (countScores). */
async function updateScores(trx: Transaction<any>, names: Names, scores: ScoreRow[]): Promise<void> {
  if (scores.length === 0) return;
  const input = scoresInput(scores);
  const { numAffectedRows } = await sql`
    UPDATE ${sql.table(names.leaderboard_entries)} e SET
      username = COALESCE(k.username, e.username),
      attempts = k.attempt,
      best_score = k.best_score,
      rank_score = CASE WHEN t.lower_score_wins THEN k.best_score ELSE -k.best_score END,
      best_score_at = k.best_score_at
    FROM ${input} JOIN ${sql.table(names.leaderboard_tournaments)} t ON t.tournament_id = k.tournament_id
    WHERE e.tournament_id = k.tournament_id AND e.user_id = k.user_id AND k.attempt > e.attempts`.execute(
    trx,
  );
  if (Number(numAffectedRows) < scores.length) await refuseStrayScores(trx, names, input);
}

/** Players per best score, counted from the entries once a rebuild has written them all. */
async function countScores(db: Kysely<any>, names: Names): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`DELETE FROM ${sql.table(names.leaderboard_score_counts)}`.execute(trx);
    await sql`
      INSERT INTO ${sql.table(names.leaderboard_score_counts)} (tournament_id, rank_score, players)
      SELECT tournament_id, rank_score, count(*) FROM ${sql.table(names.leaderboard_entries)}
      WHERE rank_score IS NOT NULL
      GROUP BY tournament_id, rank_score
      ORDER BY tournament_id, rank_score`.execute(trx);
  });
}

async function saveScores(trx: Transaction<any>, names: Names, scores: ScoreRow[]): Promise<void> {
  if (scores.length === 0) return;
  const entries = sql.table(names.leaderboard_entries);
  const input = scoresInput(scores);
  // One statement: every CTE reads the snapshot from before the UPDATE, so `previous` holds the
  // old best scores, whose players move to their new score in the counts.
  const { rows: result } = await sql<{ updated: string }>`
    WITH k AS (SELECT * FROM ${input}),
    changed AS (
      UPDATE ${entries} e SET
        username = COALESCE(k.username, e.username),
        attempts = k.attempt,
        best_score = k.best_score,
        rank_score = CASE WHEN t.lower_score_wins THEN k.best_score ELSE -k.best_score END,
        best_score_at = k.best_score_at
      FROM k JOIN ${sql.table(names.leaderboard_tournaments)} t ON t.tournament_id = k.tournament_id
      WHERE e.tournament_id = k.tournament_id AND e.user_id = k.user_id AND k.attempt > e.attempts
      RETURNING e.tournament_id, e.user_id, e.rank_score
    ),
    previous AS (
      SELECT e.tournament_id, e.rank_score FROM ${entries} e
      JOIN changed c ON c.tournament_id = e.tournament_id AND c.user_id = e.user_id
      WHERE e.rank_score IS NOT NULL
    ),
    deltas AS (
      SELECT tournament_id, rank_score, 1 AS delta FROM changed WHERE rank_score IS NOT NULL
      UNION ALL
      SELECT tournament_id, rank_score, -1 FROM previous
    ),
    counted AS (
      INSERT INTO ${sql.table(names.leaderboard_score_counts)} (tournament_id, rank_score, players)
      SELECT tournament_id, rank_score, sum(delta) FROM deltas GROUP BY tournament_id, rank_score HAVING sum(delta) <> 0
      ON CONFLICT (tournament_id, rank_score) DO UPDATE
        SET players = ${sql.table(names.leaderboard_score_counts)}.players + excluded.players
    )
    SELECT count(*) AS updated FROM changed`.execute(trx);
  if (Number(result[0]!.updated) < scores.length) await refuseStrayScores(trx, names, input);
}

const scoresInput = (scores: ScoreRow[]) => sql`unnest(
      ${scores.map((s) => s.tournamentId)}::uuid[],
      ${scores.map((s) => s.userId)}::uuid[],
      ${scores.map((s) => s.username)}::text[],
      ${scores.map((s) => s.attempt)}::integer[],
      ${scores.map((s) => s.bestScore)}::double precision[],
      ${scores.map((s) => s.bestScoreAt)}::timestamptz[]
    ) AS k(tournament_id, user_id, username, attempt, best_score, best_score_at)`;

/** Fewer rows updated than scores: replays (already applied), or a score for a player who never joined. */
async function refuseStrayScores(
  trx: Transaction<any>,
  names: Names,
  input: RawBuilder<unknown>,
): Promise<void> {
  const { rows } = await sql<{ tournament_id: string; user_id: string }>`
    SELECT k.tournament_id, k.user_id FROM ${input}
    WHERE NOT EXISTS (
      SELECT 1 FROM ${sql.table(names.leaderboard_entries)} e
      WHERE e.tournament_id = k.tournament_id AND e.user_id = k.user_id
    )
    LIMIT 1`.execute(trx);
  const stray = rows[0];
  if (stray)
    throw new Error(
      `leaderboards: player ${stray.user_id} scored in ${stray.tournament_id} without joining it`,
    );
}
