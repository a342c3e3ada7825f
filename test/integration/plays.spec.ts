import { randomUUID } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { PlayMessages, startedPlay, verifiedPlayResult, type StartedPlay } from '@arena/contracts';
import { EVENT_STORE, type EventStore } from '@arena/event-store';
import { snake } from '@arena/games';
import { signAccessToken } from '@arena/identity';
import { createMember, type TestMember } from '@arena/identity/testing';
import { projectEvents } from '@arena/projection-runner/testing';
import { projectors } from '@arena/projections/registry';
import { clearRedisPrefix, createTestDatabase, testAppConfig, type TestDatabase } from '@arena/testing';
import { Clock } from '@arena/tournaments';
import type { AppConfig } from '@arena/config';
import { createApiApp } from '../../apps/api/src/bootstrap';

const ADMIN_KEY = 'admin-key-for-the-plays-spec-0123456';
/** A legal snake play on any seed, four seconds long: up, left, down, then straight on into the bottom wall. */
const honestLog = [
  { atMs: 300, input: 'up' },
  { atMs: 1000, input: 'left' },
  { atMs: 2000, input: 'down' },
];

/** Issue 10, "Fair play" and "Bad input and abuse", through the real API. */
describe('plays: every result is the server’s own replay, once', () => {
  let database: TestDatabase;
  let config: AppConfig;
  let api: NestFastifyApplication;
  let store: EventStore;
  /** The server's clock: tests move it forward as a member's game would take time. */
  let offsetMs = 0;

  beforeAll(async () => {
    database = await createTestDatabase(5);
    config = testAppConfig(database.url, {
      ADMIN_API_KEY: ADMIN_KEY,
      PLAY_STARTS_PER_MINUTE: '6',
      PLAY_RESULTS_PER_MINUTE: '100',
    });
    api = await createApiApp(config);
    api.get(Clock).now = () => new Date(Date.now() + offsetMs);
    store = api.get<EventStore>(EVENT_STORE);
  });

  beforeEach(() => {
    offsetMs = 0;
  });

  afterAll(async () => {
    await api.close();
    await clearRedisPrefix(config.REDIS_PREFIX);
    await database.drop();
  });

  const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: unknown) =>
    api.inject({
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  const createTournament = async (game: object) => {
    const response = await call('POST', '/api/admin/tournaments', ADMIN_KEY, {
      title: 'Fair Cup',
      mode: 'INSTANT',
      format: 'SCORE_ATTACK',
      prizeModel: 'WINNER_TAKES_ALL',
      prizePoolCents: 100,
      maxParticipants: 1000,
      game,
    });
    expect(response.statusCode).toBe(201);
    return response.json().data.id as string;
  };

  const joined = async (tournamentId: string) => {
    const member = await createMember(database.db, config.JWT_ACCESS_SECRET);
    expect(
      (await call('POST', `/api/tournaments/${tournamentId}/join`, member.accessToken, {})).statusCode,
    ).toBe(200);
    return member;
  };

  const startPlay = async (tournamentId: string, member: TestMember): Promise<StartedPlay> => {
    const response = await call('POST', `/api/tournaments/${tournamentId}/plays`, member.accessToken);
    expect(response.statusCode).toBe(201);
    return startedPlay.parse(response.json().data);
  };

  const submit = (
    play: StartedPlay,
    member: TestMember,
    log: unknown = honestLog,
    gameToken = play.gameToken,
  ) => call('POST', `/api/plays/${play.playId}/result`, member.accessToken, { gameToken, log });

  /**
   * As if the member had played the log's game time (and a second more) since the play started. Snake's
   * food is released step by step (docs/fair-play.md): these plays ask for none, so no food is drawn.
   */
  const playFor = (_play: StartedPlay, log: unknown = honestLog) => {
    const verdict = snake.snakeCore.keystream!.replayOn([], log as never, []);
    if (!verdict.valid) throw new Error(verdict.reason);
    offsetMs = verdict.result.durationMs + 1000;
    return verdict.result;
  };

  /** The ScoreSubmitted events of one member in a tournament's stream. */
  const scoresOf = async (tournamentId: string, userId: string) =>
    (await store.readStream(`tournament-${tournamentId}`))
      .filter((event) => event.type === 'ScoreSubmitted')
      .map((event) => event.data as { userId: string; score: number; playId?: string; durationMs?: number })
      .filter((data) => data.userId === userId);

  const refusedWith = (statusCode: number, message: string) => ({ success: false, statusCode, message });

  let snakeCup: string;
  beforeAll(async () => {
    snakeCup = await createTournament({ slug: 'snake' });
  });

  it('opens a play and records the score its replay computes, once', async () => {
    const member = await joined(snakeCup);
    const play = await startPlay(snakeCup, member);
    expect(play).toMatchObject({ tournamentId: snakeCup, matchId: null, game: 'snake' });
    const computed = playFor(play);
    const response = await submit(play, member);
    expect(response.statusCode).toBe(201);
    expect(verifiedPlayResult.parse(response.json().data)).toEqual({
      playId: play.playId,
      tournamentId: snakeCup,
      matchId: null,
      score: computed.score,
      completed: true,
      durationMs: computed.durationMs,
      attempt: 1,
      bestScore: computed.score,
      decided: null,
      tournamentStatus: 'ACTIVE',
    });
    const scores = await scoresOf(snakeCup, member.id);
    expect(scores).toEqual([
      expect.objectContaining({
        score: computed.score,
        playId: play.playId,
        durationMs: computed.durationMs,
      }),
    ]);
    const again = await submit(play, member);
    expect([again.statusCode, again.json()]).toEqual([409, refusedWith(409, PlayMessages.alreadySubmitted)]);
  });

  it('50 concurrent submissions of the same result: exactly one 201 and one ScoreSubmitted', async () => {
    const member = await joined(snakeCup);
    const play = await startPlay(snakeCup, member);
    playFor(play);
    const responses = await Promise.all(Array.from({ length: 50 }, () => submit(play, member)));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status !== 201)).toEqual(Array.from({ length: 49 }, () => 409));
    const scores = await scoresOf(snakeCup, member.id);
    expect(scores).toHaveLength(1);
  });

  it('refuses a log that does not replay (422, with the reason) and one claiming more time than has passed', async () => {
    const member = await joined(snakeCup);
    const play = await startPlay(snakeCup, member);
    playFor(play);
    const reversed = await submit(play, member, [{ atMs: 300, input: 'left' }]);
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json().message).toBe(
      PlayMessages.doesNotReplay('Input 0 is illegal: The snake cannot reverse from right to left'),
    );
    offsetMs = 0;
    const tooFast = await submit(play, member);
    expect([tooFast.statusCode, tooFast.json()]).toEqual([422, refusedWith(422, PlayMessages.tooFast)]);
    expect(await scoresOf(snakeCup, member.id)).toEqual([]);
  });

  it.each([
    [
      'a NUL in the play id',
      (play: StartedPlay) => `/api/plays/${play.playId.slice(0, -1)}%00/result`,
      honestLog,
    ],
    [
      'a NUL in an input',
      (play: StartedPlay) => `/api/plays/${play.playId}/result`,
      [{ atMs: 300, input: 'up\u0000' }],
    ],
    ['a log that is not a list', (play: StartedPlay) => `/api/plays/${play.playId}/result`, { 0: 'up' }],
  ])('refuses %s with a 400 and records nothing', async (_name, url, log) => {
    const member = await joined(snakeCup);
    const play = await startPlay(snakeCup, member);
    playFor(play);
    const response = await call('POST', url(play), member.accessToken, { gameToken: play.gameToken, log });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, statusCode: 400 });
    expect(await scoresOf(snakeCup, member.id)).toEqual([]);
  });

  // The contract checks the list; each entry is the replay's to refuse (a clock it cannot run to).
  it.each([
    ['a huge atMs', [{ atMs: 1e15, input: 'up' }]],
    ['a negative atMs', [{ atMs: -1, input: 'up' }]],
    ['a text atMs', [{ atMs: '300', input: 'up' }]],
    ['an entry that is not an object', [300]],
  ])('refuses %s as a log that does not replay (422) and records nothing', async (_name, log) => {
    const member = await joined(snakeCup);
    const play = await startPlay(snakeCup, member);
    playFor(play);
    const response = await call('POST', `/api/plays/${play.playId}/result`, member.accessToken, {
      gameToken: play.gameToken,
      log,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ success: false, statusCode: 422 });
    expect(response.json().message).toMatch(/^The game log does not replay: Input 0 /);
    expect(await scoresOf(snakeCup, member.id)).toEqual([]);
  });

  it("refuses another member's play, a token of another play and a token of another sign-in (403)", async () => {
    const alice = await joined(snakeCup);
    const mallory = await joined(snakeCup);
    const alicePlay = await startPlay(snakeCup, alice);
    const malloryPlay = await startPlay(snakeCup, mallory);
    playFor(alicePlay);
    const ownToken = await call('POST', `/api/plays/${alicePlay.playId}/result`, mallory.accessToken, {
      gameToken: malloryPlay.gameToken,
      log: honestLog,
    });
    expect([ownToken.statusCode, ownToken.json()]).toEqual([403, refusedWith(403, PlayMessages.wrongToken)]);
    const stolenToken = await submit(alicePlay, mallory);
    expect([stolenToken.statusCode, stolenToken.json()]).toEqual([
      403,
      refusedWith(403, PlayMessages.notYours),
    ]);
    const otherSignIn = await signAccessToken(config.JWT_ACCESS_SECRET, {
      sub: alice.id,
      username: alice.username,
      sid: randomUUID(),
    });
    const elsewhere = await call('POST', `/api/plays/${alicePlay.playId}/result`, otherSignIn, {
      gameToken: alicePlay.gameToken,
      log: honestLog,
    });
    expect([elsewhere.statusCode, elsewhere.json()]).toEqual([
      403,
      refusedWith(403, PlayMessages.wrongToken),
    ]);
    const forged = await submit(alicePlay, alice, honestLog, `${alicePlay.gameToken.slice(0, -2)}xx`);
    expect(forged.statusCode).toBe(403);
    expect(await scoresOf(snakeCup, alice.id)).toEqual([]);
  });

  it('refuses an expired play (409), and a play a newer one superseded (409)', async () => {
    const member = await joined(snakeCup);
    const first = await startPlay(snakeCup, member);
    const second = await startPlay(snakeCup, member);
    playFor(first);
    const superseded = await submit(first, member);
    expect([superseded.statusCode, superseded.json()]).toEqual([
      409,
      refusedWith(409, PlayMessages.superseded),
    ]);
    offsetMs = Date.parse(second.expiresAt) - Date.now() + 1000;
    const expired = await submit(second, member);
    expect([expired.statusCode, expired.json()]).toEqual([409, refusedWith(409, PlayMessages.expired)]);
  });

  it('refuses a log over PLAY_RESULT_MAX_BYTES by size, before parsing (413), and malformed JSON (400)', async () => {
    const member = await joined(snakeCup);
    const play = await startPlay(snakeCup, member);
    const huge = await api.inject({
      method: 'POST',
      url: `/api/plays/${play.playId}/result`,
      headers: { authorization: `Bearer ${member.accessToken}`, 'content-type': 'application/json' },
      payload: `{"gameToken":"${play.gameToken}","log":[${'{"atMs":1,"input":"up"},'.repeat(420_000)}]}`,
    });
    expect([huge.statusCode, huge.json()]).toEqual([
      413,
      expect.objectContaining({ success: false, statusCode: 413 }),
    ]);
    const malformed = await api.inject({
      method: 'POST',
      url: `/api/plays/${play.playId}/result`,
      headers: { authorization: `Bearer ${member.accessToken}`, 'content-type': 'application/json' },
      payload: '{"gameToken": "x", "log": [',
    });
    expect([malformed.statusCode, malformed.json()]).toEqual([
      400,
      expect.objectContaining({ success: false, statusCode: 400 }),
    ]);
  });

  it('takes a result bigger than the default body limit, up to its own', async () => {
    const member = await joined(snakeCup);
    const play = await startPlay(snakeCup, member);
    // 300 KB of well-formed inputs the core then refuses: the size is what this checks.
    const log = Array.from({ length: 12_000 }, () => ({ atMs: 300, input: 'upward-and-onward' }));
    const response = await submit(play, member, log);
    expect(response.statusCode).toBe(422);
  });

  it('a verified game takes no bare scores (409); an external game still does, and opens no plays', async () => {
    const member = await joined(snakeCup);
    const bare = await call('POST', `/api/tournaments/${snakeCup}/scores`, member.accessToken, {
      score: 3000,
    });
    expect([bare.statusCode, bare.json()]).toEqual([
      409,
      refusedWith(409, PlayMessages.verifiedOnly('Snake')),
    ]);
    const arcade = await createTournament({
      slug: 'arcade',
      name: 'Arcade',
      integrationUrl: 'https://arcade.example/play',
      maxScore: 1000,
      external: true,
    });
    const player = await joined(arcade);
    const score = await call('POST', `/api/tournaments/${arcade}/scores`, player.accessToken, { score: 700 });
    expect(score.statusCode).toBe(201);
    const play = await call('POST', `/api/tournaments/${arcade}/plays`, player.accessToken);
    expect([play.statusCode, play.json()]).toEqual([409, refusedWith(409, PlayMessages.notVerifiedGame)]);
  });

  it('refuses a game that is neither a catalog game nor marked external (400)', async () => {
    const response = await call('POST', '/api/admin/tournaments', ADMIN_KEY, {
      title: 'Typo Cup',
      mode: 'INSTANT',
      format: 'SCORE_ATTACK',
      prizeModel: 'WINNER_TAKES_ALL',
      prizePoolCents: 100,
      maxParticipants: 10,
      game: { slug: 'snak', name: 'Snak', integrationUrl: '/snak', maxScore: 10 },
    });
    expect([response.statusCode, response.json()]).toEqual([400, refusedWith(400, 'Unknown game: snak')]);
  });

  it('head-to-head: both players play their match through plays; the second computed result decides it', async () => {
    const response = await call('POST', '/api/admin/tournaments', ADMIN_KEY, {
      title: 'Fair Duel',
      mode: 'INSTANT',
      format: 'SINGLE_ELIMINATION',
      prizeModel: 'WINNER_TAKES_ALL',
      prizePoolCents: 100,
      maxParticipants: 2,
      game: { slug: 'snake' },
    });
    const duel = response.json().data.id as string;
    const [first, second] = [await joined(duel), await joined(duel)];
    const scheduled = (await store.readStream(`tournament-${duel}`)).find(
      (event) => event.type === 'MatchScheduled',
    );
    const { matchId } = scheduled!.data as { matchId: string };
    const startMatchPlay = async (member: TestMember) => {
      const started = await call(
        'POST',
        `/api/tournaments/${duel}/matches/${matchId}/plays`,
        member.accessToken,
      );
      expect(started.statusCode).toBe(201);
      return startedPlay.parse(started.json().data);
    };
    const bare = await call(
      'POST',
      `/api/tournaments/${duel}/matches/${matchId}/result`,
      first!.accessToken,
      {
        score: 3000,
      },
    );
    expect([bare.statusCode, bare.json()]).toEqual([
      409,
      refusedWith(409, PlayMessages.verifiedOnly('Snake')),
    ]);
    // The first player runs straight into the wall; the second turns three times first.
    const shortLog: unknown[] = [];
    const firstPlay = await startMatchPlay(first!);
    const firstScore = playFor(firstPlay, shortLog);
    const one = await submit(firstPlay, first!, shortLog);
    expect(one.json().data).toMatchObject({
      matchId,
      score: firstScore.score,
      decided: false,
      attempt: null,
    });
    const secondPlay = await startMatchPlay(second!);
    const secondScore = playFor(secondPlay);
    const two = await submit(secondPlay, second!);
    expect(two.statusCode).toBe(201);
    expect(two.json().data).toMatchObject({ matchId, score: secondScore.score, decided: true });
    const events = await store.readStream(`tournament-${duel}`);
    const played = events.filter((event) => event.type === 'MatchPlayed').map((event) => event.data);
    expect(played).toEqual([
      expect.objectContaining({ userId: first!.id, score: firstScore.score, playId: firstPlay.playId }),
      expect.objectContaining({ userId: second!.id, score: secondScore.score, playId: secondPlay.playId }),
    ]);
    expect(events.some((event) => event.type === 'MatchDecided')).toBe(true);
    const again = await call('POST', `/api/tournaments/${duel}/matches/${matchId}/plays`, first!.accessToken);
    expect(again.statusCode).toBe(409);
  });

  it("every read model takes a stream of plays and verified scores (events the projectors don't read included)", async () => {
    const member = await joined(snakeCup);
    const play = await startPlay(snakeCup, member);
    playFor(play);
    expect((await submit(play, member)).statusCode).toBe(201);
    const events = await store.readStream(`tournament-${snakeCup}`);
    expect(new Set(events.map((event) => event.type))).toEqual(
      new Set(['TournamentCreated', 'TournamentStarted', 'PlayerJoined', 'PlayStarted', 'ScoreSubmitted']),
    );
    for (const projector of projectors)
      await expect(projectEvents(database.db, projector, events)).resolves.toBeDefined();
  });

  it('limits how many plays a member starts per minute (429 with Retry-After)', async () => {
    const member = await joined(snakeCup);
    for (let n = 0; n < 6; n++) await startPlay(snakeCup, member);
    const response = await call('POST', `/api/tournaments/${snakeCup}/plays`, member.accessToken);
    expect(response.statusCode).toBe(429);
    expect(response.json()).toMatchObject({ success: false, statusCode: 429 });
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  });
});
