import { catalogGame, GAME_CATALOG, type VerifiedGameSlug } from '@arena/contracts/games.catalog';
import { encodePackedLog, GAME_CORES, honestLog, seededUniform, type TimedInput } from '@arena/games';
import { derivedEventIds, tournamentsUuid } from '../application/event-ids';
import { keystreamBlocks, keystreamSeeds } from '../application/play-keystream';
import type { TournamentStreamRepository } from '../application/tournament-stream.repository';
import type { TournamentGame } from '../domain/tournament.events';
import { getPlay } from '../domain/tournament.plays';
import type { VerifiedRuns } from '../infrastructure/verified-runs';

/** Where the demo keeps its verified runs for watching (issue 23): `VerifiedRuns`, when the seed has a database. */
export type DemoRuns = Pick<VerifiedRuns, 'record'>;

/** A demo result reaches the server this long after its game ended: the game-over screen, the network. */
const SUBMIT_AFTER_MS = 1_500;

/** A catalog game as its tournament records it: verified, with the catalog's name, URL and maxScore. */
export function catalogDemoGame(slug: VerifiedGameSlug): TournamentGame {
  const { name, integrationUrl, maxScore } = GAME_CATALOG[slug];
  return { slug, name, integrationUrl, maxScore, external: false };
}

/** The catalog slug of a demo tournament's game that takes plays; a demo mistake otherwise. */
export function verifiedSlug(slug: string): VerifiedGameSlug {
  const game = catalogGame(slug);
  if (!game) throw new Error(`Demo plays need a catalog game, not ${slug}`);
  return game.slug;
}

/** How a demo member plays one session (honestLog's options). */
export interface DemoPlayStyle {
  /** 0 (a careless beginner) to 1 (a strong player). */
  skill: number;
  /** The member stops playing by this game clock: a short session, or a time game's abandoned run. */
  sessionMs?: number;
}

export interface DemoPlay {
  playId: string;
  seed: string;
  log: TimedInput<unknown>[];
}

/**
 * One demo play, derived from its name alone: the play id, the seed (32 hex digits, the shape the
 * server's own seeds have) and the honest bot's log on that seed, its choices from a generator seeded
 * by the name too. The same name always gives the same play, so a re-run of the seed finds it recorded.
 * Tile Merge and Snake play on the seed's keystream, as a member's tournament run does (docs/fair-play.md).
 */
export function demoPlay(slug: VerifiedGameSlug, name: string, style: DemoPlayStyle): DemoPlay {
  const seed = tournamentsUuid(`demo-play-seed:${name}`).replace(/-/g, '');
  const steps = GAME_CORES[slug].keystream ? (step: number) => keystreamBlocks(seed, step, 1)[0]! : seed;
  const log = honestLog(slug, steps, seededUniform(`demo-bot:${name}`), {
    skill: style.skill,
    ...(style.sessionMs === undefined ? {} : { maxDurationMs: style.sessionMs }),
  });
  return { playId: demoPlayId(name), seed, log };
}

const demoPlayId = (name: string) => tournamentsUuid(`demo-play:${name}`);

export interface DemoPlayRequest extends DemoPlayStyle {
  tournamentId: string;
  /** Unique across the whole demo: it derives the play, its seed, its log and its event ids. */
  name: string;
  slug: VerifiedGameSlug;
  userId: string;
  username: string;
  /** Head-to-head: the member's match; null in score formats. */
  matchId: string | null;
  /** When the member opened the play (ms since the epoch). */
  startAt: number;
}

/**
 * Plays one demo session the way a member's browser and the server do: StartPlay fixes the seed, the
 * bot plays it, the game's core replays the log and SubmitPlayResult records the core's verdict, sent
 * when the game has ended on the play's own clock (the decider refuses a result faster than the wall
 * clock). A play already resolved is left as it is, unplayed. Returns the events appended.
 */
