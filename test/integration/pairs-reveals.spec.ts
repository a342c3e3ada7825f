import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { PlayMessages, revealedCard, startedPlay, type StartedPlay } from '@arena/contracts';
import { EVENT_STORE, type EventStore } from '@arena/event-store';
import { honestLog, pairs, seededUniform, type TimedInput } from '@arena/games';
import { createMember, type TestMember } from '@arena/identity/testing';
import { clearRedisPrefix, createTestDatabase, testAppConfig, type TestDatabase } from '@arena/testing';
import { Clock } from '@arena/tournaments';
import type { AppConfig } from '@arena/config';
import { createApiApp } from '../../apps/api/src/bootstrap';

const ADMIN_KEY = 'admin-key-for-the-pairs-reveals-spec-01';
const REVEALS_PER_MINUTE = 90;

/**
 * Issue 21, "The client knows every game's future": Memory Pairs' layout stays on the server. The
 * start answer holds nothing it follows from; each flip is revealed by the server, once, in order,
 * within the rules; the result's log must be the revealed flips. Through the real API.
 */
describe('Memory Pairs: the layout stays on the server, each card revealed when flipped', () => {
  let database: TestDatabase;
  let config: AppConfig;
  let api: NestFastifyApplication;
  let store: EventStore;
  let offsetMs = 0;
  let pairsCup: string;
  let tilesCup: string;

  beforeAll(async () => {
    database = await createTestDatabase(5);
    config = testAppConfig(database.url, {
      ADMIN_API_KEY: ADMIN_KEY,
      PLAY_REVEALS_PER_MINUTE: String(REVEALS_PER_MINUTE),
    });
    api = await createApiApp(config);
    api.get(Clock).now = () => new Date(Date.now() + offsetMs);
    store = api.get<EventStore>(EVENT_STORE);
    pairsCup = await createTournament('pairs', 'TIME_ATTACK');
    tilesCup = await createTournament('tiles', 'SCORE_ATTACK');
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

  async function createTournament(slug: string, format: string): Promise<string> {
    const response = await call('POST', '/api/admin/tournaments', ADMIN_KEY, {
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

  const joined = async (tournamentId: string) => {
    const member = await createMember(database.db, config.JWT_ACCESS_SECRET);
    expect(
      (await call('POST', `/api/tournaments/${tournamentId}/join`, member.accessToken, {})).statusCode,
    ).toBe(200);
    return member;
  };

  /** The start answer, exactly as the member's browser gets it. */
  const startPlay = async (tournamentId: string, member: TestMember) => {
    const response = await call('POST', `/api/tournaments/${tournamentId}/plays`, member.accessToken);
    expect(response.statusCode).toBe(201);
    return {
      raw: response.json().data as Record<string, unknown>,
      play: startedPlay.parse(response.json().data),
    };
  };

  /** The seed the server fixed and keeps (the test reads the event store, which no client can). */
  const keptSeed = async (tournamentId: string, playId: string) => {
    const events = await store.readStream(`tournament-${tournamentId}`);
    const started = events.find(
      (event) => event.type === 'PlayStarted' && (event.data as { playId: string }).playId === playId,
    );
    return (started!.data as { seed: string }).seed;
  };

  const reveal = (
    play: StartedPlay,
    member: TestMember,
    flip: number,
    card: number,
    gameToken = play.gameToken,
  ) => call('POST', `/api/plays/${play.playId}/reveal`, member.accessToken, { gameToken, flip, card });

  const submit = (play: StartedPlay, member: TestMember, log: TimedInput<unknown>[]) =>
    call('POST', `/api/plays/${play.playId}/result`, member.accessToken, { gameToken: play.gameToken, log });

  /** Every string a client holds after the start: the answer's fields and the game token's claims. */
  function everythingTheClientKnows(raw: Record<string, unknown>): string[] {
    const strings = Object.values(raw).filter((value): value is string => typeof value === 'string');
    const [header, claims] = (raw.gameToken as string).split('.');
    for (const part of [header!, claims!]) {
      const decoded = JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
      strings.push(...Object.values(decoded).filter((value): value is string => typeof value === 'string'));
    }
    return strings;
  }

  it('answers the start of a pairs play with no seed and nothing else the layout follows from (a tiles play keeps its seed)', async () => {
    const member = await joined(pairsCup);
    const { raw, play } = await startPlay(pairsCup, member);
    expect(play).toMatchObject({ game: 'pairs', seed: null });
    const layout = pairs.layoutOf(await keptSeed(pairsCup, play.playId));
    // The probe's script: deal the layout from whatever the start answer holds. None of it deals this one.
    for (const known of everythingTheClientKnows(raw)) expect(pairs.layoutOf(known)).not.toEqual(layout);

    const tiles = await startPlay(tilesCup, await joined(tilesCup));
    expect(tiles.play.seed).toBe(await keptSeed(tilesCup, tiles.play.playId));
  });

  it('reveals a flipped card from the kept seed: the same answer for the same flip, nothing out of order or out of the rules', async () => {
    const member = await joined(pairsCup);
    const { play } = await startPlay(pairsCup, member);
    const layout = pairs.layoutOf(await keptSeed(pairsCup, play.playId));

    const first = await reveal(play, member, 0, 5);
    expect(first.statusCode).toBe(200);
    expect(revealedCard.parse(first.json().data)).toEqual({
      playId: play.playId,
      flip: 0,
      card: 5,
      face: layout[5],
    });
    // A retry after a lost answer: the same face, nothing recorded twice.
    expect((await reveal(play, member, 0, 5)).json().data).toEqual(first.json().data);

    const refusals = [
      [await reveal(play, member, 0, 6), 409, PlayMessages.revealedOtherCard(0, 5)],
      [await reveal(play, member, 2, 6), 409, PlayMessages.revealOutOfOrder(1)],
      [await reveal(play, member, 1, 5), 422, PlayMessages.revealRefused('Card 5 is already face up')],
      [await reveal(play, member, 1, 16), 400, undefined],
    ] as const;
    for (const [response, status, message] of refusals) {
      expect(response.statusCode).toBe(status);
      if (message) expect(response.json().message).toBe(message);
    }
    const second = await reveal(play, member, 1, 6);
    expect(second.json().data).toMatchObject({ flip: 1, card: 6, face: layout[6] });
  });

  it("refuses another member, another play's token, no sign-in, and a game with nothing hidden", async () => {
    const member = await joined(pairsCup);
    const { play } = await startPlay(pairsCup, member);
    const other = await joined(pairsCup);
    const { play: otherPlay } = await startPlay(pairsCup, other);

    expect((await reveal(play, other, 0, 0)).json()).toMatchObject({
      statusCode: 403,
      message: PlayMessages.notYours,
    });
    expect((await reveal(play, member, 0, 0, otherPlay.gameToken)).json()).toMatchObject({
      statusCode: 403,
      message: PlayMessages.wrongToken,
    });
    const anonymous = await call('POST', `/api/plays/${play.playId}/reveal`, undefined, {
      gameToken: play.gameToken,
      flip: 0,
      card: 0,
    });
    expect(anonymous.statusCode).toBe(401);

    const tilesMember = await joined(tilesCup);
    const { play: tilesPlay } = await startPlay(tilesCup, tilesMember);
    expect((await reveal(tilesPlay, tilesMember, 0, 0)).json()).toMatchObject({
      statusCode: 409,
      message: PlayMessages.nothingToReveal,
    });
  });

  it('takes a log of the revealed flips with the score its replay computes, refuses one with a flip not revealed (the perfect log of the old attack), and reveals nothing after', async () => {
    const member = await joined(pairsCup);
    const { play } = await startPlay(pairsCup, member);
    const seed = await keptSeed(pairsCup, play.playId);

    // The old attack: the layout known, every pair at once. Not one of its flips was revealed.
    const layout = pairs.layoutOf(seed);
    const perfect = [0, 1, 2, 3, 4, 5, 6, 7]
      .flatMap((face) => layout.flatMap((shown, card) => (shown === face ? [card] : [])))
      .map((card, index) => ({ atMs: (index + 1) * 150, input: { card } }));
    offsetMs = 10_000;
    const clairvoyant = await submit(play, member, perfect);
    expect(clairvoyant.statusCode).toBe(422);
    expect(clairvoyant.json().message).toBe(
      PlayMessages.doesNotReplay('Input 0 is not the flip the server revealed'),
    );

    // An honest player: each flip revealed as it is made, then the log of those flips.
    const log = honestLog('pairs', seed, seededUniform('reveals-spec'), { skill: 1 });
    for (const [flip, entry] of log.entries()) {
      const { card } = entry.input as { card: number };
      const answer = await reveal(play, member, flip, card);
      expect(answer.json().data).toMatchObject({ flip, face: layout[card] });
    }
    const replayed = pairs.pairsCore.replay(seed, log as TimedInput<pairs.PairsInput>[]);
    if (!replayed.valid) throw new Error(replayed.reason);
    offsetMs = replayed.result.durationMs + 1000;
    const accepted = await submit(play, member, log);
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json().data).toMatchObject({ score: replayed.result.score, completed: true });

    const after = await reveal(play, member, log.length, 0);
    expect(after.json()).toMatchObject({ statusCode: 409, message: PlayMessages.alreadySubmitted });
  });

  it('limits reveals per member and minute (429 with Retry-After)', async () => {
    const member = await joined(pairsCup);
    const { play } = await startPlay(pairsCup, member);
    for (let ask = 0; ask < REVEALS_PER_MINUTE; ask++)
      expect((await reveal(play, member, 0, 3)).statusCode).toBe(200);
    const over = await reveal(play, member, 0, 3);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  });
});
