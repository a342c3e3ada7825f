import { createHmac } from 'node:crypto';
import { MAX_STORED_INTEGER } from '@arena/contracts/tournaments.contract';
import { isWellFormedText } from '@arena/text';
import { invalidScore, notActive, unstorableText } from '../tournament.errors';
import type { FinalStanding, TournamentCreated, TournamentStatus } from '../tournament.events';
import { allPlayers, getPlayer, type PlayerTable } from '../tournament.players';
import type {
  AdvanceBracket,
  BracketOutlook,
  BracketRequest,
  ForfeitMatch,
  RecordMatchResult,
} from './bracket.commands';
import {
  alreadyPlayedMatch,
  matchAlreadyDecided,
  matchDeadlinePassed,
  matchNotFound,
  matchNotReady,
  notHeadToHead,
  notInMatch,
} from './bracket.errors';
import type { BracketEvent, MatchDecided, MatchScheduled, StageKind } from './bracket.events';
import {
  DEFAULT_MATCH_WINDOW_MINUTES,
  FORMAT_STAGES,
  advancingCount,
  byTieBreak,
  comparePlays,
  currentStage,
  evolveBracket,
  getMatch,
  isPlayer,
  isStageComplete,
  padToPowerOfTwo,
  roundRobinStandings,
  stageMatches,
  type BracketState,
  type MatchState,
} from './bracket.state';

/**
 * Rules of head-to-head tournaments (docs/brackets.md). Pure: brackets-manager's view of the bracket
 * comes in with AdvanceBracket, worked out beforehand by the engine from the request `bracketWork` names.
 */
export interface BracketTournament {
  status: TournamentStatus | 'NONE';
  tournament: TournamentCreated['data'];
  players: PlayerTable;
  bracket: BracketState;
}

const stagesOf = (state: BracketTournament) => FORMAT_STAGES[state.tournament.format] ?? [];

/** Players in join order (the first stage's seeding): earlier join, then the secret key on equal instants. */
export function seedingByJoinOrder(state: BracketTournament): string[] {
  const key = byTieBreak(state.tournament.tieBreakSeed);
  return allPlayers(state.players)
    .sort((a, b) => Date.parse(a.joinedAt) - Date.parse(b.joinedAt) || key(a.userId, b.userId))
    .map((player) => player.userId);
}

/**
 * What the engine must work out before AdvanceBracket can decide, or null when nothing can move:
 * draw the first stage once the tournament is live (INSTANT: once full), draw the elimination stage
 * once the round robin is over, otherwise replay the current stage to learn which matches are ready.
 */
export function bracketWork(state: BracketTournament): BracketRequest | null {
  const kinds = stagesOf(state);
  if (state.status !== 'ACTIVE' || kinds.length === 0) return null;
  const { bracket } = state;
  const stage = currentStage(bracket);
  if (!stage) {
    const { mode, maxParticipants } = state.tournament;
    if (mode === 'INSTANT' && state.players.size < maxParticipants) return null;
    const seeding = seedingByJoinOrder(state);
    if (seeding.length < 2) return null;
    const kind = kinds[0]!;
    return {
      stage: 1,
      kind,
      seeding: kind === 'ROUND_ROBIN' ? seeding : padToPowerOfTwo(seeding),
      draw: true,
      decisions: [],
    };
  }
  if (isStageComplete(bracket, stage)) {
    const nextKind = kinds[stage.stage];
    if (!nextKind) return null;
    return {
      stage: stage.stage + 1,
      kind: nextKind,
      seeding: padToPowerOfTwo(advancing(state, nextKind)),
      draw: true,
      decisions: [],
    };
  }
  return {
    stage: stage.stage,
    kind: stage.kind,
    seeding: [...stage.seeding],
    draw: false,
    decisions: stageMatches(bracket, stage).flatMap((match) =>
      match.decision?.winnerId && match.decision.loserId
        ? [
            {
              matchId: match.layout.matchId,
              winnerId: match.decision.winnerId,
              loserId: match.decision.loserId,
            },
          ]
        : [],
    ),
  };
}

