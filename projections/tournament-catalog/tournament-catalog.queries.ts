import { sql, type Kysely } from 'kysely';
import type { ScoreVerification } from '@arena/contracts/signed-results.contract';
import { isUuid } from '@arena/text';
import type {
  Plan,
  PrizeModel,
  TournamentFormat,
  TournamentMode,
  TournamentStatus,
} from '@arena/tournaments/events';

export interface TournamentCatalogRow {
  id: string;
  title: string;
  description: string;
  thumbnail: string | null;
  status: TournamentStatus;
  mode: TournamentMode;
  format: TournamentFormat;
  prize_model: PrizeModel;
  prize_pool_cents: number;
  max_participants: number;
  required_plan: Plan;
  rules: string;
  game_slug: string;
  game_name: string;
  game_integration_url: string;
  game_max_score: number;
  /** REPLAY, SIGNED or UNVERIFIED (`scoreVerificationOf`): how its scores are checked. */
  game_verification: ScoreVerification;
  tournament_start: Date | null;
  tournament_end: Date | null;
  created_at: Date;
  started_at: Date | null;
  completed_at: Date | null;
  cancelled_at: Date | null;
  /** The operator's reason, set when CANCELLED. */
  cancel_reason: string | null;
  /** The last operator edit before the start, if any. */
  edited_at: Date | null;
  participant_count: number;
  player_count: number;
  score_count: number;
  final_standings: Array<{
    rank: number;
    userId: string;
    username: string;
    score: number;
    attempts: number;
  }> | null;
  last_revision: number;
}

export interface TournamentCatalogParticipantRow {
  tournament_id: string;
  user_id: string;
  username: string;
  charity_id: string | null;
  charity_name: string | null;
  joined_at: Date;
}

export interface TournamentCatalogTables {
  tournament_catalog: TournamentCatalogRow;
  tournament_catalog_participants: TournamentCatalogParticipantRow;
  /** Identity's list of members whose personal data was erased (docs/security.md, "Privacy"). */
  erased_members: { member_id: string; erased_name: string };
}

const LIST_LIMIT = 200;

/** Live first, then upcoming by start, then the rest newest first. */
export async function listTournaments(
  db: Kysely<TournamentCatalogTables>,
  filter: { status?: TournamentStatus } = {},
): Promise<TournamentCatalogRow[]> {
  let query = db.selectFrom('tournament_catalog').selectAll();
  if (filter.status) query = query.where('status', '=', filter.status);
  return query
    .orderBy(sql`CASE status WHEN 'ACTIVE' THEN 0 WHEN 'UPCOMING' THEN 1 WHEN 'COMPLETED' THEN 2 ELSE 3 END`)
    .orderBy(sql`CASE WHEN status = 'UPCOMING' THEN tournament_start END`, 'asc')
    .orderBy('created_at', 'desc')
    .limit(LIST_LIMIT)
    .execute();
}

export async function findTournament(
  db: Kysely<TournamentCatalogTables>,
  tournamentId: string,
): Promise<TournamentCatalogRow | undefined> {
  const row = await db
    .selectFrom('tournament_catalog')
    .selectAll()
    .where('id', '=', tournamentId)
    .executeTakeFirst();
  return row && withErasedNames(db, row);
}

/** Final standings as shown: an erased member under their erased name (the event keeps the old one). */
async function withErasedNames(
  db: Kysely<TournamentCatalogTables>,
  row: TournamentCatalogRow,
): Promise<TournamentCatalogRow> {
  const ids = (row.final_standings ?? []).map((standing) => standing.userId).filter(isUuid);
  if (ids.length === 0) return row;
  const erased = await db
    .selectFrom('erased_members')
    .select(['member_id', 'erased_name'])
    .where('member_id', 'in', ids)
    .execute();
  if (erased.length === 0) return row;
  const names = new Map(erased.map((member) => [member.member_id, member.erased_name]));
  return {
    ...row,
    final_standings: row.final_standings!.map((standing) => ({
      ...standing,
      username: names.get(standing.userId) ?? standing.username,
    })),
  };
}

export async function isJoined(
  db: Kysely<TournamentCatalogTables>,
  tournamentId: string,
  userId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('tournament_catalog_participants')
    .select('user_id')
    .where('tournament_id', '=', tournamentId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The member's own charity for one tournament; undefined when they have not joined it. */
export async function charityOf(
  db: Kysely<TournamentCatalogTables>,
  tournamentId: string,
  userId: string,
): Promise<{ charityId: string | null; charityName: string | null } | undefined> {
  const row = await db
    .selectFrom('tournament_catalog_participants')
    .select(['charity_id', 'charity_name'])
    .where('tournament_id', '=', tournamentId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row && { charityId: row.charity_id, charityName: row.charity_name };
}
