import type {
  CancelTournament,
  CreateTournament,
  EditTournament,
  EndTournament,
  SelectCharity,
  JoinTournament,
  StartPlay,
  StartTournament,
  SubmitPlayResult,
  SubmitScore,
  TournamentCommand,
} from './tournament.commands';
import { catalogGame } from '@arena/contracts/games.catalog';
import { MAX_STORED_INTEGER } from '@arena/contracts/tournaments.contract';
import { planAllows, planLabel } from '@arena/contracts/tournaments.rules';
import { isWellFormedText, isUuid } from '@arena/text';
import {
  belowRequiredPlan,
  charityClosed,
  invalidScore,
  invalidTournament,
  joiningClosed,
  notActive,
  notAPlayer,
  notEditable,
  notJoined,
  tournamentNotFound,
  unknownGame,
  unstorableText,
  verifiedOnly,
} from './tournament.errors';
import type {
  CompletionReason,
  FinalStanding,
  PrizeAllocated,
  TournamentCompleted,
  TournamentCreated,
  TournamentEdited,
  TournamentEvent,
  TournamentStatus,
} from './tournament.events';
import { allPlayers, emptyPlayerTable, getPlayer, setPlayer, type PlayerTable } from './tournament.players';
import {
  acceptedPlayResult,
  emptyPlayTable,
  isVerifiedTournament,
  openPlay,
  verifiedCore,
  withPlayResolved,
  withPlayStarted,
  type PlayTable,
} from './tournament.plays';
import {
  acceptedSignature,
  checkedResultKey,
  emptyNonceTable,
  withNonce,
  type NonceTable,
} from './tournament.signed-results';
import { compareStandings, isBetterResult, lowerScoreWins, tieBreakKey } from './tournament.standings';
import { allocatePrizes, prizeConfigOf, resolvePrizeConfig } from './prize-allocation';
import {
  bracketFinalStandings,
  decideAdvance,
  decideForfeit,
  decideMatchResult,
  playableMatch,
} from './bracket/bracket.decider';
import { playedInMatches } from './bracket/bracket.errors';
import type { AdvanceBracket, RecordMatchResult } from './bracket/bracket.commands';
import { emptyBracket, evolveBracket, isHeadToHead, type BracketState } from './bracket/bracket.state';

/**
 * Rules of one tournament.
 *
 * - INSTANT tournaments are live from creation: CreateTournament emits TournamentCreated and
 *   TournamentStarted together. Joining stays open while live (the mode is rolling); the tournament
 *   completes as soon as `maxParticipants` distinct players have a first score, so the player who
 *   fills the last place gets exactly one attempt.
 * - SCHEDULED tournaments are UPCOMING until StartTournament and complete on EndTournament; players
 *   may join before the start, up to `maxParticipants`, and scores stop at `tournamentEnd` even if
 *   the end job is late.
 * - TIME_ATTACK scores are completion times in ms: the lowest completed run is a player's best; a run
 *   that did not complete is an attempt with no time. Every other format keeps the highest score.
 * - Operators edit a SCHEDULED tournament until it starts (the same checks as creation); a start or
 *   end job queued for an instant that is no longer the tournament's does nothing.
 * - Joining needs the member's plan to allow the tournament's requiredPlan. A joined player changes
 *   their charity until the tournament completes or is cancelled.
 * - Repeated commands whose effect already happened (create, join, start, end, cancel) emit nothing.
 * - A catalog game's tournament (not external) takes results only from verified plays
 *   (tournament.plays.ts): the bare score and match result commands are refused for it. An external
 *   game's tournament opens no plays; with a registered key it takes a score or match result only
 *   signed by the game's server, each nonce once (tournament.signed-results.ts), without one it takes
 *   bare numbers and every member sees it marked unverified.
 * - Nothing is recorded that a read model could not store: text is well-formed (no NUL, no unpaired
 *   surrogate), counts and caps fit a PostgreSQL integer, instants are canonical UTC within years
 *   1 to 9999 and the tournament id is a UUID. A refused value costs one 400, never a stuck projector.
 */