export async function recordDemoPlay(
  repository: TournamentStreamRepository,
  request: DemoPlayRequest,
  runs?: DemoRuns,
): Promise<number> {
  const { tournamentId, name, slug, userId, username, matchId, startAt } = request;
  const state = await repository.load(tournamentId);
  const recorded = state.status === 'NONE' ? undefined : getPlay(state.plays, demoPlayId(name));
  if (recorded?.resolved) return 0;
  const { playId, seed, log } = demoPlay(slug, name, request);
  const { keystream } = GAME_CORES[slug];
  // A keystream game's play makes the releases an honest client makes, and replays on their blocks.
  const releases = keystream?.releasesOf((step) => keystreamBlocks(seed, step, 1)[0]!, log) ?? [];
  const verdict = keystream
    ? keystream.replayOn(keystreamBlocks(seed, 0, releases.length), log, releases)
    : GAME_CORES[slug].replay(seed, log);
  if (!verdict.valid) throw new Error(`Demo play ${name} does not replay: ${verdict.reason}`);
  // A play already opened is not started again: the tournament may be over by now.
  const started = recorded
    ? { events: [], play: recorded }
    : await startDemoPlay(repository, { tournamentId, playId, userId, matchId, seed, now: startAt }, name);
  // From the play as recorded: a re-run after an interrupted one sends the result in the play's time.
  const submittedAt = Date.parse(started.play.startedAt) + verdict.result.durationMs + SUBMIT_AFTER_MS;
  const submitted = await repository.execute(
    {
      type: 'SubmitPlayResult',
      data: { tournamentId, playId, userId, username, verdict, now: new Date(submittedAt).toISOString() },
    },
    derivedEventIds(`seed:${name}:result`),
  );
  // Issue 23: a verified run can be watched, as the result handler keeps a member's (`verified_runs`).
  const scored = submitted.events.some((e) => e.type === 'ScoreSubmitted' || e.type === 'MatchPlayed');
  if (runs && scored) {
    await runs.record({
      playId,
      tournamentId,
      userId,
      username,
      game: slug,
      seed: keystream ? null : seed,
      stepSeeds: keystream ? Array.from(keystreamSeeds(seed, releases.length)) : null,
      packedLog: encodePackedLog(slug, log),
      score: verdict.result.score,
      completed: verdict.result.completed,
      durationMs: verdict.result.durationMs,
      verifiedAt: new Date(submittedAt),
    });
  }
  return started.events.length + submitted.events.length;
}

async function startDemoPlay(
  repository: TournamentStreamRepository,
  play: {
    tournamentId: string;
    playId: string;
    userId: string;
    matchId: string | null;
    seed: string;
    now: number;
  },
  name: string,
) {
  const { events, state } = await repository.execute(
    { type: 'StartPlay', data: { ...play, now: new Date(play.now).toISOString() } },
    derivedEventIds(`seed:${name}:start`),
  );
  const opened = getPlay(state.plays, play.playId);
  if (!opened) throw new Error(`Demo play ${name} was not opened`);
  return { events, play: opened };
}

/** A score tournament's demo step: a member's n-th play, `at` ms from the seed's anchor. */
export type DemoPlayStep = { kind: 'play'; player: string; attempt: number; at: number } & DemoPlayStyle;

/** Records a score tournament's play step (recordDemoPlay), named by the tournament's key, member and attempt. */
export function recordDemoPlayStep(
  repository: TournamentStreamRepository,
  tournament: { key: string; tournamentId: string; gameSlug: string; anchor: number },
  step: DemoPlayStep,
  member: { accountId: string; username: string },
  runs?: DemoRuns,
): Promise<number> {
  return recordDemoPlay(
    repository,
    {
      tournamentId: tournament.tournamentId,
      name: `${tournament.key}:${step.player}:${step.attempt}`,
      slug: verifiedSlug(tournament.gameSlug),
      userId: member.accountId,
      username: member.username,
      matchId: null,
      startAt: tournament.anchor + step.at,
      skill: step.skill,
      ...(step.sessionMs === undefined ? {} : { sessionMs: step.sessionMs }),
    },
    runs,
  );
}
