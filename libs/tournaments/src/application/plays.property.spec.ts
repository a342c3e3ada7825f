import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { AppConfig } from '@arena/config';
import { GAME_CATALOG, PlayMessages, VERIFIED_GAME_SLUGS, type VerifiedGameSlug } from '@arena/contracts';
import { gameCoreFor, pairs, snake, tiles, type TimedInput } from '@arena/games';
import type { Member } from '@arena/identity';
import { InMemoryEventStore } from '@arena/testing';
import { TournamentError } from '../domain/tournament.errors';
import { GameTokens } from '../infrastructure/game-tokens';
import type { BracketAdvancer } from './bracket-advancer';
import { Clock } from './clock';
import { StartPlayCommand } from './commands/start-play.command';
import { StartPlayHandler } from './commands/start-play.handler';
import { SubmitPlayResultCommand } from './commands/submit-play-result.command';
import { SubmitPlayResultHandler } from './commands/submit-play-result.handler';
import { TournamentStreamRepository } from './tournament-stream.repository';

/**
 * Issue 10's "Done when": per game, 1,000 honest sessions on the server's random seeds are each
 * accepted with exactly the score the player saw, and 1,000 forged submissions are refused. Through
 * the application (tokens, replay, decider, the stream), on the in-memory event store.
 *
 * The honest players are minimal scripted bots written here against the games' exported rules
 * (libs/games keeps its own bots out of its index); sessions are kept short so each property runs in
 * seconds: the snake stops turning after 30 s of game clock, the tile player after 120 moves.
 */

type Random = () => number;
interface HonestSession {
  log: TimedInput<unknown>[];
  /** What the game showed the player at the end: the score, and whether the run finished. */
  shown: { score: number; completed: boolean; durationMs: number };
}

const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const between = (random: Random, min: number, max: number) => min + Math.floor(random() * (max - min + 1));

/** Wanders at random, never straight into a wall or itself when it can help it; stops turning after `maxTicks`. */
function playSnake(seed: string, random: Random, maxTicks = 240): HonestSession {
  const { SNAKE_DIRECTIONS, SNAKE_GRID_SIZE, SNAKE_TICK_MS, SNAKE_MAX_TICKS } = snake;
  const step = { up: [0, -1], right: [1, 0], down: [0, 1], left: [-1, 0] } as const;
  const state = snake.newSnakeGame(seed);
  const log: TimedInput<unknown>[] = [];
  const safe = (direction: snake.SnakeDirection) => {
    const head = snake.snakeCells(state)[0]!;
    const [x, y] = [head.x + step[direction][0], head.y + step[direction][1]];
    const inside = x >= 0 && y >= 0 && x < SNAKE_GRID_SIZE && y < SNAKE_GRID_SIZE;
    return inside && state.occupied[y * SNAKE_GRID_SIZE + x] === 0;
  };
  while (!snake.isSnakeOver(state) && state.tick < maxTicks) {
    const turns = SNAKE_DIRECTIONS.filter((d) => snake.snakeTurnRefusal(state, d) === null && safe(d));
    const wanted = !safe(state.heading) || random() < 0.15 ? turns : [];
    if (wanted.length > 0) {
      const atMs = state.tick * SNAKE_TICK_MS + between(random, 0, SNAKE_TICK_MS - 1);
      snake.advanceSnake(state, atMs);
      const direction = pick(random, wanted);
      if (!snake.isSnakeOver(state) && snake.turnSnake(state, direction) === null) {
        log.push({ atMs, input: direction });
      }
    }
    snake.advanceSnake(state, (state.tick + 1) * SNAKE_TICK_MS);
  }
  // As the replay does: after its last turn the snake runs on until the game ends by the rules.
  snake.advanceSnake(state, SNAKE_MAX_TICKS * SNAKE_TICK_MS);
  return {
    log,
    shown: { score: snake.snakeScore(state), completed: true, durationMs: snake.snakeClockMs(state) },
  };
}

/** Random moves that change the board, 150 to 400 ms apart, until stuck or `maxMoves`. */
function playTiles(seed: string, random: Random, maxMoves = 120): HonestSession {
  const state = tiles.newGame(seed);
  const log: TimedInput<unknown>[] = [];
  let clock = 0;
  while (!tiles.isOver(state) && log.length < maxMoves) {
    const legal = tiles.TILES_MOVES.filter((move) => tiles.slide(state.board, move) !== null);
    const move = pick(random, legal);
    clock += between(random, 150, 400);
    tiles.applyMove(state, move);
    log.push({ atMs: clock, input: move });
  }
  return { log, shown: { score: tiles.scoreOf(state), completed: true, durationMs: clock } };
}

