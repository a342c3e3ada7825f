import { tieBreakKey } from '../tournament.standings';
import type { TournamentFormat } from '../tournament.events';
import {
  BYE,
  type BracketEvent,
  type MatchDecided,
  type MatchLayout,
  type MatchPlayed,
  type RoundRobinStanding,
  type StageKind,
} from './bracket.events';

/** The stages each head-to-head format plays, in order. Other formats have none. */
export const FORMAT_STAGES: Partial<Record<TournamentFormat, readonly StageKind[]>> = {
  ROUND_ROBIN: ['ROUND_ROBIN'],
  SINGLE_ELIMINATION: ['SINGLE_ELIMINATION'],
  DOUBLE_ELIMINATION: ['DOUBLE_ELIMINATION'],
  ROUND_ROBIN_SINGLE_ELIM: ['ROUND_ROBIN', 'SINGLE_ELIMINATION'],
  ROUND_ROBIN_DOUBLE_ELIM: ['ROUND_ROBIN', 'DOUBLE_ELIMINATION'],
};

// Which formats are head-to-head is a shared rule (the web draws a bracket by it); FORMAT_STAGES holds
// exactly those formats.
export { isHeadToHead } from '@arena/contracts/tournaments.rules';

/** When `matchWindowMinutes` was not set at creation: a day to play each match. */
export const DEFAULT_MATCH_WINDOW_MINUTES = 1440;

export interface MatchState {
  layout: MatchLayout;
  /** Set once both players are known and the match is scheduled. */
  player1Id: string | null;
  player2Id: string | null;
  gameSeed: string | null;
  deadline: string | null;
  plays: readonly MatchPlayed['data'][];
  forfeited: readonly string[];
  decision: MatchDecided['data'] | null;
}

export interface StageState {
  stage: number;
  kind: StageKind;
  seeding: readonly (string | null)[];
  matchIds: readonly string[];
}

export interface BracketState {
  /** Bracket events folded so far: names the cause of the next advance (its event ids derive from it). */
  revision: number;
  stages: readonly StageState[];
  matches: Readonly<Record<string, MatchState>>;
  /** Round robin table recorded when the stage advanced (ranks the players who did not go on). */
  roundRobinStandings: readonly RoundRobinStanding[] | null;
}

export const emptyBracket: BracketState = { revision: 0, stages: [], matches: {}, roundRobinStandings: null };

export function evolveBracket(bracket: BracketState, event: BracketEvent): BracketState {
  const next = { ...bracket, revision: bracket.revision + 1 };
  const withMatch = (matchId: string, change: (match: MatchState) => MatchState): BracketState => {
    const match = getMatch(bracket, matchId);
    return match ? { ...next, matches: { ...bracket.matches, [matchId]: change(match) } } : next;
  };
  switch (event.type) {
    case 'BracketGenerated': {
      const { stage, kind, seeding, matches } = event.data;
      const added = Object.fromEntries(
        matches.map((layout): [string, MatchState] => [
          layout.matchId,
          {
            layout,
            player1Id: null,
            player2Id: null,
            gameSeed: null,
            deadline: null,
            plays: [],
            forfeited: [],
            decision: null,
          },
        ]),
      );
      return {
        ...next,
        stages: [
          ...bracket.stages,
          { stage, kind, seeding, matchIds: matches.map((match) => match.matchId) },
        ],
        matches: { ...bracket.matches, ...added },
      };
    }
    case 'MatchScheduled': {
      const { matchId, player1Id, player2Id, gameSeed, deadline } = event.data;
      return withMatch(matchId, (match) => ({ ...match, player1Id, player2Id, gameSeed, deadline }));
    }
    case 'MatchPlayed':
      return withMatch(event.data.matchId, (match) => ({ ...match, plays: [...match.plays, event.data] }));
    case 'MatchForfeited':
      return withMatch(event.data.matchId, (match) => ({
        ...match,
        forfeited: [...match.forfeited, event.data.userId],
      }));
    case 'MatchDecided':
      return withMatch(event.data.matchId, (match) => ({ ...match, decision: event.data }));
    case 'StageAdvanced':
      return { ...next, roundRobinStandings: event.data.standings };
    default: {
      const unexpected: never = event;
      return unexpected;
    }
  }
}

/** A match by id; only the bracket's own keys (a path value like `constructor` is no match). */
export const getMatch = (bracket: BracketState, matchId: string): MatchState | undefined =>
  Object.hasOwn(bracket.matches, matchId) ? bracket.matches[matchId] : undefined;