export type TournamentState =
  | { status: 'NONE' }
  | {
      status: TournamentStatus;
      tournament: TournamentCreated['data'];
      players: PlayerTable;
      /** Verified games' play sessions (empty for external games). */
      plays: PlayTable;
      /** A SIGNED external game's result nonces, each taken once (empty for every other game). */
      resultNonces: NonceTable;
      scoredCount: number;
      /** Head-to-head formats' stages and matches (empty for the others). */
      bracket: BracketState;
    };

export type ExistingTournament = Exclude<TournamentState, { status: 'NONE' }>;

export const initialState: TournamentState = { status: 'NONE' };

export function evolve(state: TournamentState, event: TournamentEvent): TournamentState {
  if (event.type === 'TournamentCreated') {
    return {
      status: 'UPCOMING',
      tournament: event.data,
      players: emptyPlayerTable,
      plays: emptyPlayTable,
      resultNonces: emptyNonceTable,
      scoredCount: 0,
      bracket: emptyBracket,
    };
  }
  if (state.status === 'NONE') return state;
  switch (event.type) {
    case 'PlayerJoined': {
      const { userId, username, charityId, charityName, joinedAt } = event.data;
      const player = {
        userId,
        username,
        charityId,
        charityName,
        joinedAt,
        attempts: 0,
        bestScore: 0,
        bestScoreAt: null,
        openPlayId: null,
      };
      return {
        ...state,
        players: setPlayer(state.players, player),
      };
    }
    case 'TournamentStarted':
      return { ...state, status: 'ACTIVE' };
    case 'ScoreSubmitted': {
      const { userId, attempt, bestScore, bestScoreAt, playId, resultNonce } = event.data;
      const previous = getPlayer(state.players, userId);
      if (!previous) return state;
      const player = { ...previous, attempts: attempt, bestScore: bestScore ?? 0, bestScoreAt };
      const scored = {
        ...state,
        players: setPlayer(state.players, player),
        resultNonces: withNonce(state.resultNonces, resultNonce),
        scoredCount: state.scoredCount + (attempt === 1 ? 1 : 0),
      };
      return playId === undefined ? scored : { ...scored, ...withPlayResolved(scored, playId) };
    }
    case 'PlayStarted':
      return { ...state, ...withPlayStarted(state, event) };
    case 'TournamentCompleted':
      return { ...state, status: 'COMPLETED' };
    case 'PrizeAllocated':
      return state;
    case 'TournamentCancelled':
      return { ...state, status: 'CANCELLED' };
    case 'TournamentEdited':
      return { ...state, tournament: withChanges(state.tournament, event.data.changes) };
    case 'PlayerCharitySelected': {
      const { userId, charityId, charityName } = event.data;
      const previous = getPlayer(state.players, userId);
      if (!previous) return state;
      return { ...state, players: setPlayer(state.players, { ...previous, charityId, charityName }) };
    }
    case 'MatchPlayed': {
      const { playId, resultNonce } = event.data;
      const played = {
        ...state,
        bracket: evolveBracket(state.bracket, event),
        resultNonces: withNonce(state.resultNonces, resultNonce),
      };
      return playId === undefined ? played : { ...played, ...withPlayResolved(played, playId) };
    }
    case 'BracketGenerated':
    case 'MatchScheduled':
    case 'MatchForfeited':
    case 'MatchDecided':
    case 'StageAdvanced':
      return { ...state, bracket: evolveBracket(state.bracket, event) };
    default: {
      const unexpected: never = event;
      return unexpected;
    }
  }
}

