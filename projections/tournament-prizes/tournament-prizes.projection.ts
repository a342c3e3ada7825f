import { sql } from 'kysely';
import type { Projector, TableNames } from '@arena/projection-runner';
import type { PrizeAllocated, TournamentCreated, TournamentEdited } from '@arena/tournaments/events';

type Base = 'tournament_prizes' | 'tournament_prize_lines';

type PrizeEvent = TournamentCreated | PrizeAllocated | TournamentEdited;
const EVENT_TYPES: readonly PrizeEvent['type'][] = [
  'TournamentCreated',
  'PrizeAllocated',
  'TournamentEdited',
];

/**
 * Prize models (issue 9): each tournament's prize configuration as given (NULL: the model's defaults,
 * which depend on the pool and the game, so readers resolve them with `prizeConfigOf` over the
 * catalog's row) and, once it completed, its PrizeAllocated lines. A line records the charity chosen at
 * completion: a later change of charity does not move money, so nothing here follows charity changes.
 * Rows are keyed by what the event names (tournament; tournament and rank) and an edit applies only
 * past the row's last revision, so a redelivered event changes nothing.
 */
export const tournamentPrizesProjector: Projector<Base> = {
  name: 'tournament_prizes',
  version: 1,
  eventTypes: EVENT_TYPES,
  tables: ['tournament_prizes', 'tournament_prize_lines'],

  async createTables(db, names: TableNames<Base>) {
    await sql`
      CREATE TABLE ${sql.table(names.tournament_prizes)} (
        tournament_id uuid PRIMARY KEY,
        prize_config jsonb,
        last_revision integer NOT NULL
      )`.execute(db);
    await sql`
      CREATE TABLE ${sql.table(names.tournament_prize_lines)} (
        tournament_id uuid NOT NULL,
        rank integer NOT NULL,
        user_id uuid NOT NULL,
        username text NOT NULL,
        score double precision NOT NULL,
        amount_cents bigint NOT NULL,
        charity_id text,
        charity_name text,
        allocated_at timestamptz NOT NULL,
        PRIMARY KEY (tournament_id, rank)
      )`.execute(db);
  },

  async apply(trx, events, names) {
    for (const recorded of events) {
      const event = { type: recorded.type, data: recorded.data } as PrizeEvent;
      if (event.type === 'TournamentCreated') {
        await trx
          .insertInto(names.tournament_prizes)
          .values({
            tournament_id: event.data.tournamentId,
            prize_config: event.data.prizeConfig ? JSON.stringify(event.data.prizeConfig) : null,
            last_revision: recorded.revision,
          })
          .onConflict((conflict) => conflict.column('tournament_id').doNothing())
          .execute();
      } else if (event.type === 'TournamentEdited') {
        // Only the prize configuration matters here (null: back to the model's defaults); the edit's
        // other settings (model, pool) are the catalog's, which the detail resolves the defaults over.
        const { changes } = event.data;
        if (changes.prizeConfig === undefined) continue;
        await trx
          .updateTable(names.tournament_prizes)
          .set({
            prize_config: changes.prizeConfig === null ? null : JSON.stringify(changes.prizeConfig),
            last_revision: recorded.revision,
          })
          .where('tournament_id', '=', event.data.tournamentId)
          .where('last_revision', '<', recorded.revision)
          .execute();
      } else {
        const { data } = event;
        await trx
          .insertInto(names.tournament_prize_lines)
          .values({
            tournament_id: data.tournamentId,
            rank: data.rank,
            user_id: data.userId,
            username: data.username,
            score: data.score,
            amount_cents: data.amountCents,
            charity_id: data.charityId,
            charity_name: data.charityName,
            allocated_at: data.allocatedAt,
          })
          .onConflict((conflict) => conflict.columns(['tournament_id', 'rank']).doNothing())
          .execute();
      }
    }
  },
};