export const matchIdOf = (stage: number, group: number, round: number, number: number) =>
  `s${stage}-g${group}-r${round}-m${number}`;

export const isPlayer = (side: string | null): side is string => side !== null && side !== BYE;

export const currentStage = (bracket: BracketState): StageState | undefined => bracket.stages.at(-1);

export const stageMatches = (bracket: BracketState, stage: StageState): MatchState[] =>
  stage.matchIds.map((matchId) => bracket.matches[matchId]!);

/**
 * Whether a stage has nothing left to play. A round robin is over when every match is decided; an
 * elimination stage when its last match (the final, or the grand final) is: every other match feeds it.
 */
export function isStageComplete(bracket: BracketState, stage: StageState): boolean {
  const matches = stageMatches(bracket, stage);
  if (stage.kind === 'ROUND_ROBIN') return matches.every((match) => match.decision !== null);
  return lastMatch(matches)?.decision != null;
}

function lastMatch(matches: MatchState[]): MatchState | undefined {
  return [...matches]
    .sort(
      (a, b) =>
        a.layout.group - b.layout.group ||
        a.layout.round - b.layout.round ||
        a.layout.number - b.layout.number,
    )
    .at(-1);
}

export const byTieBreak = (seed: string) => (a: string, b: string) => {
  const ka = tieBreakKey(seed, a);
  const kb = tieBreakKey(seed, b);
  return ka < kb ? -1 : ka > kb ? 1 : 0;
};

/**
 * Which of two plays of the same match wins: a finished run beats an unfinished one, then the higher
 * score, then the earlier play, then the tournament's secret per-player key. Negative when `a` wins.
 * Returns whether only the last two (time, key) separated them.
 */
export function comparePlays(
  seed: string,
  a: MatchPlayed['data'],
  b: MatchPlayed['data'],
): { order: number; byTieBreak: boolean } {
  if (a.completed !== b.completed) return { order: a.completed ? -1 : 1, byTieBreak: false };
  if (a.score !== b.score) return { order: b.score - a.score, byTieBreak: false };
  const at = Date.parse(a.playedAt) - Date.parse(b.playedAt);
  if (at !== 0) return { order: at, byTieBreak: true };
  return { order: byTieBreak(seed)(a.userId, b.userId), byTieBreak: true };
}

/** Wins first, then the sum of the player's results in the stage, then the secret key. */
export function roundRobinStandings(
  bracket: BracketState,
  stage: StageState,
  seed: string,
): RoundRobinStanding[] {
  const rows = new Map<string, Omit<RoundRobinStanding, 'rank'>>();
  for (const userId of stage.seeding) {
    if (isPlayer(userId)) rows.set(userId, { userId, played: 0, wins: 0, losses: 0, totalScore: 0 });
  }
  for (const match of stageMatches(bracket, stage)) {
    for (const play of match.plays) {
      const row = rows.get(play.userId);
      if (row) row.totalScore += play.score;
    }
    const decision = match.decision;
    if (!decision) continue;
    for (const userId of [match.player1Id, match.player2Id]) {
      const row = userId ? rows.get(userId) : undefined;
      if (!row) continue;
      row.played += 1;
      if (decision.winnerId === userId) row.wins += 1;
      else row.losses += 1;
    }
  }
  const key = byTieBreak(seed);
  return [...rows.values()]
    .sort((a, b) => b.wins - a.wins || b.totalScore - a.totalScore || key(a.userId, b.userId))
    .map((row, index) => ({ rank: index + 1, ...row }));
}

/**
 * How many players go from the round robin to the elimination stage: half the field rounded up to a
 * power of two, at least 2 (4 for double elimination once there are 4 players, so it has a losers'
 * bracket), never more than played.
 */
export function advancingCount(players: number, kind: StageKind): number {
  let count = 2;
  while (count < players / 2) count *= 2;
  if (kind === 'DOUBLE_ELIMINATION' && players >= 4) count = Math.max(count, 4);
  return Math.min(count, players);
}

/** Pads an elimination seeding with byes (null) to the next power of two; brackets-manager needs it. */
export function padToPowerOfTwo(seeding: readonly string[]): (string | null)[] {
  let size = 2;
  while (size < seeding.length) size *= 2;
  return [...seeding, ...Array.from({ length: size - seeding.length }, () => null)];
}
