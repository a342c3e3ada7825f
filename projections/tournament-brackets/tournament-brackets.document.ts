import type {
  BracketMatch,
  BracketStage,
  BracketStanding,
  MatchSide,
} from '@arena/contracts/tournaments.contract';
import { BYE, tieBreakKey, type BracketEvent, type StageKind } from '@arena/tournaments/events';

/**
 * One tournament's bracket as the detail shows it, kept as a document: the detail always reads it
 * whole, and a bracket holds at most a few dozen matches. Folded from the stream's bracket events.
 */
export interface BracketDocument {
  tieBreakSeed: string;
  matchWindowMinutes: number | null;
  usernames: Record<string, string>;
  stages: BracketStage[];
}

const GROUPS: Record<StageKind, readonly BracketStage['rounds'][number]['group'][]> = {
  ROUND_ROBIN: ['ROUND_ROBIN'],
  SINGLE_ELIMINATION: ['WINNERS', 'WINNERS'],
  DOUBLE_ELIMINATION: ['WINNERS', 'LOSERS', 'GRAND_FINAL'],
};

export function emptyDocument(tieBreakSeed: string, matchWindowMinutes: number | null): BracketDocument {
  return { tieBreakSeed, matchWindowMinutes, usernames: {}, stages: [] };
}

const side = (doc: BracketDocument, userId: string): MatchSide => ({
  userId,
  username: doc.usernames[userId] ?? '',
  score: null,
  result: null,
  forfeited: false,
});

function findMatch(doc: BracketDocument, matchId: string): BracketMatch | undefined {
  for (const stage of doc.stages) {
    for (const round of stage.rounds) {
      const match = round.matches.find((candidate) => candidate.id === matchId);
      if (match) return match;
    }
  }
  return undefined;
}

const sideOf = (match: BracketMatch, userId: string) =>
  match.player1?.userId === userId ? match.player1 : match.player2?.userId === userId ? match.player2 : null;

/** Which side of a drawn match is a bye, if any (BOTH: no match is played in that slot). */
function byeOf(player1: string | null, player2: string | null): BracketMatch['bye'] {
  if (player1 === BYE && player2 === BYE) return 'BOTH';
  return player1 === BYE ? 'PLAYER1' : player2 === BYE ? 'PLAYER2' : null;
}

/** The seed (1 first) of each player of a stage's seeding; its nulls are byes and have none. */
function seedsOf(seeding: readonly (string | null)[]): Record<string, number> {
  const seeds: Record<string, number> = {};
  seeding.forEach((userId, index) => {
    if (userId !== null) seeds[userId] = index + 1;
  });
  return seeds;
}

/** Applies one event in place (the document is the projector's own copy). */
export function applyToDocument(doc: BracketDocument, event: BracketEvent): void {
  switch (event.type) {
    case 'BracketGenerated': {
      const { stage, kind, matches } = event.data;
      if (doc.stages.some((existing) => existing.number === stage)) return;
      const rounds = new Map<string, BracketStage['rounds'][number]>();
      for (const layout of matches) {
        const key = `${layout.group}/${layout.round}`;
        let round = rounds.get(key);
        if (!round) {
          round = { group: GROUPS[kind][layout.group - 1] ?? 'WINNERS', number: layout.round, matches: [] };
          rounds.set(key, round);
        }
        const known = (value: string | null) => (value && value !== BYE ? side(doc, value) : null);
        const player1 = known(layout.player1);
        const player2 = known(layout.player2);
        round.matches.push({
          id: layout.matchId,
          number: layout.number,
          status: player1 && player2 ? 'WAITING' : 'LOCKED',
          player1,
          player2,
          isBye: layout.player1 === BYE || layout.player2 === BYE,
          bye: byeOf(layout.player1, layout.player2),
          deadline: null,
          decidedAt: null,
        });
      }
      doc.stages.push({
        number: stage,
        kind,
        rounds: [...rounds.values()],
        standings: kind === 'ROUND_ROBIN' ? standingsOf(doc, [...rounds.values()]) : null,
        seeds: seedsOf(event.data.seeding),
      });
      return;
    }
    case 'MatchScheduled': {
      const match = findMatch(doc, event.data.matchId);
      if (!match) return;
      match.player1 = side(doc, event.data.player1Id);
      match.player2 = side(doc, event.data.player2Id);
      match.deadline = event.data.deadline;
      match.status = 'READY';
      return;
    }
    case 'MatchPlayed': {
      const match = findMatch(doc, event.data.matchId);
      const played = match && sideOf(match, event.data.userId);
      if (played) played.score = event.data.score;
      break;
    }
    case 'MatchForfeited': {
      const match = findMatch(doc, event.data.matchId);
      const forfeited = match && sideOf(match, event.data.userId);
      if (forfeited) forfeited.forfeited = true;
      return;
    }
    case 'MatchDecided': {
      const match = findMatch(doc, event.data.matchId);
      if (!match) return;
      match.status = 'COMPLETED';
      match.decidedAt = event.data.decidedAt;
      for (const player of [match.player1, match.player2]) {
        if (player) player.result = player.userId === event.data.winnerId ? 'WIN' : 'LOSS';
      }
      break;
    }
    case 'StageAdvanced':
      return;
    default: {
      const unexpected: never = event;
      return unexpected;
    }
  }
  // A play or a decision changes a round robin's table.
  for (const stage of doc.stages) {
    if (stage.kind === 'ROUND_ROBIN') stage.standings = standingsOf(doc, stage.rounds);
  }
}

/** The decider's round-robin rule: wins, then total score, then the tournament's secret key. */
function standingsOf(doc: BracketDocument, rounds: BracketStage['rounds']): BracketStanding[] {
  const rows = new Map<string, Omit<BracketStanding, 'rank'>>();
  const row = (player: MatchSide) => {
    let found = rows.get(player.userId);
    if (!found) {
      found = {
        userId: player.userId,
        username: player.username,
        played: 0,
        wins: 0,
        losses: 0,
        totalScore: 0,
      };
      rows.set(player.userId, found);
    }
    return found;
  };
  for (const match of rounds.flatMap((round) => round.matches)) {
    for (const player of [match.player1, match.player2]) {
      if (!player) continue;
      const entry = row(player);
      entry.totalScore += player.score ?? 0;
      if (match.status === 'COMPLETED') {
        entry.played += 1;
        if (player.result === 'WIN') entry.wins += 1;
        else entry.losses += 1;
      }
    }
  }
  const key = (userId: string) => tieBreakKey(doc.tieBreakSeed, userId);
  return [...rows.values()]
    .sort(
      (a, b) => b.wins - a.wins || b.totalScore - a.totalScore || (key(a.userId) < key(b.userId) ? -1 : 1),
    )
    .map((entry, index) => ({ rank: index + 1, ...entry }));
}