function advancing(state: BracketTournament, kind: StageKind): string[] {
  const stage = currentStage(state.bracket)!;
  const standings = roundRobinStandings(state.bracket, stage, state.tournament.tieBreakSeed);
  return standings.slice(0, advancingCount(standings.length, kind)).map((row) => row.userId);
}

/** Outcome of AdvanceBracket: its events, and whether the tournament is now decided (the decider completes it). */
export interface Advance {
  events: BracketEvent[];
  complete: boolean;
}

export function decideAdvance(command: AdvanceBracket, state: BracketTournament): Advance {
  const kinds = stagesOf(state);
  if (state.status !== 'ACTIVE' || kinds.length === 0) return { events: [], complete: false };
  const { tournamentId, outlook, now } = command.data;
  const events: BracketEvent[] = [];
  let bracket = state.bracket;
  const emit = (event: BracketEvent) => {
    events.push(event);
    bracket = evolveBracket(bracket, event);
  };
  const stage = currentStage(bracket);
  if (!stage) {
    const { mode, maxParticipants } = state.tournament;
    if (mode === 'INSTANT' && state.players.size < maxParticipants) return { events, complete: false };
    // Nobody to play against: the tournament ends at once, its one player (if any) first.
    if (state.players.size < 2) return { events, complete: true };
  } else if (isStageComplete(bracket, stage) && !kinds[stage.stage]) {
    return { events, complete: true };
  }
  // The outlook must answer what this state asks: one worked out on an older state (another stage,
  // or a seeding without a player who joined since) is stale and changes nothing.
  const request = bracketWork(state);
  if (!request || !outlook || !answers(outlook, request)) return { events, complete: false };
  if (request.draw) {
    if (stage) {
      emit({
        type: 'StageAdvanced',
        data: {
          tournamentId,
          fromStage: stage.stage,
          standings: roundRobinStandings(bracket, stage, state.tournament.tieBreakSeed),
          advancing: request.seeding.filter(isPlayer),
          advancedAt: now,
        },
      });
    }
    emit({
      type: 'BracketGenerated',
      data: {
        tournamentId,
        stage: request.stage,
        kind: request.kind,
        seeding: request.seeding,
        matches: outlook.drawn!.matches,
        generatedAt: now,
      },
    });
  }
  const window = (state.tournament.matchWindowMinutes ?? DEFAULT_MATCH_WINDOW_MINUTES) * 60_000;
  for (const side of outlook.matches) {
    const match = getMatch(bracket, side.matchId);
    if (!match || match.decision || match.deadline) continue;
    if (!isPlayer(side.player1) || !isPlayer(side.player2)) continue;
    const scheduled: MatchScheduled = {
      type: 'MatchScheduled',
      data: {
        tournamentId,
        matchId: side.matchId,
        player1Id: side.player1,
        player2Id: side.player2,
        gameSeed: gameSeed(state.tournament.tieBreakSeed, side.matchId),
        deadline: new Date(Date.parse(now) + window).toISOString(),
        scheduledAt: now,
      },
    };
    emit(scheduled);
  }
  return { events, complete: false };
}

function answers(outlook: BracketOutlook, request: BracketRequest): boolean {
  if (outlook.stage !== request.stage) return false;
  if (!request.draw) return true;
  const drawn = outlook.drawn;
  return (
    drawn !== null &&
    drawn.kind === request.kind &&
    drawn.seeding.length === request.seeding.length &&
    drawn.seeding.every((userId, index) => userId === request.seeding[index]) &&
    drawn.matches.every((match) => match.stage === request.stage)
  );
}

/** The seed both players of a match play: derived from the tournament's secret, so nobody picks it. */
export const gameSeed = (tieBreakSeed: string, matchId: string) =>
  createHmac('sha256', Buffer.from(tieBreakSeed, 'hex'))
    .update(`match:${matchId}`)
    .digest('hex')
    .slice(0, 16);