export function decide(command: TournamentCommand, state: TournamentState): TournamentEvent[] {
  if (command.type === 'CreateTournament') return create(command, state);
  if (state.status === 'NONE') throw tournamentNotFound();
  switch (command.type) {
    case 'JoinTournament':
      return join(command, state);
    case 'StartTournament':
      return start(command, state);
    case 'SubmitScore':
      return submitScore(command, state);
    case 'EndTournament':
      return end(command, state);
    case 'CancelTournament':
      return cancel(command, state);
    case 'EditTournament':
      return edit(command, state);
    case 'SelectCharity':
      return selectCharity(command, state);
    case 'RecordMatchResult':
      return recordMatchResult(command, state);
    case 'StartPlay':
      return startPlay(command, state);
    case 'SubmitPlayResult':
      return submitPlayResult(command, state);
    case 'ForfeitMatch':
      return decideForfeit(command, state);
    case 'AdvanceBracket':
      return advanceBracket(command, state);
    default: {
      const unexpected: never = command;
      return unexpected;
    }
  }
}

export { MAX_STORED_INTEGER };

const isWholeNumber = (value: number) => Number.isSafeInteger(value) && value >= 0;
const isCount = (value: number, least: number) =>
  Number.isSafeInteger(value) && value >= least && value <= MAX_STORED_INTEGER;

/** `new Date(x).toISOString()` form, in the years PostgreSQL's timestamptz reads the same way. */
function isStorableInstant(value: string | null): boolean {
  if (value === null) return false;
  const time = Date.parse(value);
  if (!Number.isFinite(time)) return false;
  const year = new Date(time).getUTCFullYear();
  return year >= 1 && year <= 9999 && new Date(time).toISOString() === value;
}

function assertStorableText(fields: Record<string, string | null>): void {
  for (const [field, value] of Object.entries(fields)) {
    if (value !== null && !isWellFormedText(value)) throw unstorableText(field);
  }
}

function create(command: CreateTournament, state: TournamentState): TournamentEvent[] {
  if (state.status !== 'NONE') return [];
  const { now, ...data } = command.data;
  const prizeConfig = checkedSettings(data);
  const game = checkedNewGame(data.game, data.format);
  // Checked whether given or not (the defaults depend on the pool and the game); recorded only when
  // given, so the defaults follow an edit of the pool. Read with prizeConfigOf.
  const { prizeConfig: _given, ...settings } = data;
  const created: TournamentEvent = {
    type: 'TournamentCreated',
    data: { ...settings, game, ...(data.prizeConfig == null ? {} : { prizeConfig }), createdAt: now },
  };
  if (data.mode === 'SCHEDULED') return [created];
  return [created, { type: 'TournamentStarted', data: { tournamentId: data.tournamentId, startedAt: now } }];
}

/**
 * A new tournament's game: a catalog game is verified (never external) and its result kind fits the
 * format (a TIME game is played against the clock, TIME_ATTACK, and only it); any other slug is an
 * operator's external game and must say so. `external` is always recorded on new tournaments.
 */
function checkedNewGame(
  game: TournamentCreated['data']['game'],
  format: TournamentCreated['data']['format'],
): TournamentCreated['data']['game'] {
  const catalog = catalogGame(game.slug);
  checkedResultKey(game, catalog === null && game.external === true);
  if (!catalog) {
    if (game.external !== true) throw unknownGame(game.slug);
    return game;
  }
  if (game.external === true) {
    throw invalidTournament(`${catalog.name} is one of our verified games: it cannot be external`);
  }
  if ((catalog.resultKind === 'TIME') !== lowerScoreWins(format)) {
    throw invalidTournament(
      catalog.resultKind === 'TIME'
        ? `${catalog.name} is played against the clock: only TIME_ATTACK fits it`
        : `${catalog.name} is played for points: TIME_ATTACK does not fit it`,
    );
  }
  return { ...game, external: false };
}

