import type { Kysely } from 'kysely';
import type { NextMatch, TournamentDetail } from '@arena/contracts/tournaments.contract';
import type { BracketDocument } from './tournament-brackets.document';

export interface TournamentBracketsTables {
  tournament_brackets: { tournament_id: string; document: BracketDocument; last_revision: string };
}

/** The detail's bracket parts; all null for a tournament without a bracket (or before it is drawn). */
export type BracketDetail = Pick<TournamentDetail, 'bracket' | 'matchWindowMinutes' | 'myNextMatch'>;

const noBracket: BracketDetail = { bracket: null, matchWindowMinutes: null, myNextMatch: null };

export async function findBracketDetail(
  db: Kysely<any>,
  tournamentId: string,
  memberId: string | undefined,
): Promise<BracketDetail> {
  const row = await (db as Kysely<TournamentBracketsTables>)
    .selectFrom('tournament_brackets')
    .select('document')
    .where('tournament_id', '=', tournamentId)
    .executeTakeFirst();
  if (!row) return noBracket;
  const doc = row.document;
  return {
    bracket: doc.stages.length > 0 ? { stages: doc.stages } : null,
    matchWindowMinutes: doc.matchWindowMinutes ?? 1440,
    myNextMatch: memberId ? nextMatchOf(doc, memberId) : null,
  };
}

/** The member's open match with the earliest deadline: scheduled, not decided. */
export function nextMatchOf(doc: BracketDocument, memberId: string): NextMatch | null {
  const open: NextMatch[] = [];
  for (const stage of doc.stages) {
    for (const round of stage.rounds) {
      for (const match of round.matches) {
        if (match.status !== 'READY' || !match.deadline) continue;
        const me =
          match.player1?.userId === memberId
            ? match.player1
            : match.player2?.userId === memberId
              ? match.player2
              : null;
        const opponent = me === match.player1 ? match.player2 : match.player1;
        if (!me || !opponent) continue;
        open.push({
          matchId: match.id,
          stageKind: stage.kind,
          group: round.group,
          round: round.number,
          opponentUsername: opponent.username,
          deadline: match.deadline,
          played: me.score !== null,
        });
      }
    }
  }
  return (
    open.sort(
      (a, b) => Number(a.played) - Number(b.played) || Date.parse(a.deadline) - Date.parse(b.deadline),
    )[0] ?? null
  );
}
