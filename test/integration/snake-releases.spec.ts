import { PlayMessages, type StartedPlay } from '@arena/contracts';
import { encodePackedLog, SeededRandom, snake } from '@arena/games';
import type { TestMember } from '@arena/identity/testing';
import { keystreamBlocks } from '../../libs/tournaments/src/application/play-keystream';
import { useHiddenPlaysApi } from './support/hidden-plays';

/**
 * Issue 21, "The client knows every game's future": Snake's food is released step by step. The start
 * answers no seed; block k of the play's keystream (food k) is told only once the turns before food
 * k - 1 was eaten, and its tick, are recorded, once, in order; the result's log must hold those turns,
 * eat each food on the tick its release claimed, and replays on the same blocks. Through the real API.
 */
describe('Snake: each food released by the server after the turns before it', () => {
  const {
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
    adminKey: 'admin-key-for-the-snake-releases-spec-1',
    revealsPerMinute: 5,
    releasesPerMinute: 600,
    tournaments: { snake: { slug: 'snake', format: 'SCORE_ATTACK' } },
  });

  /**
   * An honest player over HTTP: a careful bot that plays on the food released so far; when it waits for
   * the next food it asks for it with the turns it made (the bot, played again with the same dice, plays
   * the same up to there, then on with the new food).
   */
  async function playThroughReleases(play: StartedPlay, member: TestMember, maxTicks: number) {
    const blocks = [await blockOf(play, member, 0, 'open')];
    const seeds = (food: number) => (food < blocks.length ? snake.snakeBlockSeed(blocks[food]!) : undefined);
    for (;;) {
      const bot = snake.playSnake(seeds, new SeededRandom(`http:${play.playId}`), {
        careful: true,
        maxTicks,
      });
      const releases = snake.snakeReleasesOf(seeds, bot.log);
      if (releases.length === blocks.length) {
        expect(bot.waitsForFood).toBe(false);
        return { ...bot, releases, blocks };
      }
      blocks.push(await blockOf(play, member, blocks.length, releases[blocks.length]!));
    }
  }

  it('answers the start with no seed and nothing the food follows from', async () => {
    await expectStartHoldsNoKey(cup('snake'), 'snake');
  });

  it('releases a food once the turns before it are recorded: the same block again for a retry, nothing out of order or changed', async () => {
    const member = await joined(cup('snake'));
    const { play } = await startPlay(cup('snake'), member);
    const seed = await keptSeed(cup('snake'), play.playId);
    const blocks = keystreamBlocks(seed, 0, 3);

    expect((await release(play, member, 1, '5:300u')).json()).toMatchObject({
      statusCode: 409,
      message: PlayMessages.releaseOutOfOrder(0),
    });
    expect((await release(play, member, 0, '5:300u')).json()).toMatchObject({
      statusCode: 422,
      message: PlayMessages.releaseRefused('Step 0 is not an opening'),
    });
    expect(await blockOf(play, member, 0, 'open')).toBe(blocks[0]);
    const first = await release(play, member, 1, '5:300u');
    expect(first.json().data).toEqual({ playId: play.playId, step: 1, input: '5:300u', block: blocks[1] });
    expect((await release(play, member, 1, '5:300u')).json().data).toEqual(first.json().data);

    const refusals = [
      [await release(play, member, 1, '6:300u'), 409, PlayMessages.releasedOtherInput(1, '5:300u')],
      [await release(play, member, 3, '9:'), 409, PlayMessages.releaseOutOfOrder(2)],
      [await release(play, member, 2, 'open'), 422, PlayMessages.releaseRefused('Step 2 is not an input')],
      // One spelling per release: a leading zero is another string for the same claim.
      [await release(play, member, 2, '09:'), 422, PlayMessages.releaseRefused('Step 2 is not an input')],
      [await release(play, member, 2, '9:300x'), 400, undefined],
      [await release(play, member, 2, 'up'), 422, PlayMessages.releaseRefused('Step 2 is not an input')],
    ] as const;
    expectRefusals(refusals);
    expect(await blockOf(play, member, 2, '9:')).toBe(blocks[2]);
  });

  it('records one of two concurrent releases of a food: the other answers the same block or 409', async () => {
    const member = await joined(cup('snake'));
    const { play } = await startPlay(cup('snake'), member);
    await blockOf(play, member, 0, 'open');
    await expectOneOfConcurrentReleases(play, member, 1, ['4:', '7:100d', '4:']);
  });

  it('accepts an honest play made through the releases with the score of its replay, and refuses logs that lie about the released turns', async () => {
    const member = await joined(cup('snake'));
    const { play } = await startPlay(cup('snake'), member);
    const { log, result, releases } = await playThroughReleases(play, member, 800);
    expect(releases.length).toBeGreaterThan(5);
    advanceClock(result.durationMs + 1000);

    // A turn released before food 3, then logged a tick later (a better route, once the food was seen).
    const boundary = (Number(releases[3]!.split(':')[0]) + 1) * snake.SNAKE_TICK_MS;
    const last = log.findLastIndex((entry) => entry.atMs < boundary);
    const moved = log.map((entry, index) =>
      index === last ? { ...entry, atMs: Math.max(entry.atMs + snake.SNAKE_TICK_MS, boundary) } : entry,
    );
    const lied = await submit(play, member, moved);
    expect(lied.statusCode).toBe(422);
    expect(lied.json().message).toMatch(
      /^The game log does not replay: Input \d+ is not the turn the server recorded/,
    );
    // A turn never released, slipped in before a release.
    const extra = [...log.slice(0, last + 1), { atMs: log[last]!.atMs, input: 'up' }, ...log.slice(last + 1)];
    expect((await submit(play, member, extra)).statusCode).toBe(422);

    const accepted = await submit(play, member, log);
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json().data).toMatchObject({ score: result.score, durationMs: result.durationMs });
    expect((await release(play, member, releases.length, '99999:')).json()).toMatchObject({
      statusCode: 409,
      message: PlayMessages.alreadySubmitted,
    });
  });

  it('takes the log packed, as the game frame sends it: turns moved across a release refused as in JSON, the honest log accepted', async () => {
    const member = await joined(cup('snake'));
    const { play } = await startPlay(cup('snake'), member);
    const { log, result, releases } = await playThroughReleases(play, member, 600);
    expect(releases.length).toBeGreaterThan(3);
    advanceClock(result.durationMs + 1000);

    // The last turn before a release moved a tick later, past the release: a food where the move keeps the
    // log in time order (the packed form cannot even spell a log that goes back in time).
    const lies = releases.slice(1).map((claim) => {
      const boundary = (Number(claim.split(':')[0]) + 1) * snake.SNAKE_TICK_MS;
      const last = log.findLastIndex((entry) => entry.atMs < boundary);
      const atMs = Math.max(log[last]!.atMs + snake.SNAKE_TICK_MS, boundary);
      const ordered = last >= 0 && (log[last + 1]?.atMs ?? Infinity) >= atMs;
      return ordered ? log.map((entry, index) => (index === last ? { ...entry, atMs } : entry)) : null;
    });
    const moved = lies.find((lie) => lie !== null)!;
    expect(moved).toBeDefined();
    const lied = await submitPacked(play, member, encodePackedLog('snake', moved));
    expect(lied.json()).toMatchObject({
      statusCode: 422,
      message: (await submit(play, member, moved)).json().message,
    });
    expect(lied.json().message).toMatch(/^The game log does not replay: Input \d+ is not the turn/);

    const accepted = await submitPacked(play, member, encodePackedLog('snake', log));
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json().data).toMatchObject({ score: result.score, durationMs: result.durationMs });
  });

  it('refuses a play whose release claimed a food eaten before it was (to see the next one sooner)', async () => {
    const member = await joined(cup('snake'));
    const { play } = await startPlay(cup('snake'), member);
    const seed = await keptSeed(cup('snake'), play.playId);
    // What the honest bot would play on this key (the test knows it; a client does not).
    const all = keystreamBlocks(seed, 0, 400);
    const seeds = (food: number) => snake.snakeBlockSeed(all[food]!);
    const bot = snake.playSnake(seeds, new SeededRandom('early'), { careful: true, maxTicks: 400 });
    const honest = snake.snakeReleasesOf(seeds, bot.log);
    expect(honest.length).toBeGreaterThan(2);
    const [tick, turns] = honest[1]!.split(':') as [string, string];
    const early = `${Number(tick) - 1}:${turns}`;
    const earlyBoundary = Number(tick) * snake.SNAKE_TICK_MS;
    // Only a claim whose turns still fit its earlier boundary gets past the turns' check: make one.
    const fits = bot.log.every(
      (entry) => entry.atMs >= (Number(tick) + 1) * snake.SNAKE_TICK_MS || entry.atMs < earlyBoundary,
    );
    for (const [step, input] of [honest[0]!, early, ...honest.slice(2)].entries())
      await blockOf(play, member, step, input);
    advanceClock(bot.result.durationMs + 1000);
    const refused = await submit(play, member, bot.log);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toMatch(
      fits
        ? /^The game log does not replay: Food 0 was eaten on tick \d+, not on the tick release 1 claimed$/
        : /^The game log does not replay: Input \d+ is/,
    );
  });

  it('accepts a log that ends after its last release with fewer turns (the run ended early)', async () => {
    const member = await joined(cup('snake'));
    const { play } = await startPlay(cup('snake'), member);
    const { log, releases } = await playThroughReleases(play, member, 300);
    const boundary = (Number(releases.at(-1)!.split(':')[0]) + 1) * snake.SNAKE_TICK_MS;
    const shorter = log.filter((entry) => entry.atMs < boundary);
    const verdict = snake.snakeCore.keystream!.replayOn(
      keystreamBlocks(await keptSeed(cup('snake'), play.playId), 0, releases.length),
      shorter,
      releases,
    );
    expect(verdict.valid).toBe(true);
    advanceClock(snake.SNAKE_MAX_TICKS * snake.SNAKE_TICK_MS);
    const accepted = await submit(play, member, shorter);
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json().data).toMatchObject({ score: verdict.valid ? verdict.result.score : -1 });
  });
});