/** Every check a tournament's settings pass, at creation and after an edit; the resolved prize settings. */
function checkedSettings(data: Omit<TournamentCreated['data'], 'createdAt'>) {
  if (!isUuid(data.tournamentId)) throw invalidTournament('tournamentId must be a UUID');
  assertStorableText({
    title: data.title,
    description: data.description,
    thumbnail: data.thumbnail,
    rules: data.rules,
    'game.slug': data.game.slug,
    'game.name': data.game.name,
    'game.integrationUrl': data.game.integrationUrl,
  });
  if (!data.title.trim()) throw invalidTournament('A tournament needs a title');
  if (!isCount(data.maxParticipants, 1)) {
    throw invalidTournament(`maxParticipants must be a whole number from 1 to ${MAX_STORED_INTEGER}`);
  }
  if (!isWholeNumber(data.prizePoolCents))
    throw invalidTournament('prizePoolCents must be a whole number of cents');
  if (!isCount(data.game.maxScore, 1)) {
    throw invalidTournament(`The game's maxScore must be a whole number from 1 to ${MAX_STORED_INTEGER}`);
  }
  if (
    data.matchWindowMinutes !== undefined &&
    data.matchWindowMinutes !== null &&
    !(
      Number.isSafeInteger(data.matchWindowMinutes) &&
      data.matchWindowMinutes >= 5 &&
      data.matchWindowMinutes <= 43_200
    )
  ) {
    throw invalidTournament('matchWindowMinutes must be a whole number from 5 to 43200');
  }
  if (!/^[0-9a-f]{32,}$/.test(data.tieBreakSeed))
    throw invalidTournament('tieBreakSeed must be at least 16 bytes of hex');
  if (data.mode === 'SCHEDULED') {
    const startAt = Date.parse(data.tournamentStart ?? '');
    const endAt = Date.parse(data.tournamentEnd ?? '');
    if (!isStorableInstant(data.tournamentStart) || !isStorableInstant(data.tournamentEnd)) {
      throw invalidTournament(
        'tournamentStart and tournamentEnd must be UTC instants in the years 1 to 9999',
      );
    }
    if (startAt >= endAt) {
      throw invalidTournament('A scheduled tournament needs a tournamentStart before its tournamentEnd');
    }
  } else if (data.tournamentStart !== null || data.tournamentEnd !== null) {
    throw invalidTournament('An instant tournament has no start or end time');
  }
  return resolvePrizeConfig(data);
}

const isOver = (state: ExistingTournament, now: string) =>
  state.tournament.tournamentEnd !== null && Date.parse(now) >= Date.parse(state.tournament.tournamentEnd);

function join(command: JoinTournament, state: ExistingTournament): TournamentEvent[] {
  const { tournamentId, userId, username, charityId, charityName, memberPlan, now } = command.data;
  if (getPlayer(state.players, userId)) return [];
  assertStorableText({ username, charityId, charityName });
  if (state.status === 'COMPLETED') throw joiningClosed('this tournament has ended');
  if (state.status === 'CANCELLED') throw joiningClosed('this tournament was cancelled');
  if (isOver(state, now)) throw joiningClosed('this tournament has ended');
  const { requiredPlan } = state.tournament;
  if (!planAllows(memberPlan, requiredPlan)) throw belowRequiredPlan(planLabel(requiredPlan));
  const headToHead = isHeadToHead(state.tournament.format);
  if (
    (state.tournament.mode === 'SCHEDULED' || headToHead) &&
    state.players.size >= state.tournament.maxParticipants
  ) {
    throw joiningClosed('this tournament is full');
  }
  if (headToHead && state.bracket.stages.length > 0) throw joiningClosed('the bracket has been drawn');
  return [
    { type: 'PlayerJoined', data: { tournamentId, userId, username, charityId, charityName, joinedAt: now } },
  ];
}

/**
 * A job queued for an instant that is no longer the tournament's (an operator moved it) does nothing.
 * A job for the current instant runs whenever the queue delivers it: its clock, not ours, decides the
 * delay, and a job dropped for being a few milliseconds early would never run again. Jobs queued
 * before edits existed carry no instant and run as they always did.
 */
function isStaleJob(scheduledFor: string | undefined, current: string | null): boolean {
  return scheduledFor !== undefined && current !== null && scheduledFor !== current;
}

function start(command: StartTournament, state: ExistingTournament): TournamentEvent[] {
  if (state.status !== 'UPCOMING') return [];
  if (isStaleJob(command.data.scheduledFor, state.tournament.tournamentStart)) return [];
  return [
    {
      type: 'TournamentStarted',
      data: { tournamentId: command.data.tournamentId, startedAt: command.data.now },
    },
  ];
}

