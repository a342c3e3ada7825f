/**
 * Issue 23, "watch the winning run", in Chromium: the demo seed records verified runs; a guest opens a
 * tournament with one, clicks "Watch the winning run", and the real game app (on its own origin, in the
 * app's frame) replays the run through its core. Scrubbed to the end it shows the leaderboard's top score;
 * nothing is POSTed to the plays API meanwhile. A run the frame cannot show (another game's, a garbage
 * log) is refused with why, and a second WATCH_RUN changes nothing. Tile Merge and Memory Pairs runs
 * are watched to their verified end too, and a demo member watches their own best run ("Watch your best
 * run", `runs/mine`).
 */
import type { Browser, Frame, FrameLocator, Page, ViewportSize } from 'playwright-core';
import { randomUUID } from 'node:crypto';
import type { PlayRun, TournamentDetail } from '@arena/contracts';
import { signAccessToken } from '@arena/identity';
import { formatTime } from '../../apps/games/src/pairs/format-time';
import { catalogGame } from '@arena/contracts/games.catalog';
import { formatScore } from '../../web/src/features/tournaments/challenge-detail.format';
import { axeViolations } from './support/axe';
import { DESKTOP, PHONE, launchBrowser, saveScreenshot } from './support/browser';
import { recordDiagnostics } from './support/diagnostics';
import { statValue } from './support/game-play';
import { createMember, signIn } from './support/member';
import { startTestGameServer, type TestGameServer } from './support/game-server';
import { listTournaments, seedTournaments } from './support/seeded-tournaments';
import { startWebApp, type RunningWebApp } from './support/web-app';

jest.setTimeout(180_000);

interface Watched {
  detail: TournamentDetail;
  run: PlayRun;
}

async function getData<T>(url: string, accessToken?: string): Promise<{ status: number; data: T }> {
  const response = await fetch(
    url,
    accessToken ? { headers: { Authorization: `Bearer ${accessToken}` } } : {},
  );
  const body = (await response.json()) as { data: T };
  return { status: response.status, data: body.data };
}

