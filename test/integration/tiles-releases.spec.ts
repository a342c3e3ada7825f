import { PlayMessages, type StartedPlay } from '@arena/contracts';
import { encodePackedLog, tiles, type TimedInput } from '@arena/games';
import type { TestMember } from '@arena/identity/testing';
import { keystreamBlocks } from '../../libs/tournaments/src/application/play-keystream';
import { useHiddenPlaysApi } from './support/hidden-plays';

/**
 * Issue 21, "The client knows every game's future": Tile Merge's tiles are released step by step. The
 * start answers no seed; block k of the play's keystream (the tile after move k) is told only once move
 * k is recorded, once, in order; the result's log must be the released moves and replays on the same
 * blocks. Through the real API.
 */
const RELEASES_PER_MINUTE = 120;

describe('Tile Merge: each tile released by the server after the move it follows', () => {
  const {
    call,
    cup,
    advanceClock,
    joined,
    startPlay,
    keptSeed,
    submit,
    submitPacked,
    release,
    blockOf,
    expectStartHoldsNoKey,
    expectRefusals,
    expectOneOfConcurrentReleases,
  } = useHiddenPlaysApi({
    adminKey: 'admin-key-for-the-tiles-releases-spec-1',
    revealsPerMinute: 5,
    releasesPerMinute: RELEASES_PER_MINUTE,
    tournaments: {
      tiles: { slug: 'tiles', format: 'SCORE_ATTACK' },
      snake: { slug: 'snake', format: 'SCORE_ATTACK' },
    },
  });

  /** The first legal move in the corner order: the choice of a player who sees only the board. */
  const cornerMove = (board: readonly number[]) =>
    (['down', 'left', 'right', 'up'] as const).find((move) => tiles.slide(board, move) !== null)!;

  /** An honest player over HTTP: asks for the opening, then each move's tile once the move is made. */
  async function playThroughReleases(play: StartedPlay, member: TestMember, moves: number) {
    const blocks = [await blockOf(play, member, 0, 'open')];
    const state = tiles.newGameOn((step) => blocks[step]!);
    const log: TimedInput<tiles.TilesMove>[] = [];
    while (log.length < moves && !tiles.isOver(state)) {
      const move = cornerMove(state.board);
      blocks.push(await blockOf(play, member, log.length + 1, move));
      expect(tiles.applyMove(state, move)).toBe(true);
      log.push({ atMs: 300 * (log.length + 1), input: move });
    }
    return { state, log, blocks };
  }

  it('answers the start with no seed and nothing the tiles follow from', async () => {
    await expectStartHoldsNoKey(cup('tiles'), 'tiles');
  });

  it('releases a step once its move is recorded: the same block again for a retry, nothing out of order or changed', async () => {
    const member = await joined(cup('tiles'));
    const { play } = await startPlay(cup('tiles'), member);
    const seed = await keptSeed(cup('tiles'), play.playId);
    const blocks = keystreamBlocks(seed, 0, 3);

    // Nothing before the opening, and no move at step 0.
    expect((await release(play, member, 1, 'left')).json()).toMatchObject({
      statusCode: 409,
      message: PlayMessages.releaseOutOfOrder(0),
    });
    expect((await release(play, member, 0, 'left')).json()).toMatchObject({
      statusCode: 422,
      message: PlayMessages.releaseRefused('Step 0 is not an opening'),
    });
    expect(await blockOf(play, member, 0, 'open')).toBe(blocks[0]);
    const first = await release(play, member, 1, 'down');
    expect(first.json().data).toEqual({ playId: play.playId, step: 1, input: 'down', block: blocks[1] });
    // A retry after a lost answer: the same block, nothing recorded twice.
    expect((await release(play, member, 1, 'down')).json().data).toEqual(first.json().data);

    const refusals = [
      [await release(play, member, 1, 'up'), 409, PlayMessages.releasedOtherInput(1, 'down')],
      [await release(play, member, 3, 'up'), 409, PlayMessages.releaseOutOfOrder(2)],
      [await release(play, member, 2, 'open'), 422, PlayMessages.releaseRefused('Step 2 is not an input')],
      [await release(play, member, 2, 'sideways'), 400, undefined],
    ] as const;
    expectRefusals(refusals);
    expect(await blockOf(play, member, 2, 'up')).toBe(blocks[2]);
  });

  it('records one of two concurrent releases of a step: the other answers the same block or 409', async () => {
    const member = await joined(cup('tiles'));
    const { play } = await startPlay(cup('tiles'), member);
    await blockOf(play, member, 0, 'open');
    await expectOneOfConcurrentReleases(play, member, 1, ['left', 'right', 'left']);
  });

  it("refuses another member, another play's token, no sign-in, and a game that releases nothing", async () => {
    const member = await joined(cup('tiles'));
    const { play } = await startPlay(cup('tiles'), member);
    const other = await joined(cup('tiles'));
    const { play: otherPlay } = await startPlay(cup('tiles'), other);
    expect((await release(play, other, 0, 'open')).json()).toMatchObject({
      statusCode: 403,
      message: PlayMessages.notYours,
    });
    expect((await release(play, member, 0, 'open', otherPlay.gameToken)).json()).toMatchObject({
      statusCode: 403,
      message: PlayMessages.wrongToken,
    });
    const anonymous = await call('POST', `/api/plays/${play.playId}/release`, undefined, {
      gameToken: play.gameToken,
      step: 0,
      input: 'open',
    });
    expect(anonymous.statusCode).toBe(401);
    // A tiles play has no cards to reveal, and a snake play's release is not a tile's move.
    const flip = await call('POST', `/api/plays/${play.playId}/reveal`, member.accessToken, {
      gameToken: play.gameToken,
      flip: 0,
      card: 0,
    });
    expect(flip.json()).toMatchObject({ statusCode: 409, message: PlayMessages.nothingToReveal });
    const snakeMember = await joined(cup('snake'));
    const { play: snakePlay } = await startPlay(cup('snake'), snakeMember);
    expect((await release(snakePlay, snakeMember, 0, 'up')).json()).toMatchObject({
      statusCode: 422,
      message: PlayMessages.releaseRefused('Step 0 is not an opening'),
    });
  });

  it('accepts an honest play made through the releases with the score of its replay, refuses a log that differs from the released moves, and releases nothing after', async () => {
    const member = await joined(cup('tiles'));
    const { play } = await startPlay(cup('tiles'), member);
    const { state, log } = await playThroughReleases(play, member, 40);
    expect(log.length).toBeGreaterThan(10);
    advanceClock(log.at(-1)!.atMs + 1000);

    // A client that released one move to see its tile and then logged another.
    const changed = log.map((entry, index) =>
      index === 7 ? { ...entry, input: entry.input === 'up' ? 'down' : 'up' } : entry,
    );
    const lied = await submit(play, member, changed);
    expect(lied.statusCode).toBe(422);
    expect(lied.json().message).toBe(
      PlayMessages.doesNotReplay('Input 7 is not the move the server released'),
    );
    // One move more than was released: its tile was never told.
    const longer = await submit(play, member, [...log, { atMs: log.at(-1)!.atMs + 100, input: 'left' }]);
    expect(longer.json()).toMatchObject({
      statusCode: 422,
      message: PlayMessages.doesNotReplay(`Input ${log.length} is not the move the server released`),
    });

    const accepted = await submit(play, member, log);
    expect(accepted.statusCode).toBe(201);
    // The score its replay on the released blocks computes: the score the player saw.
    expect(accepted.json().data).toMatchObject({ score: state.score });
    expect((await release(play, member, log.length + 1, 'left')).json()).toMatchObject({
      statusCode: 409,
      message: PlayMessages.alreadySubmitted,
    });
  });

  it("takes the log packed, as the game frame sends it: the honest play accepted with its replay's score, a malformed one refused with why", async () => {
    const member = await joined(cup('tiles'));
    const { play } = await startPlay(cup('tiles'), member);
    const { state, log } = await playThroughReleases(play, member, 30);
    advanceClock(log.at(-1)!.atMs + 1000);
    const packed = encodePackedLog('tiles', log);

    // Bytes that do not read: a version this server does not know, a log cut inside a clock step.
    const bytes = Buffer.from(packed, 'base64url');
    bytes[0] = 2;
    expect((await submitPacked(play, member, bytes.toString('base64url'))).json()).toEqual({
      success: false,
      statusCode: 422,
      message: PlayMessages.doesNotReplay('The packed log is of version 2; version 1 is the one read here'),
    });
    const cut = Buffer.concat([Buffer.from(packed, 'base64url'), Buffer.from([0x81])]).toString('base64url');
    expect((await submitPacked(play, member, cut)).json()).toMatchObject({
      statusCode: 422,
      message: PlayMessages.doesNotReplay(`Input ${log.length} is cut short in its clock step`),
    });
    // Not base64url, or the log sent in both forms: the contract's (400).
    expect((await submitPacked(play, member, `${packed.slice(0, -4)}+/==`)).json()).toEqual({
      success: false,
      statusCode: 400,
      message: 'packedLog: The packed log is not base64url',
    });
    const both = await call('POST', `/api/plays/${play.playId}/result`, member.accessToken, {
      gameToken: play.gameToken,
      log,
      packedLog: packed,
    });
    expect(both.json()).toMatchObject({ statusCode: 400, message: PlayMessages.oneLogForm });
    // Packed, the moves must still be the ones released, in order.
    const changed = log.map((entry, index) =>
      index === 4 ? { ...entry, input: entry.input === 'up' ? 'down' : 'up' } : entry,
    );
    expect((await submitPacked(play, member, encodePackedLog('tiles', changed))).json()).toMatchObject({
      statusCode: 422,
      message: PlayMessages.doesNotReplay('Input 4 is not the move the server released'),
    });

    const accepted = await submitPacked(play, member, packed);
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json().data).toMatchObject({ score: state.score, durationMs: log.at(-1)!.atMs });
  });

  it('accepts a log that stops before the last release (a move asked for, then the run ended)', async () => {
    const member = await joined(cup('tiles'));
    const { play } = await startPlay(cup('tiles'), member);
    const { log } = await playThroughReleases(play, member, 12);
    advanceClock(log.at(-1)!.atMs + 1000);
    const accepted = await submit(play, member, log.slice(0, 11));
    expect(accepted.statusCode).toBe(201);
  });

  it('limits releases per member and minute on their own budget, not the reveals (429 with Retry-After)', async () => {
    const member = await joined(cup('tiles'));
    const { play } = await startPlay(cup('tiles'), member);
    // More than the reveals' budget of this API (5): releases do not spend it.
    for (let ask = 0; ask < RELEASES_PER_MINUTE; ask++)
      expect((await release(play, member, 0, 'open')).statusCode).toBe(200);
    const over = await release(play, member, 0, 'open');
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  });
});