/** Remembers every face it saw and waits out each mismatch; 150 to 550 ms between flips. */
function playPairs(seed: string, random: Random): HonestSession {
  let state = pairs.newGame(seed);
  const seen = new Map<number, number>();
  const log: TimedInput<unknown>[] = [];
  let clock = 0;
  const hidden = () => state.faces.flatMap((_, card) => (state.matched[card] ? [] : [card]));
  const flip = (card: number) => {
    const wait = state.mismatch ? Math.max(0, state.mismatch.hideAtMs - clock) : 0;
    clock += wait + between(random, 150, 550);
    const entry = { atMs: clock, input: { card } };
    const outcome = pairs.applyInput(state, entry);
    if (!outcome.ok) throw new Error(`The pairs bot made an illegal flip: ${outcome.reason}`);
    state = outcome.state;
    seen.set(card, state.faces[card]!);
    log.push(entry);
  };
  while (!pairs.isOver(state)) {
    const open = hidden();
    const known = open.find((a) => open.some((b) => b !== a && seen.has(a) && seen.get(b) === seen.get(a)));
    const unseen = open.filter((card) => !seen.has(card));
    const first = known ?? pick(random, unseen.length > 0 ? unseen : open);
    flip(first);
    if (pairs.isOver(state)) break;
    const rest = hidden().filter((card) => card !== first);
    const partner = rest.find((card) => seen.get(card) === state.faces[first]);
    const fresh = rest.filter((card) => !seen.has(card));
    flip(partner ?? pick(random, fresh.length > 0 ? fresh : rest));
  }
  return { log, shown: { score: pairs.scoreOf(state), completed: true, durationMs: clock } };
}

const BOTS: Record<VerifiedGameSlug, (seed: string, random: Random) => HonestSession> = {
  snake: playSnake,
  tiles: playTiles,
  pairs: playPairs,
};

/** The bot's own choices: a fast-check seed turned into a stream of numbers in [0, 1). */
const randomFrom = (seed: number): Random => {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
};

class SteppedClock extends Clock {
  at = Date.parse('2026-11-23T10:00:00.000Z');
  override now(): Date {
    return new Date(this.at);
  }
}

/** One live tournament of the game, with the application's handlers over an in-memory stream. */
async function liveTournament(slug: VerifiedGameSlug) {
  const store = new InMemoryEventStore();
  const streams = new TournamentStreamRepository(store);
  const clock = new SteppedClock();
  const tokens = new GameTokens({ JWT_ACCESS_SECRET: 'a-secret-of-at-least-thirty-two-chars' } as AppConfig);
  // Score formats only: the bracket is never asked to move.
  const advancer = {} as BracketAdvancer;
  const start = new StartPlayHandler(streams, tokens, clock);
  const submit = new SubmitPlayResultHandler(streams, tokens, advancer, clock);
  const tournamentId = randomUUID();
  const game = GAME_CATALOG[slug];
  await streams.execute(
    {
      type: 'CreateTournament',
      data: {
        tournamentId,
        title: `${game.name} property`,
        description: '',
        thumbnail: null,
        mode: 'INSTANT',
        format: game.resultKind === 'TIME' ? 'TIME_ATTACK' : 'SCORE_ATTACK',
        prizeModel: 'WINNER_TAKES_ALL',
        prizePoolCents: 100,
        maxParticipants: 1_000_000,
        requiredPlan: 'FREE',
        rules: '',
        game: {
          slug,
          name: game.name,
          integrationUrl: game.integrationUrl,
          maxScore: game.maxScore,
          external: false,
        },
        tournamentStart: null,
        tournamentEnd: null,
        tieBreakSeed: '00112233445566778899aabbccddeeff',
        now: clock.now().toISOString(),
      },
    },
    () => randomUUID(),
  );
  const member = async (): Promise<Member> => {
    const joined = {
      id: randomUUID(),
      username: `player-${randomUUID().slice(0, 8)}`,
      signInId: randomUUID(),
    };
    await streams.execute(
      {
        type: 'JoinTournament',
        data: {
          tournamentId,
          userId: joined.id,
          username: joined.username,
          charityId: null,
          charityName: null,
          memberPlan: 'FREE',
          now: clock.now().toISOString(),
        },
      },
      () => randomUUID(),
    );
    return joined;
  };
  const scoresOf = async (playId: string) =>
    (await store.readStream(`tournament-${tournamentId}`)).filter(
      (event) => event.type === 'ScoreSubmitted' && (event.data as { playId?: string }).playId === playId,
    );
  return {
    clock,
    member,
    scoresOf,
    startPlay: (player: Member) => start.execute(new StartPlayCommand(tournamentId, null, player)),
    submitLog: (playId: string, player: Member, gameToken: string, log: unknown[]) =>
      submit.execute(
        new SubmitPlayResultCommand(playId, player, { gameToken, log: log as TimedInput<unknown>[] }),
      ),
  };
}

async function refusal(attempt: Promise<unknown>): Promise<TournamentError> {
  try {
    await attempt;
  } catch (error) {
    if (error instanceof TournamentError) return error;
    throw error;
  }
  throw new Error('The forged submission was accepted');
}

const FORGERIES = [
  'changed score',
  'edited log',
  "another seed's log",
  'too fast',
  'replayed play id',
] as const;
const SLACK_MS = 2_000;

