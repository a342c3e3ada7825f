import type { Kysely } from 'kysely';
import type { PrizeConfig } from '@arena/contracts/tournaments.contract';

export interface TournamentPrizesRow {
  tournament_id: string;
  /** As given at creation; null: the model's defaults. */
  prize_config: PrizeConfig | null;
}

export interface TournamentPrizeLineRow {
  tournament_id: string;
  rank: number;
  user_id: string;
  username: string;
  score: number;
  amount_cents: number;
  charity_id: string | null;
  charity_name: string | null;
  allocated_at: Date;
}

/** The catalog's participants, read for the charity each leader chose (the live preview's lines). */
interface ParticipantCharityRow {
  tournament_id: string;
  user_id: string;
  charity_id: string | null;
  charity_name: string | null;
}

export interface TournamentPrizesTables {
  tournament_prizes: TournamentPrizesRow;
  tournament_prize_lines: TournamentPrizeLineRow;
  tournament_catalog_participants: ParticipantCharityRow;
}

/** The configuration given for the tournament; null when none was (the model's defaults) or unknown. */
export async function findPrizeConfig(
  db: Kysely<TournamentPrizesTables>,
  tournamentId: string,
): Promise<PrizeConfig | null> {
  const row = await db
    .selectFrom('tournament_prizes')
    .select('prize_config')
    .where('tournament_id', '=', tournamentId)
    .executeTakeFirst();
  return row?.prize_config ?? null;
}

/** The PrizeAllocated lines of a completed tournament, best rank first (none before completion). */
export async function prizeLines(
  db: Kysely<TournamentPrizesTables>,
  tournamentId: string,
): Promise<TournamentPrizeLineRow[]> {
  return db
    .selectFrom('tournament_prize_lines')
    .selectAll()
    .where('tournament_id', '=', tournamentId)
    .orderBy('rank')
    .execute();
}

/** The charity each of these players chose for the tournament (players who chose none are absent). */
export async function chosenCharities(
  db: Kysely<TournamentPrizesTables>,
  tournamentId: string,
  userIds: readonly string[],
): Promise<Map<string, { charityId: string; charityName: string | null }>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('tournament_catalog_participants')
    .select(['user_id', 'charity_id', 'charity_name'])
    .where('tournament_id', '=', tournamentId)
    .where('user_id', 'in', [...userIds])
    .where('charity_id', 'is not', null)
    .execute();
  return new Map(
    rows.map((row) => [row.user_id, { charityId: row.charity_id!, charityName: row.charity_name }]),
  );
}