function refuseBareResultOfVerifiedGame(state: ExistingTournament): void {
  if (isVerifiedTournament(state.tournament)) throw verifiedOnly(state.tournament.game.name);
}

/** The member may record a score now (score formats): the tournament is live and they joined it. */
function scoringPlayer(state: ExistingTournament, userId: string, now: string) {
  if (state.status !== 'ACTIVE' || isOver(state, now)) throw notActive();
  if (isHeadToHead(state.tournament.format)) throw playedInMatches();
  const player = getPlayer(state.players, userId);
  if (!player) throw notJoined();
  return player;
}

/**
 * A score sent as a number: refused for a game we replay; for a game that signs its results, only with
 * a valid, new and fresh signature (tournament.signed-results.ts); taken as it is otherwise (UNVERIFIED).
 */
function submitScore(command: SubmitScore, state: ExistingTournament): TournamentEvent[] {
  refuseBareResultOfVerifiedGame(state);
  const { signedResult, ...data } = command.data;
  const completed = data.completed !== false;
  const resultNonce = acceptedSignature(state, { ...data, matchId: null, completed, signedResult });
  return recordScore(state, { ...data, completed, resultNonce });
}

/** A head-to-head result sent as a number: the same rules as a score's. */
function recordMatchResult(command: RecordMatchResult, state: ExistingTournament): TournamentEvent[] {
  refuseBareResultOfVerifiedGame(state);
  const { signedResult, ...data } = command.data;
  const resultNonce = acceptedSignature(state, { ...data, signedResult });
  return decideMatchResult({ ...command, data: { ...data, resultNonce } }, state);
}

/** A score from a bare submission or a verified play: the player's attempt, best, and maybe completion. */
function recordScore(
  state: ExistingTournament,
  data: Omit<SubmitScore['data'], 'signedResult'> & {
    completed: boolean;
    playId?: string;
    durationMs?: number;
    resultNonce?: string;
  },
): TournamentEvent[] {
  const { tournamentId, userId, username, score, completed: completedRun, now, playId, durationMs } = data;
  const { resultNonce } = data;
  const player = scoringPlayer(state, userId, now);
  assertStorableText({ username });
  if (!isWholeNumber(score)) throw invalidScore('Score must be a whole number of 0 or more');
  if (score > state.tournament.game.maxScore) {
    throw invalidScore(`Score must not exceed ${state.tournament.game.maxScore}`);
  }
  const lowerWins = lowerScoreWins(state.tournament.format);
  // Only TIME_ATTACK has unfinished runs without a result; elsewhere a score is a score.
  const counts = completedRun || !lowerWins;
  const improved =
    counts && (player.bestScoreAt === null || isBetterResult(score, player.bestScore, lowerWins));
  const hasBest = improved || player.bestScoreAt !== null;
  const submitted: TournamentEvent = {
    type: 'ScoreSubmitted',
    data: {
      tournamentId,
      userId,
      username,
      score,
      completed: completedRun,
      attempt: player.attempts + 1,
      bestScore: improved ? score : hasBest ? player.bestScore : null,
      bestScoreAt: improved ? now : player.bestScoreAt,
      submittedAt: now,
      ...(playId === undefined ? {} : { playId }),
      ...(durationMs === undefined ? {} : { durationMs }),
      ...(resultNonce === undefined ? {} : { resultNonce }),
    },
  };
  const after = evolve(state, submitted) as ExistingTournament;
  const capReached =
    state.tournament.mode === 'INSTANT' &&
    player.attempts === 0 &&
    after.scoredCount >= state.tournament.maxParticipants;
  return capReached ? [submitted, ...completed(after, now, 'PLAYER_CAP_REACHED')] : [submitted];
}

/**
 * Opens a play while its member could record its result now: in score formats a live tournament
 * they joined, head-to-head their scheduled match they have not played yet. The play expires no
 * later than results stop counting: the tournament's end, or the match's deadline.
 */
