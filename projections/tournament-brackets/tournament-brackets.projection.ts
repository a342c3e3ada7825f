import { sql } from 'kysely';
import type { ChangeNotice } from '@arena/contracts';
import { isHeadToHead } from '@arena/contracts/tournaments.rules';
import type { Projector } from '@arena/projection-runner';
import {
  BRACKET_EVENT_TYPES,
  type BracketEvent,
  type PlayerJoined,
  type TournamentCreated,
  type TournamentEdited,
} from '@arena/tournaments/events';
import { applyToDocument, emptyDocument, type BracketDocument } from './tournament-brackets.document';

type Base = 'tournament_brackets';
type BracketsEvent = TournamentCreated | TournamentEdited | PlayerJoined | BracketEvent;

/**
 * The bracket of every head-to-head tournament as one JSON document per tournament (the detail
 * reads it whole). Each row remembers the last stream revision applied, so a redelivered event
 * changes nothing. After a change it publishes a `bracket` change notice: the API tells the
 * tournament's room, whose detail pages then refetch.
 */
export const tournamentBracketsProjector: Projector<Base> = {
  name: 'tournament_brackets',
  version: 1,
  eventTypes: ['TournamentCreated', 'TournamentEdited', 'PlayerJoined', ...BRACKET_EVENT_TYPES],
  tables: ['tournament_brackets'],

  async createTables(db, names) {
    await sql`
      CREATE TABLE ${sql.table(names.tournament_brackets)} (
        tournament_id uuid PRIMARY KEY,
        document jsonb NOT NULL,
        last_revision bigint NOT NULL
      )`.execute(db);
  },

  async apply(trx, events, names) {
    const table = names.tournament_brackets;
    const documents = new Map<string, { doc: BracketDocument; revision: number; isNew: boolean }>();
    const changed = new Set<string>();
    for (const recorded of events) {
      const event = { type: recorded.type, data: recorded.data } as BracketsEvent;
      const tournamentId = event.data.tournamentId;
      let entry = documents.get(tournamentId);
      if (!entry) {
        const row = await trx
          .selectFrom(table)
          .select(['document', 'last_revision'])
          .where('tournament_id', '=', tournamentId)
          .executeTakeFirst();
        if (row)
          entry = { doc: row.document as BracketDocument, revision: Number(row.last_revision), isNew: false };
      }
      if (event.type === 'TournamentCreated') {
        if (entry || !isHeadToHead(event.data.format)) continue;
        entry = {
          doc: emptyDocument(event.data.tieBreakSeed, event.data.matchWindowMinutes ?? null),
          revision: recorded.revision,
          isNew: true,
        };
        documents.set(tournamentId, entry);
        continue;
      }
      // Not a head-to-head tournament (no row), or an event this row already has.
      if (!entry || recorded.revision <= entry.revision) continue;
      documents.set(tournamentId, entry);
      entry.revision = recorded.revision;
      if (event.type === 'PlayerJoined') entry.doc.usernames[event.data.userId] = event.data.username;
      else if (event.type === 'TournamentEdited') {
        // An operator may change the match window until the start.
        const { matchWindowMinutes } = event.data.changes;
        if (typeof matchWindowMinutes === 'number') entry.doc.matchWindowMinutes = matchWindowMinutes;
      } else {
        applyToDocument(entry.doc, event);
        changed.add(tournamentId);
      }
    }
    for (const [tournamentId, { doc, revision }] of documents) {
      await trx
        .insertInto(table)
        .values({ tournament_id: tournamentId, document: JSON.stringify(doc), last_revision: revision })
        .onConflict((conflict) =>
          conflict
            .column('tournament_id')
            .doUpdateSet({ document: JSON.stringify(doc), last_revision: revision }),
        )
        .execute();
    }
    return [...changed].map((tournamentId): ChangeNotice => ({ topic: 'tournament', tournamentId }));
  },
};
