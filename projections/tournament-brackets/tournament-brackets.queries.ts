import type { Kysely } from 'kysely';
import { isUuid } from '@arena/text';
import type { NextMatch, TournamentDetail } from '@arena/contracts/tournaments.contract';
import type { BracketDocument } from './tournament-brackets.document';

export interface TournamentBracketsTables {
  tournament_brackets: { tournament_id: string; document: BracketDocument; last_revision: string };
  /** Identity's list of members whose personal data was erased (docs/security.md, "Privacy"). */
  erased_members: { member_id: string; erased_name: string };
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
  const doc = await withErasedNames(db as Kysely<TournamentBracketsTables>, row.document);
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

/** The bracket as shown: an erased member under their erased name wherever a side or a row names them. */
async function withErasedNames(
  db: Kysely<TournamentBracketsTables>,
  doc: BracketDocument,
): Promise<BracketDocument> {
  const ids = Object.keys(doc.usernames).filter(isUuid);
  if (ids.length === 0) return doc;
  const erased = await db
    .selectFrom('erased_members')
    .select(['member_id', 'erased_name'])
    .where('member_id', 'in', ids)
    .execute();
  if (erased.length === 0) return doc;
  return renamed(doc, new Map(erased.map((member) => [member.member_id, member.erased_name])));
}

function renamed<T>(value: T, names: ReadonlyMap<string, string>): T {
  if (Array.isArray(value)) return value.map((item: unknown) => renamed(item, names)) as T;
  if (value === null || typeof value !== 'object') return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) copy[key] = renamed(item, names);
  if (typeof copy.userId === 'string' && typeof copy.username === 'string' && names.has(copy.userId)) {
    copy.username = names.get(copy.userId);
  }
  if ('usernames' in copy && copy.usernames && typeof copy.usernames === 'object') {
    const usernames = copy.usernames as Record<string, string>;
    copy.usernames = Object.fromEntries(
      Object.entries(usernames).map(([id, name]) => [id, names.get(id) ?? name]),
    );
  }
  return copy as T;
}