function findMatch(state: BracketTournament, matchId: string): MatchState {
  if (stagesOf(state).length === 0) throw notHeadToHead();
  const match = getMatch(state.bracket, matchId);
  if (!match) throw matchNotFound();
  return match;
}

/**
 * The match, when this member may play it now: the tournament is live, the match is theirs and
 * scheduled, not decided, before its deadline, and they have not played it yet. A play of the match
 * (StartPlay) is opened under the same rules its result is recorded under.
 */
export function playableMatch(
  state: BracketTournament,
  matchId: string,
  userId: string,
  now: string,
): MatchState {
  const match = findMatch(state, matchId);
  if (state.status !== 'ACTIVE') throw notActive();
  if (!match.deadline) {
    if (match.layout.player1 === userId || match.layout.player2 === userId) throw matchNotReady();
    throw notInMatch();
  }
  if (match.player1Id !== userId && match.player2Id !== userId) throw notInMatch();
  if (match.decision) throw matchAlreadyDecided();
  if (Date.parse(now) >= Date.parse(match.deadline)) throw matchDeadlinePassed();
  if (match.plays.some((play) => play.userId === userId)) throw alreadyPlayedMatch();
  if (!getPlayer(state.players, userId)) throw notInMatch();
  return match;
}

export function decideMatchResult(command: RecordMatchResult, state: BracketTournament): BracketEvent[] {
  const { tournamentId, matchId, userId, username, score, completed, now, playId, resultNonce } =
    command.data;
  const match = playableMatch(state, matchId, userId, now);
  if (!isWellFormedText(username)) throw unstorableText('username');
  if (!Number.isSafeInteger(score) || score < 0)
    throw invalidScore('Score must be a whole number of 0 or more');
  if (score > Math.min(state.tournament.game.maxScore, MAX_STORED_INTEGER)) {
    throw invalidScore(`Score must not exceed ${state.tournament.game.maxScore}`);
  }
  const played = {
    tournamentId,
    matchId,
    userId,
    username,
    score,
    completed,
    playedAt: now,
    ...(playId === undefined ? {} : { playId }),
    ...(resultNonce === undefined ? {} : { resultNonce }),
  };
  const events: BracketEvent[] = [{ type: 'MatchPlayed', data: played }];
  const other = match.plays[0];
  if (other) {
    const { order, byTieBreak: tie } = comparePlays(state.tournament.tieBreakSeed, played, other);
    const [winner, loser] = order < 0 ? [played, other] : [other, played];
    events.push(
      decided(state, tournamentId, matchId, winner.userId, loser.userId, tie ? 'TIE_BREAK' : 'PLAYED', now),
    );
  }
  return events;
}

/**
 * At the deadline whoever has not played forfeits. If neither played: in a round robin both lose; in
 * an elimination stage someone must go on, and the tournament's secret key picks who. A run that is
 * early (before the deadline) or late (match already decided) changes nothing.
 */
export function decideForfeit(command: ForfeitMatch, state: BracketTournament): BracketEvent[] {
  const { tournamentId, matchId, now } = command.data;
  const match = findMatch(state, matchId);
  if (state.status !== 'ACTIVE' || match.decision || !match.deadline) return [];
  if (Date.parse(now) < Date.parse(match.deadline)) return [];
  const sides = [match.player1Id!, match.player2Id!];
  const absent = sides.filter((userId) => !match.plays.some((play) => play.userId === userId));
  const events: BracketEvent[] = absent.map((userId) => ({
    type: 'MatchForfeited',
    data: { tournamentId, matchId, userId, forfeitedAt: now },
  }));
  if (absent.length === 1) {
    const loser = absent[0]!;
    const winner = sides.find((userId) => userId !== loser)!;
    events.push(decided(state, tournamentId, matchId, winner, loser, 'FORFEIT', now));
  } else if (stageOf(state, matchId) === 'ROUND_ROBIN') {
    events.push(decided(state, tournamentId, matchId, null, null, 'DOUBLE_FORFEIT', now));
  } else {
    const [winner, loser] = [...sides].sort(byTieBreak(state.tournament.tieBreakSeed));
    events.push(decided(state, tournamentId, matchId, winner!, loser!, 'DOUBLE_FORFEIT', now));
  }
  return events;
}

