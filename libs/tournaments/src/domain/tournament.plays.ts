import { isVerifiedGame } from '@arena/contracts/games.catalog';
import { gameCoreFor, type GameCore, type ReplayResult } from '@arena/games';
import { isUuid, isWellFormedText } from '@arena/text';
import { emptyTable, getRow, setRow, type BucketedTable } from './bucketed-table';
import type { StartPlay, SubmitPlayResult } from './tournament.commands';
import {
  invalidTournament,
  notAPlayer,
  notVerifiedGame,
  playAlreadySubmitted,
  playDoesNotReplay,
  playExpired,
  playIdTaken,
  playNotFound,
  playNotYours,
  playSuperseded,
  playTooFast,
} from './tournament.errors';
import type { PlayStarted, TournamentCreated } from './tournament.events';
import { getPlayer, setPlayer, type PlayerTable } from './tournament.players';

/**
 * Play sessions of verified games (docs/fair-play.md). The rules here only check a play; what its
 * result records (a score, or a head-to-head match result) is the decider's usual path.
 *
 * - A play is opened while its member can score (the decider checks that first) and gets a fresh
 *   seed. A member has at most one open play per tournament: a new one supersedes the earlier one,
 *   so shopping for a good seed costs a whole abandoned play each time and never leaves two to pick from.
 * - It expires when its game's longest play plus a grace for slow networks has passed, or when its
 *   match's deadline or the tournament's end comes first.
 * - Its result is taken once, from its own member, while it is open and not expired, when the log
 *   replayed and the game clock it claims fits in the wall time since the play started.
 */

/** What a play lasts beyond the game's longest play: a page that was slow to load, a slow network. */
export const PLAY_GRACE_MS = 2 * 60_000;
/** The wall clock may run behind the game clock by this much (clock rounding, request latency). */
const CLOCK_SLACK_MS = 2_000;

export interface PlayState {
  playId: string;
  userId: string;
  matchId: string | null;
  seed: string;
  startedAt: string;
  expiresAt: string;
  /** True once a ScoreSubmitted or MatchPlayed carries this play's id. */
  resolved: boolean;
}

/** Every play of one tournament by play id; bucketed, since a live tournament opens thousands. */
export type PlayTable = BucketedTable<PlayState>;

export const emptyPlayTable: PlayTable = emptyTable;

export const getPlay = (plays: PlayTable, playId: string): PlayState | undefined => getRow(plays, playId);

/**
 * Results come from verified plays only for a catalog game recorded as not external. Tournaments
 * recorded before issue 10 have no `external` and took bare scores: they keep doing so.
 */
export const isVerifiedTournament = (tournament: TournamentCreated['data']) =>
  tournament.game.external === false && isVerifiedGame(tournament.game.slug);

/** The core that verifies this tournament's plays; 409 for a tournament that takes bare scores. */
export function verifiedCore(tournament: TournamentCreated['data']): GameCore<unknown> {
  const core = isVerifiedTournament(tournament) ? gameCoreFor(tournament.game.slug) : null;
  if (!core) throw notVerifiedGame();
  return core;
}

/** The tables after a play opened: the play, and its member's open play (superseding any other). */
export function withPlayStarted(
  tables: { plays: PlayTable; players: PlayerTable },
  event: PlayStarted,
): { plays: PlayTable; players: PlayerTable } {
  const { playId, userId, matchId, seed, startedAt, expiresAt } = event.data;
  const player = getPlayer(tables.players, userId);
  return {
    plays: setRow(tables.plays, playId, {
      playId,
      userId,
      matchId,
      seed,
      startedAt,
      expiresAt,
      resolved: false,
    }),
    players: player ? setPlayer(tables.players, { ...player, openPlayId: playId }) : tables.players,
  };
}

/** The tables after a result carrying this play's id was recorded: the play is closed for good. */
export function withPlayResolved(
  tables: { plays: PlayTable; players: PlayerTable },
  playId: string,
): { plays: PlayTable; players: PlayerTable } {
  const play = getPlay(tables.plays, playId);
  if (!play) return tables;
  const player = getPlayer(tables.players, play.userId);
  return {
    plays: setRow(tables.plays, playId, { ...play, resolved: true }),
    players:
      player?.openPlayId === playId
        ? setPlayer(tables.players, { ...player, openPlayId: null })
        : tables.players,
  };
}

interface PlayTournament {
  tournament: TournamentCreated['data'];
  players: PlayerTable;
  plays: PlayTable;
}

/**
 * The PlayStarted of a StartPlay of a verified game (`verifiedCore`), once the decider has checked
 * the member may score (or play their match) now; null when this very play was already opened (a
 * retried command). `closesAt`: when results stop counting anyway (the match's deadline, the
 * tournament's end), which the play's expiry never passes.
 */
export function openPlay(
  command: StartPlay,
  state: PlayTournament,
  core: GameCore<unknown>,
  closesAt: string | null,
): PlayStarted | null {
  const { tournamentId, playId, userId, matchId, seed, now } = command.data;
  if (!isUuid(playId)) throw invalidTournament('playId must be a UUID');
  if (!seed || seed.length > 200 || !isWellFormedText(seed))
    throw invalidTournament('seed must be short text');
  if (!getPlayer(state.players, userId)) throw notAPlayer();
  const existing = getPlay(state.plays, playId);
  if (existing) {
    if (existing.userId === userId && existing.matchId === matchId) return null;
    throw playIdTaken();
  }
  const longest = Date.parse(now) + core.maxDurationMs + PLAY_GRACE_MS;
  return {
    type: 'PlayStarted',
    data: {
      tournamentId,
      playId,
      userId,
      matchId,
      game: state.tournament.game.slug,
      seed,
      startedAt: now,
      expiresAt: new Date(
        closesAt === null ? longest : Math.min(longest, Date.parse(closesAt)),
      ).toISOString(),
    },
  };
}

/**
 * The member's play while it still takes a result (and reveals): theirs, not resolved, not superseded,
 * not expired at `now`; throws the refusal otherwise.
 */
export function openPlayOf(
  state: Pick<PlayTournament, 'players' | 'plays'>,
  playId: string,
  userId: string,
  now: string,
): PlayState {
  const play = getPlay(state.plays, playId);
  if (!play) throw playNotFound();
  if (play.userId !== userId) throw playNotYours();
  if (play.resolved) throw playAlreadySubmitted();
  if (getPlayer(state.players, userId)?.openPlayId !== playId) throw playSuperseded();
  if (Date.parse(now) >= Date.parse(play.expiresAt)) throw playExpired();
  return play;
}

/**
 * The play and the replay's result when this result may be recorded; throws the refusal otherwise.
 * The order matters to the member: whose play it is before anything about it, a closed play before
 * whether its log replays.
 */
export function acceptedPlayResult(
  command: SubmitPlayResult,
  state: PlayTournament,
): { play: PlayState; result: ReplayResult } {
  const { playId, userId, verdict, now } = command.data;
  const play = openPlayOf(state, playId, userId, now);
  if (!verdict.valid) throw playDoesNotReplay(verdict.reason);
  // The cores give whole ms; anything else would be a core's bug, never a clock to record.
  const { durationMs } = verdict.result;
  if (!Number.isSafeInteger(durationMs) || durationMs < 0)
    throw playDoesNotReplay('the replay gave no game clock');
  const wallMs = Date.parse(now) - Date.parse(play.startedAt);
  if (durationMs > wallMs + CLOCK_SLACK_MS) throw playTooFast();
  return { play, result: verdict.result };
}