describe('watching the winning run of a seeded tournament', () => {
  let games: TestGameServer;
  let web: RunningWebApp;
  let browser: Browser;
  /** A points tournament of the seed whose best run is the leaderboard's top row. */
  let watched: Watched;
  /** A seeded score-format tournament with a best run, by game. */
  const byGame = new Map<string, Watched>();
  /** A demo member's own best run in a points tournament (another's than the winning one where the seed has it). */
  let own: Watched & { member: { id: string; username: string } };
  const diagnostics: Array<() => Promise<void>> = [];

  beforeAll(async () => {
    games = await startTestGameServer();
    [web, browser] = await Promise.all([startWebApp({ gameOrigin: games.origin }), launchBrowser()]);
    games.appOrigin = web.baseUrl;
    const { players } = await seedTournaments(web);
    const candidates: Watched[] = [];
    for (const tournament of await listTournaments(web)) {
      const best = await getData<PlayRun>(`${web.baseUrl}/api/tournaments/${tournament.id}/runs/best`);
      if (best.status !== 200) continue;
      const { data: detail } = await getData<TournamentDetail>(
        `${web.baseUrl}/api/tournaments/${tournament.id}`,
      );
      // Score formats, whose leaderboard's top row shows the best run's score (a bracket shows wins).
      const scored = detail.format === 'SCORE_ATTACK' || detail.format === 'TIME_ATTACK';
      if (scored && !byGame.has(detail.game.slug)) byGame.set(detail.game.slug, { detail, run: best.data });
      if (!detail.lowerScoreWins && detail.format === 'SCORE_ATTACK')
        candidates.push({ detail, run: best.data });
    }
    expect(candidates.length).toBeGreaterThan(0);
    watched = candidates[0]!;
    expect([...byGame.keys()].sort()).toEqual(['pairs', 'snake', 'tiles']);

    const owned: Array<typeof own> = [];
    for (const { accountId: id, username } of Object.values(players)) {
      const token = await signAccessToken(web.jwtSecret, { sub: id, username, sid: randomUUID() });
      for (const { detail, run: best } of candidates) {
        const mine = await getData<PlayRun>(`${web.baseUrl}/api/tournaments/${detail.id}/runs/mine`, token);
        if (mine.status === 200) owned.push({ detail, run: mine.data, member: { id, username } });
        else expect(mine.status).toBe(404);
        if (mine.status === 200) expect(mine.data.playerName).toBe(username);
        if (mine.status === 200 && best.playerName === username) expect(mine.data.playId).toBe(best.playId);
      }
    }
    own =
      owned.find((candidate) => candidate.member.username !== candidate.detail.leaderboard[0]?.username) ??
      owned[0]!;
    expect(own).toBeDefined();
  });

  afterEach(async () => {
    for (const save of diagnostics.splice(0)) await save();
  });

  afterAll(async () => {
    await browser?.close();
    await web?.stop();
    await games?.close();
  });

  async function openPage(viewport: ViewportSize): Promise<{ page: Page; posts: string[] }> {
    const context = await browser.newContext({ baseURL: web.baseUrl, viewport });
    const page = await context.newPage();
    diagnostics.push(recordDiagnostics(page, expect.getState().currentTestName ?? 'watch-run'));
    // Every POST the page makes to a plays route (start, result, reveal, release): watching makes none.
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && /\/plays(\/|$)/.test(new URL(request.url()).pathname))
        posts.push(request.url());
    });
    return { page, posts };
  }

  const gameName = () => catalogGame(watched.detail.game.slug)!.name;

  /** Opens the tournament and its winning run in the game frame; answers the frame, shown. */
  async function watchWinningRun(page: Page): Promise<{ frame: FrameLocator; game: Frame }> {
    await page.goto(`/challenges/${watched.detail.id}`);
    await page.getByRole('heading', { level: 1, name: watched.detail.title }).waitFor();
    await page.getByRole('button', { name: 'Watch the winning run' }).click();
    await page.getByRole('dialog', { name: `Watch: ${watched.run.playerName}’s run` }).waitFor();
    const frame = page.frameLocator(`iframe[title="${gameName()} game"]`);
    await frame.getByRole('heading', { name: `${watched.run.playerName}’s verified run` }).waitFor();
    const game = page.frames().find((candidate) => candidate.url().startsWith(games.origin))!;
    return { frame, game };
  }

  it.each([
    ['390', PHONE],
    ['1280', DESKTOP],
  ])(
    'at %s px: scrubbed to its end the run shows the top score, and nothing is played',
    async (_w, viewport) => {
      const { page, posts } = await openPage(viewport);
      // Signed in, the modal would open a play for a game it is not told to watch: none may be opened.
      await signIn(page, web, await createMember(web));
      const top = page.getByTestId('leaderboard-row').first();
      const { frame, game } = await watchWinningRun(page);
      // A member who has not played here has no run of their own to watch.
      expect(await page.getByRole('button', { name: 'Watch your best run' }).count()).toBe(0);
      const scrubber = frame.getByRole('slider', { name: `Position in ${watched.run.playerName}’s run` });
      const last = Number(await scrubber.getAttribute('max'));
      expect(last).toBeGreaterThan(0);
      expect(await scrubber.inputValue()).toBe('0');
      expect(await statValue(game, 'Score')).toBe('0');

      // The keyboard scrubs: End is the last position, where the verified score stands.
      await scrubber.focus();
      await page.keyboard.press('End');
      const status = frame.locator('.watch__status');
      await status.filter({ hasText: new RegExp(`of ${last.toLocaleString('en-US')} · `) }).waitFor();
      expect(await scrubber.inputValue()).toBe(String(last));
      const shown = formatScore(watched.run.score, false);
      expect(await statValue(game, 'Score')).toBe(shown);
      expect(await top.textContent()).toContain(shown);
      expect(await scrubber.getAttribute('aria-valuetext')).toContain(`Score ${shown}`);

      // Back to the start, then Play (the space key) moves the run on; Space again pauses it.
      await page.keyboard.press('Home');
      await status.filter({ hasText: /^\w+ 0 of / }).waitFor();
      await page.keyboard.press('Space');
      await frame.getByRole('button', { name: 'Pause' }).waitFor();
      await status.filter({ hasNotText: /^\w+ 0 of / }).waitFor();
      await page.keyboard.press('Space');
      await frame.getByRole('button', { name: 'Play' }).waitFor();
      const paused = await scrubber.inputValue();
      expect(Number(paused)).toBeGreaterThan(0);

      // The frame takes no input while watching: a key that would move does not change the board.
      const board = await game.locator('.board').innerHTML();
      await frame.getByRole('button', { name: 'Play' }).focus();
      await page.keyboard.press('ArrowLeft');
      expect(await game.locator('.board').innerHTML()).toBe(board);
      expect(await scrubber.inputValue()).toBe(paused);

      // Looked at where it matters: the end of the run, on its verified score.
      await scrubber.focus();
      await page.keyboard.press('End');
      await status.filter({ hasText: new RegExp(`^\\w+ ${last.toLocaleString('en-US')} of `) }).waitFor();
      await saveScreenshot(page, 'watch-run', { fullPage: false });
      const overflow = await game.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await expect(axeViolations(page)).resolves.toEqual([]);

      await page.getByRole('button', { name: 'Close' }).click();
      expect(posts).toEqual([]);
      await page.context().close();
    },
  );

  /** Scrubs the watched run to its last position (the End key): answers that position. */
  async function scrubToEnd(page: Page, frame: FrameLocator, playerName: string): Promise<number> {
    const scrubber = frame.getByRole('slider', { name: `Position in ${playerName}’s run` });
    const last = Number(await scrubber.getAttribute('max'));
    expect(last).toBeGreaterThan(0);
    expect(await scrubber.inputValue()).toBe('0');
    await scrubber.focus();
    await page.keyboard.press('End');
    await frame
      .locator('.watch__status')
      .filter({ hasText: new RegExp(`^\\w+ ${last.toLocaleString('en-US')} of `) })
      .waitFor();
    return last;
  }

  /** What the game's bar shows at the end of a run with this verified score. */
  async function expectVerifiedEnd(game: Frame, slug: string, run: PlayRun): Promise<void> {
    if (slug === 'pairs') {
      // A time game: the run's score is its finishing time.
      expect(run.completed).toBe(true);
      expect(await statValue(game, 'Pairs')).toBe('8/8');
      expect(await statValue(game, 'Time')).toBe(formatTime(run.score));
    } else {
      expect(await statValue(game, 'Score')).toBe(formatScore(run.score, false));
    }
  }

  async function expectLaidOutAndAccessible(page: Page, game: Frame): Promise<void> {
    const overflow = await game.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expect(axeViolations(page)).resolves.toEqual([]);
  }

  describe.each(['tiles', 'pairs'])('the winning run of a %s tournament', (slug) => {
    it.each([
      ['390', PHONE],
      ['1280', DESKTOP],
    ])(
      'at %s px: scrubbed to its end shows its verified result, and nothing is played',
      async (_w, viewport) => {
        const { detail, run } = byGame.get(slug)!;
        const { page, posts } = await openPage(viewport);
        await page.goto(`/challenges/${detail.id}`);
        await page.getByRole('heading', { level: 1, name: detail.title }).waitFor();
        await page.getByRole('button', { name: 'Watch the winning run' }).click();
        await page.getByRole('dialog', { name: `Watch: ${run.playerName}’s run` }).waitFor();
        const frame = page.frameLocator(`iframe[title="${catalogGame(slug)!.name} game"]`);
        await frame.getByRole('heading', { name: `${run.playerName}’s verified run` }).waitFor();
        const game = page.frames().find((candidate) => candidate.url().startsWith(games.origin))!;
        await scrubToEnd(page, frame, run.playerName);
        await expectVerifiedEnd(game, slug, run);
        const top = page.getByTestId('leaderboard-row').first();
        expect(await top.textContent()).toContain(formatScore(run.score, detail.lowerScoreWins));
        await saveScreenshot(page, `watch-run-${slug}`, { fullPage: false });
        await expectLaidOutAndAccessible(page, game);
        await page.getByRole('button', { name: 'Close' }).click();
        expect(posts).toEqual([]);
        await page.context().close();
      },
    );
  });

  it.each([
    ['390', PHONE],
    ['1280', DESKTOP],
  ])(
    'at %s px: a member watches their own best run to its verified score, and nothing is played',
    async (_w, viewport) => {
      const { detail, run, member } = own;
      const { page, posts } = await openPage(viewport);
      await signIn(page, web, member);
      await page.goto(`/challenges/${detail.id}`);
      await page.getByRole('heading', { level: 1, name: detail.title }).waitFor();
      const shown = formatScore(run.score, detail.lowerScoreWins);
      await page.getByText(`Your verified best: ${shown}`).waitFor();
      const watchOwn = page.getByRole('button', { name: 'Watch your best run' });
      await watchOwn.scrollIntoViewIfNeeded();
      await saveScreenshot(page, 'watch-own-button', { fullPage: false });
      await watchOwn.click();
      await page.getByRole('dialog', { name: 'Watch: your best run' }).waitFor();
      await page.getByText(`Your best run of ${detail.title}, replayed`).waitFor();
      const frame = page.frameLocator(`iframe[title="${catalogGame(detail.game.slug)!.name} game"]`);
      await frame.getByRole('heading', { name: `${member.username}’s verified run` }).waitFor();
      const game = page.frames().find((candidate) => candidate.url().startsWith(games.origin))!;
      await scrubToEnd(page, frame, member.username);
      await expectVerifiedEnd(game, detail.game.slug, run);
      await saveScreenshot(page, 'watch-own-run', { fullPage: false });
      await expectLaidOutAndAccessible(page, game);
      await page.getByRole('button', { name: 'Close' }).click();
      expect(posts).toEqual([]);
      await page.context().close();
    },
  );

  it.each<[string, (run: PlayRun) => PlayRun, RegExp]>([
    [
      'a run of another game',
      (run) => ({ ...run, game: run.game === 'snake' ? 'tiles' : 'snake' }),
      /another game/,
    ],
    ['a garbage packed log', (run) => ({ ...run, packedLog: 'AQ' + 'zzzz'.repeat(8) }), /does not replay/],
  ])('refuses to show %s, saying why', async (_name, tamper, reason) => {
    const { page, posts } = await openPage(DESKTOP);
    // The page is handed a tampered run (as a compromised answer would be): the frame checks it itself.
    await page.route('**/api/tournaments/*/runs/best', async (route) => {
      const answer = await route.fetch();
      const body = (await answer.json()) as { data: PlayRun };
      await route.fulfill({ response: answer, json: { ...body, data: tamper(body.data) } });
    });
    await page.goto(`/challenges/${watched.detail.id}`);
    await page.getByRole('button', { name: 'Watch the winning run' }).click();
    const frame = page.frameLocator(`iframe[title="${gameName()} game"]`);
    await frame.getByRole('heading', { name: 'This run cannot be shown' }).waitFor();
    await frame.getByText(reason).waitFor();
    expect(await frame.getByRole('slider').count()).toBe(0);
    expect(posts).toEqual([]);
    await page.context().close();
  });

  it('takes a run to watch only from the app, and only as the first answer', async () => {
    const { page, posts } = await openPage(DESKTOP);
    await page.goto(`/challenges/${watched.detail.id}`);
    await page.getByRole('heading', { level: 1, name: watched.detail.title }).waitFor();
    // Two frames of the game that the page leaves unanswered (not the modal's), and a page of another
    // origin (the games' index) beside them; the page counts the GAME_READYs it hears.
    const url = new URL(watched.detail.game.integrationUrl, games.origin).toString();
    await page.evaluate(
      ([gameUrl, otherUrl]) => {
        const ready: unknown[] = [];
        (window as unknown as { ready: unknown[] }).ready = ready;
        window.addEventListener('message', (event) => {
          if ((event.data as { type?: string }).type === 'GAME_READY') ready.push(event.source);
        });
        for (const [name, src] of [
          ['first', gameUrl],
          ['second', gameUrl],
          ['other', otherUrl],
        ]) {
          const frame = document.createElement('iframe');
          frame.name = name!;
          frame.title = name!;
          frame.src = src!;
          document.body.append(frame);
        }
      },
      [url, `${games.origin}/`] as const,
    );
    await page.waitForFunction(() => (window as unknown as { ready: unknown[] }).ready.length === 2);
    const named = (name: string) => page.frames().find((frame) => frame.name() === name)!;
    const message = { ...watched.run, type: 'WATCH_RUN' };

    // From another origin first, then from the app: the frame shows the app's run, never the other.
    await named('other').evaluate(
      (run) => window.parent.frames['first' as unknown as number]!.postMessage(run, '*'),
      { ...message, playerName: 'Mallory' },
    );
    await page.evaluate(
      ([run, origin]) => window.frames['first' as unknown as number]!.postMessage(run, origin),
      [message, games.origin] as const,
    );
    const first = named('first');
    await first.getByRole('heading', { name: `${watched.run.playerName}’s verified run` }).waitFor();
    expect(await first.getByText('Mallory').count()).toBe(0);

    // AUTH answered first: a WATCH_RUN after it is ignored and the frame stays a tournament run.
    await page.evaluate(
      ([run, origin]) => {
        const second = window.frames['second' as unknown as number]!;
        second.postMessage(
          {
            type: 'AUTH',
            token: 'game-token',
            tournamentId: run.tournamentId,
            playId: run.playId,
            seed: 'seed-1',
            matchId: null,
            expiresAt: new Date(Date.now() + 600_000).toISOString(),
          },
          origin,
        );
        second.postMessage(run, origin);
      },
      [message, games.origin] as const,
    );
    const second = named('second');
    await second.getByRole('heading', { name: 'Ready for your tournament run' }).waitFor();
    // Messages from one sender arrive in order: once a task after both has run, the second was read.
    await second.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(await second.getByRole('slider').count()).toBe(0);
    expect(posts).toEqual([]);
    await page.context().close();
  });
});
