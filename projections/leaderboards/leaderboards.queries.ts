import { sql, type Kysely } from 'kysely';
import { avatarUrl, charityLogoUrl } from '@arena/contracts';
import { charityProfileUrl } from '@arena/contracts/tournaments.rules';
import { isUuid } from '@arena/text';

export interface LeaderboardEntry {
  rank: number;
  userId: string;
  username: string;
  avatarUrl: string | null;
  score: number;
  attempts: number;
  charityName: string | null;
  charityUrl: string | null;
  charityLogoUrl: string | null;
}

interface RankedRow {
  rank: number | string;
  user_id: string;
  username: string;
  best_score: number;
  attempts: number;
  charity_id: string | null;
  charity_name: string | null;
  avatar_updated_at: Date | null;
  /** The chosen charity's logo (charities read model, by EIN), only while it is published. */
  logo_ein: string | null;
  logo_id: string | null;
}

/**
 * The chosen charity's published logo (issue 23), joined by EIN from the charities read model in the
 * entries' own query: the live leaderboard message costs no query more than before. One unique-index
 * probe per returned entry (charities' ein), so the join grows with the entries answered, never with the
 * field or the number of charities. Without logos (`logos` false) the same columns are nulls.
 */
const charityLogoJoin = (entries: string, logos: boolean) =>
  logos
    ? sql`LEFT JOIN charities logo ON logo.ein = regexp_replace(${sql.ref(`${entries}.charity_id`)}, '\D', '', 'g')
      AND logo.published AND logo.logo_id IS NOT NULL`
    : sql`CROSS JOIN (SELECT NULL::text AS ein, NULL::text AS logo_id) logo`;

/** 42P01 undefined_table, 42703 undefined_column. */
const READ_MODEL_MISSING = new Set(['42P01', '42703']);

/**
 * Runs a leaderboard read with the charities' logos, and again without them when the charities read model
 * cannot answer (not built yet on a new database, or an older version without logo_id while the worker
 * rebuilds it after an upgrade): a leaderboard never fails for want of its decoration.
 */
async function withCharityLogos<T>(read: (logos: boolean) => Promise<T>): Promise<T> {
  try {
    return await read(true);
  } catch (error) {
    if (READ_MODEL_MISSING.has((error as { code?: string }).code ?? '')) return read(false);
    throw error;
  }
}

// The avatar is the member's own (identity's account_avatars, one row per account, read by key):
// joined here rather than copied into the read model, so a new avatar shows without a rebuild. An
// erased member (identity's erased_members) shows under their erased name: the events keep the old one.
const toEntry = (row: RankedRow): LeaderboardEntry => ({
  rank: Number(row.rank),
  userId: row.user_id,
  username: row.username,
  avatarUrl: row.avatar_updated_at ? avatarUrl(row.user_id, row.avatar_updated_at) : null,
  score: row.best_score,
  attempts: row.attempts,
  charityName: row.charity_name,
  charityUrl: row.charity_id === null ? null : charityProfileUrl(row.charity_id),
  charityLogoUrl: row.logo_ein && row.logo_id ? charityLogoUrl(row.logo_ein, row.logo_id) : null,
});

/**
 * The first `limit` scored players, best first. The ORDER BY is exactly the ranking index
 * (leaderboard_entries_g<N>_ranking), so it reads `limit` index entries whatever the field size.
 */
export async function topEntries(
  db: Kysely<any>,
  tournamentId: string,
  limit: number,
): Promise<LeaderboardEntry[]> {
  return (await topEntriesOf(db, [tournamentId], limit)).get(tournamentId) ?? [];
}

/**
 * `topEntries` of several tournaments in one round trip (the live leaderboards push many rooms at
 * once). Every id asked for is in the answer, with no entries when it has none.
 */