function startPlay(command: StartPlay, state: ExistingTournament): TournamentEvent[] {
  const core = verifiedCore(state.tournament);
  const { userId, matchId, now } = command.data;
  let closesAt: string | null;
  if (matchId === null) {
    scoringPlayer(state, userId, now);
    closesAt = state.tournament.tournamentEnd;
  } else {
    closesAt = playableMatch(state, matchId, userId, now).deadline;
  }
  const started = openPlay(command, state, core, closesAt);
  return started ? [started] : [];
}

/**
 * A verified play's result goes the way a bare one goes for an external game, with the score the
 * server's replay computed. For a points game every play that replayed counts (its core's `completed`
 * says only how the game ended); for a TIME game an unfinished play has no time.
 */
function submitPlayResult(command: SubmitPlayResult, state: ExistingTournament): TournamentEvent[] {
  const { play, result } = acceptedPlayResult(command, state);
  const { tournamentId, playId, userId, username, now } = command.data;
  const completed = verifiedCore(state.tournament).resultKind === 'TIME' ? result.completed : true;
  if (play.matchId !== null) {
    return decideMatchResult(
      {
        type: 'RecordMatchResult',
        data: {
          tournamentId,
          matchId: play.matchId,
          userId,
          username,
          score: result.score,
          completed,
          now,
          playId,
        },
      },
      state,
    );
  }
  return recordScore(state, {
    tournamentId,
    userId,
    username,
    score: result.score,
    completed,
    now,
    playId,
    durationMs: result.durationMs,
  });
}

function end(command: EndTournament, state: ExistingTournament): TournamentEvent[] {
  if (state.status === 'COMPLETED' || state.status === 'CANCELLED') return [];
  if (isStaleJob(command.data.scheduledFor, state.tournament.tournamentEnd)) return [];
  // A drawn bracket ends with its final match (deadlines make sure it does), not at tournamentEnd.
  if (isHeadToHead(state.tournament.format) && state.bracket.stages.length > 0) return [];
  return completed(state, command.data.now, 'SCHEDULE_ENDED');
}

function cancel(command: CancelTournament, state: ExistingTournament): TournamentEvent[] {
  if (state.status === 'COMPLETED' || state.status === 'CANCELLED') return [];
  const { tournamentId, reason, now } = command.data;
  assertStorableText({ reason });
  return [{ type: 'TournamentCancelled', data: { tournamentId, reason, cancelledAt: now } }];
}

export function finalStandings(state: ExistingTournament): FinalStanding[] {
  if (isHeadToHead(state.tournament.format)) return bracketFinalStandings(state);
  const seed = state.tournament.tieBreakSeed;
  const lowerWins = lowerScoreWins(state.tournament.format);
  return allPlayers(state.players)
    .flatMap((player) =>
      player.bestScoreAt === null
        ? []
        : [{ ...player, bestScoreAt: player.bestScoreAt, tieBreakKey: tieBreakKey(seed, player.userId) }],
    )
    .sort((a, b) => compareStandings(a, b, lowerWins))
    .map((player, index) => ({
      rank: index + 1,
      userId: player.userId,
      username: player.username,
      score: player.bestScore,
      attempts: player.attempts,
    }));
}

/** The bracket's own events, then completion through `completed` once its last match is decided. */
function advanceBracket(command: AdvanceBracket, state: ExistingTournament): TournamentEvent[] {
  const { events, complete } = decideAdvance(command, state);
  if (!complete) return events;
  const after = events.reduce(evolve, state as TournamentState) as ExistingTournament;
  return [...events, ...completed(after, command.data.now, 'BRACKET_DECIDED')];
}

/**
 * The one way a tournament completes: TournamentCompleted with its final standings, then one
 * PrizeAllocated per place the prize model pays (prize-allocation.ts), each with the charity that
 * player had chosen at this moment.
 */