const stageOf = (state: BracketTournament, matchId: string) =>
  state.bracket.stages.find((stage) => stage.matchIds.includes(matchId))?.kind;

/** `winnerWins` counts the winner's decided wins in the tournament, this one included (the live leaderboard's score). */
const decided = (
  state: BracketTournament,
  tournamentId: string,
  matchId: string,
  winnerId: string | null,
  loserId: string | null,
  reason: MatchDecided['data']['reason'],
  decidedAt: string,
): MatchDecided => ({
  type: 'MatchDecided',
  data: {
    tournamentId,
    matchId,
    winnerId,
    loserId,
    reason,
    decidedAt,
    winnerWins:
      winnerId === null
        ? null
        : Object.values(state.bracket.matches).filter((match) => match.decision?.winnerId === winnerId)
            .length + 1,
  },
});

/**
 * Final standings of a head-to-head tournament. A round robin ranks by its table. An elimination
 * stage ranks its champion first, the loser of the last match second, then the others by how far they
 * got (the group and round of their last loss, later first), then their total result, then the
 * secret key; players the round robin did not send on follow in its order. `score` is matches won,
 * `attempts` matches played.
 */
export function bracketFinalStandings(state: BracketTournament): FinalStanding[] {
  const { bracket } = state;
  const seed = state.tournament.tieBreakSeed;
  const final = currentStage(bracket);
  if (!final) {
    // Never drawn: a lone player is first; a field that never played (the end job came before any
    // draw) has no ranking at all rather than one by join order.
    const players = seedingByJoinOrder(state);
    return players.length === 1 ? [standing(state, players[0]!, 1)] : [];
  }
  let order: string[];
  if (final.kind === 'ROUND_ROBIN') {
    order = roundRobinStandings(bracket, final, seed).map((row) => row.userId);
  } else {
    const matches = stageMatches(bracket, final);
    const lastLoss = new Map<string, number>();
    const total = new Map<string, number>();
    for (const match of matches) {
      for (const play of match.plays) total.set(play.userId, (total.get(play.userId) ?? 0) + play.score);
      const loser = match.decision?.loserId;
      if (loser)
        lastLoss.set(
          loser,
          Math.max(lastLoss.get(loser) ?? 0, match.layout.group * 1000 + match.layout.round),
        );
    }
    const key = byTieBreak(seed);
    // The champion never loses its last match: it sorts above every loser with Infinity.
    const depth = (userId: string) => (lastLoss.has(userId) ? lastLoss.get(userId)! : Infinity);
    const last = [...matches]
      .filter((match) => match.decision)
      .sort((a, b) => b.layout.group - a.layout.group || b.layout.round - a.layout.round)[0];
    const champion = last?.decision?.winnerId ?? null;
    const runnerUp = last?.decision?.loserId ?? null;
    order = final.seeding
      .filter(isPlayer)
      .sort(
        (a, b) =>
          Number(b === champion) - Number(a === champion) ||
          Number(b === runnerUp) - Number(a === runnerUp) ||
          depth(b) - depth(a) ||
          (total.get(b) ?? 0) - (total.get(a) ?? 0) ||
          key(a, b),
      );
    for (const row of bracket.roundRobinStandings ?? [])
      if (!order.includes(row.userId)) order.push(row.userId);
  }
  return order.map((userId, index) => standing(state, userId, index + 1));
}

function standing(state: BracketTournament, userId: string, rank: number): FinalStanding {
  let wins = 0;
  let played = 0;
  for (const match of Object.values(state.bracket.matches)) {
    if (match.decision?.winnerId === userId) wins += 1;
    if (match.plays.some((play) => play.userId === userId)) played += 1;
  }
  return {
    rank,
    userId,
    username: getPlayer(state.players, userId)?.username ?? '',
    score: wins,
    attempts: played,
  };
}