export async function topEntriesOf(
  db: Kysely<any>,
  tournamentIds: readonly string[],
  limit: number,
): Promise<Map<string, LeaderboardEntry[]>> {
  const result = new Map<string, LeaderboardEntry[]>(tournamentIds.map((id) => [id, []]));
  // uuid columns come back lower-case: each row goes to every id that was asked in any case.
  const askedAs = new Map<string, string[]>();
  for (const id of result.keys()) {
    if (isUuid(id)) askedAs.set(id.toLowerCase(), [...(askedAs.get(id.toLowerCase()) ?? []), id]);
  }
  if (askedAs.size === 0) return result;
  const { rows } = await withCharityLogos((logos) =>
    sql<RankedRow & { tournament_id: string }>`
    SELECT t.id AS tournament_id, top.rank, top.user_id, coalesce(erased.erased_name, top.username) AS username,
      top.best_score, top.attempts, top.charity_id, top.charity_name, avatar.updated_at AS avatar_updated_at,
      logo.ein AS logo_ein, logo.logo_id
    FROM unnest(${[...askedAs.keys()]}::uuid[]) WITH ORDINALITY AS t(id, n)
    CROSS JOIN LATERAL (
      SELECT row_number() OVER () AS rank, user_id, username, best_score, attempts, charity_id, charity_name
      FROM (
        SELECT user_id, username, best_score, attempts, charity_id, charity_name
        FROM leaderboard_entries
        WHERE tournament_id = t.id AND best_score IS NOT NULL
        ORDER BY rank_score, best_score_at, attempts, tie_break_key
        LIMIT ${limit}
      ) ranked
    ) top
    LEFT JOIN account_avatars avatar ON avatar.account_id = top.user_id
    LEFT JOIN erased_members erased ON erased.member_id = top.user_id
    ${charityLogoJoin('top', logos)}
    ORDER BY t.n, top.rank`.execute(db),
  );
  for (const row of rows) {
    const entry = toEntry(row);
    for (const id of askedAs.get(row.tournament_id) ?? []) result.get(id)!.push(entry);
  }
  return result;
}

/**
 * One player's entry with their rank: 1 + the players with a better best score (summed from the
 * per-score counts, one row per distinct score) + the players tied on that score who rank ahead
 * (a row comparison the ranking index answers within that score). Null when the player has no score.
 */
export async function rankOf(
  db: Kysely<any>,
  tournamentId: string,
  userId: string,
): Promise<LeaderboardEntry | null> {
  // Ids are uuid columns: anything else can match no row, and must not reach PostgreSQL as a cast error.
  if (!isUuid(tournamentId) || !isUuid(userId)) return null;
  const { rows } = await withCharityLogos((logos) =>
    sql<RankedRow>`
    SELECT me.user_id, coalesce(erased.erased_name, me.username) AS username, me.best_score, me.attempts,
      me.charity_id, me.charity_name, avatar.updated_at AS avatar_updated_at, logo.ein AS logo_ein, logo.logo_id,
      1 + coalesce((
        SELECT sum(c.players) FROM leaderboard_score_counts c
        WHERE c.tournament_id = me.tournament_id AND c.rank_score < me.rank_score
      ), 0) + (
        SELECT count(*) FROM leaderboard_entries tied
        WHERE tied.tournament_id = me.tournament_id AND tied.best_score IS NOT NULL
          AND tied.rank_score = me.rank_score
          AND (tied.best_score_at, tied.attempts, tied.tie_break_key) < (me.best_score_at, me.attempts, me.tie_break_key)
      ) AS rank
    FROM leaderboard_entries me
    LEFT JOIN account_avatars avatar ON avatar.account_id = me.user_id
    LEFT JOIN erased_members erased ON erased.member_id = me.user_id
    ${charityLogoJoin('me', logos)}
    WHERE me.tournament_id = ${tournamentId} AND me.user_id = ${userId} AND me.best_score IS NOT NULL`.execute(
      db,
    ),
  );
  const row = rows[0];
  return row ? toEntry(row) : null;
}

/**
 * The entries of the given players, in no order (a completed tournament ranks them by its final
 * standings). Players with no entry are left out.
 */
export async function entriesOfPlayers(
  db: Kysely<any>,
  tournamentId: string,
  userIds: readonly string[],
): Promise<Map<string, LeaderboardEntry>> {
  const ids = userIds.filter(isUuid);
  if (!isUuid(tournamentId) || ids.length === 0) return new Map();
  const { rows } = await withCharityLogos((logos) =>
    sql<RankedRow>`
    SELECT 0 AS rank, me.user_id, coalesce(erased.erased_name, me.username) AS username, me.best_score,
      me.attempts, me.charity_id, me.charity_name, avatar.updated_at AS avatar_updated_at,
      logo.ein AS logo_ein, logo.logo_id
    FROM leaderboard_entries me
    LEFT JOIN account_avatars avatar ON avatar.account_id = me.user_id
    LEFT JOIN erased_members erased ON erased.member_id = me.user_id
    ${charityLogoJoin('me', logos)}
    WHERE me.tournament_id = ${tournamentId} AND me.user_id = ANY(${ids}::uuid[])`.execute(db),
  );
  return new Map(rows.map((row) => [row.user_id, toEntry(row)]));
}
