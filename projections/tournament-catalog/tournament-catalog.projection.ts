import { sql, type Kysely, type Transaction } from 'kysely';
import type { ChangeNotice } from '@arena/contracts';
import type { RecordedEvent } from '@arena/event-store';
import type { Projector, TableNames } from '@arena/projection-runner';
import {
  scoreVerificationOf,
  TOURNAMENT_EVENT_TYPES,
  type ScoreSubmitted,
  type TournamentEdited,
  type TournamentEvent,
  type TournamentEventType,
} from '@arena/tournaments/events';

type Base = 'tournament_catalog' | 'tournament_catalog_participants';

/**
 * The tournaments list and detail pages: one row per tournament, one per joined player. Each row
 * remembers the last stream revision it applied, so a redelivered event changes nothing.
 */
export class TournamentCatalogProjector implements Projector<Base> {
  readonly name = 'tournament_catalog';
  // 3: game_verification (issue 21).
  readonly version = 3;
  readonly eventTypes: readonly TournamentEventType[] = TOURNAMENT_EVENT_TYPES;
  readonly tables: readonly Base[] = ['tournament_catalog', 'tournament_catalog_participants'];

  async createTables(db: Kysely<any>, names: TableNames<Base>): Promise<void> {
    const catalog = sql.table(names.tournament_catalog);
    const participants = sql.table(names.tournament_catalog_participants);
    await sql`
      CREATE TABLE ${catalog} (
        id uuid PRIMARY KEY,
        title text NOT NULL,
        description text NOT NULL,
        thumbnail text,
        status text NOT NULL,
        mode text NOT NULL,
        format text NOT NULL,
        prize_model text NOT NULL,
        prize_pool_cents bigint NOT NULL,
        max_participants integer NOT NULL,
        required_plan text NOT NULL,
        rules text NOT NULL,
        game_slug text NOT NULL,
        game_name text NOT NULL,
        game_integration_url text NOT NULL,
        game_max_score integer NOT NULL,
        game_verification text NOT NULL,
        tournament_start timestamptz,
        tournament_end timestamptz,
        created_at timestamptz NOT NULL,
        started_at timestamptz,
        completed_at timestamptz,
        cancelled_at timestamptz,
        cancel_reason text,
        edited_at timestamptz,
        participant_count integer NOT NULL DEFAULT 0,
        player_count integer NOT NULL DEFAULT 0,
        score_count integer NOT NULL DEFAULT 0,
        final_standings jsonb,
        last_revision integer NOT NULL
      )
    `.execute(db);
    await sql`CREATE INDEX ${sql.id(`${names.tournament_catalog}_status_idx`)} ON ${catalog} (status, created_at DESC)`.execute(
      db,
    );
    await sql`
      CREATE TABLE ${participants} (
        tournament_id uuid NOT NULL,
        user_id uuid NOT NULL,
        username text NOT NULL,
        charity_id text,
        charity_name text,
        joined_at timestamptz NOT NULL,
        PRIMARY KEY (tournament_id, user_id)
      )
    `.execute(db);
    await sql`CREATE INDEX ${sql.id(`${names.tournament_catalog_participants}_user_idx`)} ON ${participants} (user_id)`.execute(
      db,
    );
  }

  /**
   * A tournament's own facts (joined, started, edited, cancelled, completed) tell its room once they
   * are here, so a detail page refetched on that notice shows them: another read model's notice may
   * come first. Scores have the leaderboard's own, throttled notice.
   */
  async apply(
    trx: Transaction<any>,
    events: readonly RecordedEvent[],
    names: TableNames<Base>,
  ): Promise<ChangeNotice[]> {
    const changed = new Set<string>();
    // Scores only add to counters, so a run of them is folded into one statement. Any other event
    // writes the pending scores first: each row still applies its events in stream order.
    let scores: CountedScore[] = [];
    const flushScores = async () => {
      await countScores(trx, names.tournament_catalog, scores);
      scores = [];
    };
    for (const recorded of events) {
      const event = { type: recorded.type, data: recorded.data } as TournamentEvent;
      if (event.type === 'ScoreSubmitted') {
        scores.push({
          tournamentId: event.data.tournamentId,
          revision: recorded.revision,
          firstAttempt: event.data.attempt === 1,
        });
        continue;
      }
      await flushScores();
      await this.applyOne(trx, event, recorded.revision, names);
      changed.add(event.data.tournamentId);
    }
    await flushScores();
    return [...changed].map((tournamentId): ChangeNotice => ({ topic: 'tournament', tournamentId }));
  }