describe.each(VERIFIED_GAME_SLUGS)('plays of %s, verified by replay', (slug) => {
  const core = gameCoreFor(slug)!;
  const bot = BOTS[slug];

  it('accepts 1,000 honest sessions on random seeds, each with exactly the score the player saw', async () => {
    const tournament = await liveTournament(slug);
    await fc.assert(
      fc.asyncProperty(fc.integer(), fc.nat({ max: 60_000 }), async (botSeed, lagMs) => {
        const player = await tournament.member();
        const play = await tournament.startPlay(player);
        const { log, shown } = bot(play.seed, randomFrom(botSeed));
        // The member plays for the session's length, then the result travels for a while.
        tournament.clock.at = Date.parse(play.startedAt) + shown.durationMs + lagMs;
        const result = await tournament.submitLog(play.playId, player, play.gameToken, log);
        expect(result).toMatchObject({ score: shown.score, durationMs: shown.durationMs, attempt: 1 });
        const scores = await tournament.scoresOf(play.playId);
        expect(scores.map((event) => (event.data as { score: number }).score)).toEqual([shown.score]);
      }),
      { numRuns: 1000 },
    );
  });

  it('refuses 1,000 forged submissions, and never records a result the play did not give', async () => {
    const tournament = await liveTournament(slug);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...FORGERIES),
        fc.integer(),
        fc.nat(),
        fc.string(),
        async (forgery, botSeed, where, otherSeed) => {
          const player = await tournament.member();
          const play = await tournament.startPlay(player);
          const random = randomFrom(botSeed);
          const honest = bot(play.seed, random);
          const startedAt = Date.parse(play.startedAt);
          tournament.clock.at = startedAt + honest.shown.durationMs + 1000;
          const submit = (log: unknown[], playId = play.playId, gameToken = play.gameToken) =>
            tournament.submitLog(playId, player, gameToken, log);
          const log = honest.log;
          switch (forgery) {
            case 'changed score': {
              // The only way a log could claim a score: an input the game never makes.
              const at = where % (log.length + 1);
              const atMs = log[at - 1]?.atMs ?? 0;
              const forged = [...log.slice(0, at), { atMs, input: { score: 999_999 } }, ...log.slice(at)];
              const error = await refusal(submit(forged));
              expect([error.kind, error.message]).toEqual([
                'unprocessable',
                expect.stringMatching(/^The game log does not replay: Input \d+/),
              ]);
              break;
            }
            case 'edited log': {
              const edits = [
                // A clock moved back before the input before it.
                log.length >= 2 && log[0]!.atMs > 0
                  ? log.map((entry, index) =>
                      index === log.length - 1 ? { ...entry, atMs: log[0]!.atMs - 1 } : entry,
                    )
                  : null,
                // An input past the longest play.
                [...log, { atMs: core.maxDurationMs + 1, input: log[0]?.input ?? null }],
                // A burst faster than any person.
                [
                  ...Array.from({ length: core.maxInputsPerSecond + 1 }, () => ({
                    atMs: 1,
                    input: log[0]?.input ?? null,
                  })),
                  ...log,
                ],
              ].filter((edit) => edit !== null);
              const error = await refusal(submit(edits[where % edits.length]!));
              expect(error.kind).toBe('unprocessable');
              break;
            }
            case "another seed's log": {
              // A log practised on a seed the forger knew: replayed on this play's seed, it either does
              // not replay or gives what this seed gives, never the other seed's result.
              const practised = bot(`practice:${otherSeed}`, random).log;
              const onThisSeed = core.replay(play.seed, practised);
              tournament.clock.at = startedAt + core.maxDurationMs;
              const outcome = await submit(practised).catch((error: unknown) => error);
              if (onThisSeed.valid) {
                expect(outcome).toMatchObject({
                  score: onThisSeed.result.score,
                  durationMs: onThisSeed.result.durationMs,
                });
              } else {
                expect(outcome).toEqual(
                  expect.objectContaining({
                    kind: 'unprocessable',
                    message: PlayMessages.doesNotReplay(onThisSeed.reason),
                  }),
                );
              }
              return;
            }
            case 'too fast': {
              fc.pre(honest.shown.durationMs > SLACK_MS + 1);
              tournament.clock.at = startedAt + (where % (honest.shown.durationMs - SLACK_MS));
              const error = await refusal(submit(log));
              expect([error.kind, error.message]).toEqual(['unprocessable', PlayMessages.tooFast]);
              break;
            }
            case 'replayed play id': {
              if (where % 2 === 0) {
                await submit(log);
                const error = await refusal(submit(log));
                expect(error.message).toBe(PlayMessages.alreadySubmitted);
                expect(await tournament.scoresOf(play.playId)).toHaveLength(1);
                return;
              }
              const newer = await tournament.startPlay(player);
              const error = await refusal(submit(log));
              expect(error.message).toBe(PlayMessages.superseded);
              expect(await tournament.scoresOf(newer.playId)).toEqual([]);
              break;
            }
          }
          expect(await tournament.scoresOf(play.playId)).toEqual([]);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