function completed(
  state: ExistingTournament,
  now: string,
  reason: CompletionReason,
  standings: FinalStanding[] = finalStandings(state),
): [TournamentCompleted, ...PrizeAllocated[]] {
  const { tournament } = state;
  const lines = allocatePrizes(
    prizeConfigOf(tournament),
    tournament.prizePoolCents,
    standings,
    lowerScoreWins(tournament.format),
  );
  const byUser = new Map(standings.map((standing) => [standing.userId, standing]));
  return [
    {
      type: 'TournamentCompleted',
      data: { tournamentId: tournament.tournamentId, completedAt: now, reason, finalStandings: standings },
    },
    ...lines.map(({ rank, userId, amountCents }): PrizeAllocated => {
      const player = getPlayer(state.players, userId);
      return {
        type: 'PrizeAllocated',
        data: {
          tournamentId: tournament.tournamentId,
          rank,
          userId,
          username: byUser.get(userId)!.username,
          score: byUser.get(userId)!.score,
          amountCents,
          charityId: player?.charityId ?? null,
          charityName: player?.charityName ?? null,
          allocatedAt: now,
        },
      };
    }),
  ];
}

/** An edit's changes over the stored settings; a null prizeConfig means the model's defaults. */
function withChanges(
  tournament: TournamentCreated['data'],
  changes: TournamentEdited['data']['changes'],
): TournamentCreated['data'] {
  const { prizeConfig, ...rest } = changes;
  const next: TournamentCreated['data'] = { ...tournament, ...rest };
  if (prizeConfig === null) delete next.prizeConfig;
  else if (prizeConfig !== undefined) next.prizeConfig = prizeConfig;
  return next;
}

function edit(command: EditTournament, state: ExistingTournament): TournamentEvent[] {
  const { tournamentId, changes, now } = command.data;
  const { tournament } = state;
  if (tournament.mode !== 'SCHEDULED') throw notEditable('only a scheduled tournament is edited');
  if (state.status !== 'UPCOMING') throw notEditable(`it is ${state.status.toLowerCase()}`);
  if (tournament.tournamentStart !== null && Date.parse(now) >= Date.parse(tournament.tournamentStart)) {
    throw notEditable('it has started');
  }
  // A new model without settings of its own goes back to its defaults rather than keep the old model's.
  const withModel =
    changes.prizeModel !== undefined &&
    changes.prizeModel !== tournament.prizeModel &&
    changes.prizeConfig === undefined
      ? { ...changes, prizeConfig: null }
      : changes;
  const changed = Object.fromEntries(
    Object.entries(withModel).filter(
      ([key, value]) =>
        value !== undefined &&
        JSON.stringify(value) !== JSON.stringify((tournament as Record<string, unknown>)[key] ?? null),
    ),
  ) as TournamentEdited['data']['changes'];
  if (Object.keys(changed).length === 0) return [];
  const next = withChanges(tournament, changed);
  if (next.prizeConfig && next.prizeConfig.model !== next.prizeModel) {
    throw invalidTournament('prizeConfig.model must equal prizeModel');
  }
  if (changed.tournamentStart !== undefined && Date.parse(changed.tournamentStart ?? '') <= Date.parse(now)) {
    throw invalidTournament('tournamentStart must be in the future');
  }
  if (next.maxParticipants < state.players.size) {
    throw invalidTournament(`maxParticipants must be at least the ${state.players.size} players who joined`);
  }
  // The edited settings must pass every check a new tournament's pass (the game is not editable).
  const { createdAt: _createdAt, ...settings } = next;
  checkedSettings(settings);
  return [{ type: 'TournamentEdited', data: { tournamentId, changes: changed, editedAt: now } }];
}

function selectCharity(command: SelectCharity, state: ExistingTournament): TournamentEvent[] {
  const { tournamentId, userId, charityId, charityName, now } = command.data;
  const player = getPlayer(state.players, userId);
  if (!player) throw notAPlayer();
  if (state.status === 'COMPLETED') throw charityClosed('this tournament has ended');
  if (state.status === 'CANCELLED') throw charityClosed('this tournament was cancelled');
  assertStorableText({ charityId, charityName });
  if (player.charityId === charityId) return [];
  return [
    {
      type: 'PlayerCharitySelected',
      data: { tournamentId, userId, charityId, charityName, selectedAt: now },
    },
  ];
}

export const tournamentDecider = { decide, evolve, initialState };