  /** A redelivered event (revision already applied) changes nothing. */
  private async applyOne(
    trx: Transaction<any>,
    event: Exclude<TournamentEvent, ScoreSubmitted>,
    revision: number,
    names: TableNames<Base>,
  ): Promise<void> {
    const catalog = names.tournament_catalog;
    const row = (values: Record<string, unknown>) =>
      trx
        .updateTable(catalog)
        .set({ ...values, last_revision: revision })
        .where('id', '=', event.data.tournamentId)
        .where('last_revision', '<', revision)
        .executeTakeFirst()
        .then((result) => result.numUpdatedRows > 0n);
    switch (event.type) {
      case 'TournamentCreated': {
        const { data } = event;
        await trx
          .insertInto(catalog)
          .values({
            id: data.tournamentId,
            title: data.title,
            description: data.description,
            thumbnail: data.thumbnail,
            status: 'UPCOMING',
            mode: data.mode,
            format: data.format,
            prize_model: data.prizeModel,
            prize_pool_cents: data.prizePoolCents,
            max_participants: data.maxParticipants,
            required_plan: data.requiredPlan,
            rules: data.rules,
            game_slug: data.game.slug,
            game_name: data.game.name,
            game_integration_url: data.game.integrationUrl,
            game_max_score: data.game.maxScore,
            game_verification: scoreVerificationOf(data.game),
            tournament_start: data.tournamentStart,
            tournament_end: data.tournamentEnd,
            created_at: data.createdAt,
            last_revision: revision,
          })
          .onConflict((conflict) => conflict.column('id').doNothing())
          .execute();
        return;
      }
      case 'PlayerJoined': {
        const { data } = event;
        const changed = await row({ participant_count: sql`participant_count + 1` });
        if (changed) {
          await trx
            .insertInto(names.tournament_catalog_participants)
            .values({
              tournament_id: data.tournamentId,
              user_id: data.userId,
              username: data.username,
              charity_id: data.charityId,
              charity_name: data.charityName,
              joined_at: data.joinedAt,
            })
            .onConflict((conflict) => conflict.columns(['tournament_id', 'user_id']).doNothing())
            .execute();
        }
        return;
      }
      case 'TournamentStarted':
        await row({ status: 'ACTIVE', started_at: event.data.startedAt });
        return;
      case 'TournamentCompleted':
        await row({
          status: 'COMPLETED',
          completed_at: event.data.completedAt,
          final_standings: JSON.stringify(event.data.finalStandings),
        });
        return;
      case 'TournamentCancelled':
        await row({
          status: 'CANCELLED',
          cancelled_at: event.data.cancelledAt,
          cancel_reason: event.data.reason,
        });
        return;
      case 'TournamentEdited':
        await row({ ...editedColumns(event.data.changes), edited_at: event.data.editedAt });
        return;
      case 'PlayerCharitySelected': {
        const { data } = event;
        if (await row({})) {
          await trx
            .updateTable(names.tournament_catalog_participants)
            .set({ charity_id: data.charityId, charity_name: data.charityName })
            .where('tournament_id', '=', data.tournamentId)
            .where('user_id', '=', data.userId)
            .execute();
        }
        return;
      }
      case 'PrizeAllocated':
        // The tournament-prizes read model keeps the allocations.
        return;
      case 'PlayStarted':
        // Open plays matter only to the decider; the catalog shows results.
        return;
      // Matches live in the tournament-brackets read model.
      case 'BracketGenerated':
      case 'MatchScheduled':
      case 'MatchPlayed':
      case 'MatchForfeited':
      case 'MatchDecided':
      case 'StageAdvanced':
        return;
      default: {
        const unexpected: never = event;
        return unexpected;
      }
    }
  }
}

/** The catalog's columns an edit moves (the prize settings are the prizes read model's). */
function editedColumns(changes: TournamentEdited['data']['changes']): Record<string, unknown> {
  const columns: Record<string, unknown> = {};
  const set = <K extends keyof typeof changes>(key: K, column: string) => {
    if (changes[key] !== undefined) columns[column] = changes[key];
  };
  set('title', 'title');
  set('description', 'description');
  set('thumbnail', 'thumbnail');
  set('prizeModel', 'prize_model');
  set('prizePoolCents', 'prize_pool_cents');
  set('maxParticipants', 'max_participants');
  set('requiredPlan', 'required_plan');
  set('rules', 'rules');
  set('tournamentStart', 'tournament_start');
  set('tournamentEnd', 'tournament_end');
  return columns;
}

interface CountedScore {
  tournamentId: string;
  revision: number;
  firstAttempt: boolean;
}

/**
 * Adds scores to their tournaments' counters in one statement. Like every event here, a score
 * counts only when its revision is past the row's last applied one, so a redelivery adds nothing.
 * Returns the tournaments whose row changed.
 */
async function countScores(
  trx: Transaction<any>,
  catalog: string,
  scores: readonly CountedScore[],
): Promise<void> {
  if (scores.length === 0) return;
  const table = sql.table(catalog);
  await sql`
    WITH s AS (
      SELECT k.id, count(*) AS scores, count(*) FILTER (WHERE k.first_attempt) AS players, max(k.revision) AS last_revision
      FROM unnest(
        ${scores.map((score) => score.tournamentId)}::uuid[],
        ${scores.map((score) => score.revision)}::integer[],
        ${scores.map((score) => score.firstAttempt)}::boolean[]
      ) AS k(id, revision, first_attempt)
      JOIN ${table} c ON c.id = k.id AND k.revision > c.last_revision
      GROUP BY k.id
    )
    UPDATE ${table} c SET
      score_count = c.score_count + s.scores,
      player_count = c.player_count + s.players,
      last_revision = s.last_revision
    FROM s WHERE c.id = s.id`.execute(trx);
}
