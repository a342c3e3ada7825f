/**
 * Issue 23, "watch the winning run", in Chromium: the demo seed records verified runs; a guest opens a
 * tournament with one, clicks "Watch the winning run", and the real game app (on its own origin, in the
 * app's frame) replays the run through its core. Scrubbed to the end it shows the leaderboard's top score;
 * nothing is POSTed to the plays API meanwhile. A run the frame cannot show (another game's, a garbage
 * log) is refused with why, and a second WATCH_RUN changes nothing.
 */
import type { Browser, Frame, FrameLocator, Page, ViewportSize } from 'playwright-core';
import type { PlayRun, TournamentDetail } from '@arena/contracts';
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

async function getData<T>(url: string): Promise<{ status: number; data: T }> {
  const response = await fetch(url);
  const body = (await response.json()) as { data: T };
  return { status: response.status, data: body.data };
}

describe('watching the winning run of a seeded tournament', () => {
  let games: TestGameServer;
  let web: RunningWebApp;
  let browser: Browser;
  /** A points tournament of the seed whose best run is the leaderboard's top row. */
  let watched: Watched;
  const diagnostics: Array<() => Promise<void>> = [];

  beforeAll(async () => {
    games = await startTestGameServer();
    [web, browser] = await Promise.all([startWebApp({ gameOrigin: games.origin }), launchBrowser()]);
    games.appOrigin = web.baseUrl;
    await seedTournaments(web);
    const candidates: Watched[] = [];
    for (const tournament of await listTournaments(web)) {
      const best = await getData<PlayRun>(`${web.baseUrl}/api/tournaments/${tournament.id}/runs/best`);
      if (best.status !== 200) continue;
      const { data: detail } = await getData<TournamentDetail>(
        `${web.baseUrl}/api/tournaments/${tournament.id}`,
      );
      if (!detail.lowerScoreWins && detail.format === 'SCORE_ATTACK')
        candidates.push({ detail, run: best.data });
    }
    expect(candidates.length).toBeGreaterThan(0);
    watched = candidates[0]!;
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
