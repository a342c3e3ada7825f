import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { PlayMessages, releasedBlock, startedPlay, type StartedPlay } from '@arena/contracts';
import { EVENT_STORE, type EventStore } from '@arena/event-store';
import type { TimedInput } from '@arena/games';
import { createMember, type TestMember } from '@arena/identity/testing';
import { clearRedisPrefix, createTestDatabase, testAppConfig, type TestDatabase } from '@arena/testing';
import { Clock } from '@arena/tournaments';
import type { AppConfig } from '@arena/config';
import { createApiApp } from '../../../apps/api/src/bootstrap';
import { keystreamBlocks } from '../../../libs/tournaments/src/application/play-keystream';

/**
 * The API of a spec of hidden games' plays (Memory Pairs' reveals, Tile Merge's releases): its own
 * database, Redis prefix and clock, one live tournament per game asked for, and the calls a member's
 * browser makes. Registers its own beforeAll / beforeEach / afterAll; read the helpers inside tests.
 */
export function useHiddenPlaysApi(options: {
  adminKey: string;
  revealsPerMinute: number;
  releasesPerMinute?: number;
  tournaments: Record<string, { slug: string; format: string }>;
}) {
  let database: TestDatabase;
  let config: AppConfig;
  let api: NestFastifyApplication;
  let store: EventStore;
  let offsetMs = 0;
  const cups: Record<string, string> = {};

  const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: unknown) =>
    api.inject({
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  async function createTournament(slug: string, format: string): Promise<string> {
    const response = await call('POST', '/api/admin/tournaments', options.adminKey, {
      title: 'Hidden Cup',
      mode: 'INSTANT',
      format,
      prizeModel: 'WINNER_TAKES_ALL',
      prizePoolCents: 100,
      maxParticipants: 1000,
      game: { slug },
    });
    expect(response.statusCode).toBe(201);
    return response.json().data.id as string;
  }

  /** A new member who joined the tournament. */
  const joinedMember = async (tournamentId: string) => {
    const member = await createMember(database.db, config.JWT_ACCESS_SECRET);
    expect(
      (await call('POST', `/api/tournaments/${tournamentId}/join`, member.accessToken, {})).statusCode,
    ).toBe(200);
    return member;
  };

  /** A release of a step (POST /api/plays/{playId}/release), as the member's browser asks for it. */
  const release = (
    play: StartedPlay,
    member: TestMember,
    step: number,
    input: string,
    gameToken = play.gameToken,
  ) => call('POST', `/api/plays/${play.playId}/release`, member.accessToken, { gameToken, step, input });

  /** The block the server answers for a step (and checks the answer's shape). */
  const blockOf = async (play: StartedPlay, member: TestMember, step: number, input: string) => {
    const answer = await release(play, member, step, input);
    expect(answer.statusCode).toBe(200);
    return releasedBlock.parse(answer.json().data).block;
  };

  /** The member's start, with the seed the server fixed and keeps (read from the event store, as no client can). */
  const startPlay = async (tournamentId: string, member: TestMember) => {
    const response = await call('POST', `/api/tournaments/${tournamentId}/plays`, member.accessToken);
    expect(response.statusCode).toBe(201);
    return {
      raw: response.json().data as Record<string, unknown>,
      play: startedPlay.parse(response.json().data),
    };
  };
  const keptSeed = async (tournamentId: string, playId: string) => {
    const events = await store.readStream(`tournament-${tournamentId}`);
    const started = events.find(
      (event) => event.type === 'PlayStarted' && (event.data as { playId: string }).playId === playId,
    );
    return (started!.data as { seed: string }).seed;
  };

  beforeAll(async () => {
    database = await createTestDatabase(5);
    config = testAppConfig(database.url, {
      ADMIN_API_KEY: options.adminKey,
      PLAY_REVEALS_PER_MINUTE: String(options.revealsPerMinute),
      ...(options.releasesPerMinute ? { PLAY_RELEASES_PER_MINUTE: String(options.releasesPerMinute) } : {}),
    });
    api = await createApiApp(config);
    api.get(Clock).now = () => new Date(Date.now() + offsetMs);
    store = api.get<EventStore>(EVENT_STORE);
    for (const [name, { slug, format }] of Object.entries(options.tournaments))
      cups[name] = await createTournament(slug, format);
  });

  beforeEach(() => {
    offsetMs = 0;
  });

  afterAll(async () => {
    await api.close();
    await clearRedisPrefix(config.REDIS_PREFIX);
    await database.drop();
  });

  return {
    call,
    /** The live tournament made for `name`. */
    cup: (name: string) => cups[name]!,
    /** The spec's own database (to project a tournament's events, or mark a member erased). */
    db: () => database.db,
    /** A tournament's stream, as the event store holds it. */
    tournamentEvents: (tournamentId: string) => store.readStream(`tournament-${tournamentId}`),
    /** Moves the API's clock this far past now (back to 0 before each test). */
    advanceClock: (ms: number) => (offsetMs = ms),

    joined: joinedMember,

    /** The start answer, exactly as the member's browser gets it. */
    startPlay,
    /** The seed the server fixed and keeps (the test reads the event store, which no client can). */
    keptSeed,
    release,
    blockOf,

    /** Each answer has its status and, where given, the spec's message. */
    expectRefusals: (
      refusals: ReadonlyArray<readonly [{ statusCode: number; json(): any }, number, string | undefined]>,
    ) => {
      for (const [response, status, message] of refusals) {
        expect(response.statusCode).toBe(status);
        if (message) expect(response.json().message).toBe(message);
      }
    },

    /**
     * Releases `step` with each input at once: one input is recorded; its askers get its block, every other
     * asker 409 naming the recorded input.
     */
    expectOneOfConcurrentReleases: async (
      play: StartedPlay,
      member: TestMember,
      step: number,
      inputs: string[],
    ) => {
      const answers = await Promise.all(inputs.map((input) => release(play, member, step, input)));
      const recorded = answers.find((answer) => answer.statusCode === 200)!.json().data.input as string;
      for (const answer of answers) {
        if (answer.statusCode === 200) expect(answer.json().data).toMatchObject({ step, input: recorded });
        else
          expect(answer.json()).toMatchObject({
            statusCode: 409,
            message: PlayMessages.releasedOtherInput(step, recorded),
          });
      }
      const refused = inputs.filter((input) => input !== recorded).length;
      expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(refused);
    },

    /**
     * A keystream game's start (tiles, snake): no seed, and the probe's script (use whatever the start answer
     * and the game token hold as the key) never gives the opening's block, which the kept seed does.
     */
    expectStartHoldsNoKey: async (tournamentId: string, game: string) => {
      const member = await joinedMember(tournamentId);
      const { raw, play } = await startPlay(tournamentId, member);
      expect(play).toMatchObject({ game, seed: null });
      const seed = await keptSeed(tournamentId, play.playId);
      expect(JSON.stringify(raw)).not.toContain(seed);
      const opening = await blockOf(play, member, 0, 'open');
      expect(opening).toBe(keystreamBlocks(seed, 0, 1)[0]);
      for (const known of everythingTheClientKnows(raw))
        expect(keystreamBlocks(known, 0, 1)[0]).not.toBe(opening);
    },

    submit: (play: StartedPlay, member: TestMember, log: TimedInput<unknown>[]) =>
      call('POST', `/api/plays/${play.playId}/result`, member.accessToken, {
        gameToken: play.gameToken,
        log,
      }),

    /** The result as the game frame sends it: the log packed (`packedLog`). */
    submitPacked: (play: StartedPlay, member: TestMember, packedLog: string) =>
      call('POST', `/api/plays/${play.playId}/result`, member.accessToken, {
        gameToken: play.gameToken,
        packedLog,
      }),
  };
}

/** Every string a client holds after the start: the answer's fields and the game token's claims. */
export function everythingTheClientKnows(raw: Record<string, unknown>): string[] {
  const strings = Object.values(raw).filter((value): value is string => typeof value === 'string');
  const [header, claims] = (raw.gameToken as string).split('.');
  for (const part of [header!, claims!]) {
    const decoded = JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
    strings.push(...Object.values(decoded).filter((value): value is string => typeof value === 'string'));
  }
  return strings;
}
