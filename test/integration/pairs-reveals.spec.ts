import { PlayMessages, revealedCard, type StartedPlay } from '@arena/contracts';
import { honestLog, pairs, seededUniform, type TimedInput } from '@arena/games';
import type { TestMember } from '@arena/identity/testing';
import { everythingTheClientKnows, useHiddenPlaysApi } from './support/hidden-plays';

const REVEALS_PER_MINUTE = 90;

/**
 * Issue 21, "The client knows every game's future": Memory Pairs' layout stays on the server. The
 * start answer holds nothing it follows from; each flip is revealed by the server, once, in order,
 * within the rules; the result's log must be the revealed flips. Through the real API.
 */
describe('Memory Pairs: the layout stays on the server, each card revealed when flipped', () => {
  const { call, cup, advanceClock, joined, startPlay, keptSeed, submit } = useHiddenPlaysApi({
    adminKey: 'admin-key-for-the-pairs-reveals-spec-01',
    revealsPerMinute: REVEALS_PER_MINUTE,
    tournaments: {
      pairs: { slug: 'pairs', format: 'TIME_ATTACK' },
      snake: { slug: 'snake', format: 'SCORE_ATTACK' },
    },
  });
  const pairsCup = () => cup('pairs');
  const snakeCup = () => cup('snake');

  const reveal = (
    play: StartedPlay,
    member: TestMember,
    flip: number,
    card: number,
    gameToken = play.gameToken,
  ) => call('POST', `/api/plays/${play.playId}/reveal`, member.accessToken, { gameToken, flip, card });

  it('answers the start of a pairs play with no seed and nothing else the layout follows from (nor does a snake play: its food is released)', async () => {
    const member = await joined(pairsCup());
    const { raw, play } = await startPlay(pairsCup(), member);
    expect(play).toMatchObject({ game: 'pairs', seed: null });
    const layout = pairs.layoutOf(await keptSeed(pairsCup(), play.playId));
    // The probe's script: deal the layout from whatever the start answer holds. None of it deals this one.
    for (const known of everythingTheClientKnows(raw)) expect(pairs.layoutOf(known)).not.toEqual(layout);

    const snake = await startPlay(snakeCup(), await joined(snakeCup()));
    expect(snake.play.seed).toBeNull();
  });

  it('reveals a flipped card from the kept seed: the same answer for the same flip, nothing out of order or out of the rules', async () => {
    const member = await joined(pairsCup());
    const { play } = await startPlay(pairsCup(), member);
    const layout = pairs.layoutOf(await keptSeed(pairsCup(), play.playId));

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
    const member = await joined(pairsCup());
    const { play } = await startPlay(pairsCup(), member);
    const other = await joined(pairsCup());
    const { play: otherPlay } = await startPlay(pairsCup(), other);

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

    const snakeMember = await joined(snakeCup());
    const { play: snakePlay } = await startPlay(snakeCup(), snakeMember);
    expect((await reveal(snakePlay, snakeMember, 0, 0)).json()).toMatchObject({
      statusCode: 409,
      message: PlayMessages.nothingToReveal,
    });
  });

  it('takes a log of the revealed flips with the score its replay computes, refuses one with a flip not revealed (the perfect log of the old attack), and reveals nothing after', async () => {
    const member = await joined(pairsCup());
    const { play } = await startPlay(pairsCup(), member);
    const seed = await keptSeed(pairsCup(), play.playId);

    // The old attack: the layout known, every pair at once. Not one of its flips was revealed.
    const layout = pairs.layoutOf(seed);
    const perfect = [0, 1, 2, 3, 4, 5, 6, 7]
      .flatMap((face) => layout.flatMap((shown, card) => (shown === face ? [card] : [])))
      .map((card, index) => ({ atMs: (index + 1) * 150, input: { card } }));
    advanceClock(10_000);
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
    advanceClock(replayed.result.durationMs + 1000);
    const accepted = await submit(play, member, log);
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json().data).toMatchObject({ score: replayed.result.score, completed: true });

    const after = await reveal(play, member, log.length, 0);
    expect(after.json()).toMatchObject({ statusCode: 409, message: PlayMessages.alreadySubmitted });
  });

  it('limits reveals per member and minute (429 with Retry-After)', async () => {
    const member = await joined(pairsCup());
    const { play } = await startPlay(pairsCup(), member);
    for (let ask = 0; ask < REVEALS_PER_MINUTE; ask++)
      expect((await reveal(play, member, 0, 3)).statusCode).toBe(200);
    const over = await reveal(play, member, 0, 3);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  });
});
