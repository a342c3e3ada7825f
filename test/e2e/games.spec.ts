import { createServer, type Server } from 'node:http';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { decodePackedLog, GAME_CORES, pairs } from '@arena/games';
import { formatTime } from '../../apps/games/src/pairs/format-time';
import { keystreamBlocks } from '../../libs/tournaments/src/application/play-keystream';
import { axeViolations } from './support/axe';
import { DESKTOP, launchBrowser, saveScreenshot } from './support/browser';
import { bracketDetailFixture } from './support/detail-fixture';
import {
  endGame,
  overlayText,
  pause,
  PHONE_375,
  playPairs,
  playTiles,
  SCRIPTED_RUNS,
  startRun,
  statValue,
} from './support/game-play';
import { startTestGameServer, type TestGameServer } from './support/game-server';
import { startWebApp, type RunningWebApp } from './support/web-app';

jest.setTimeout(180_000);

const VIEWPORTS = [PHONE_375, DESKTOP];

/** A screenshot for people to look at, and axe for what they might miss (serious and critical only). */
async function look(page: Page, name: string): Promise<void> {
  await saveScreenshot(page, name, { fullPage: false });
  expect(await axeViolations(page)).toEqual([]);
}

describe('the games, played standalone in demo mode', () => {
  let games: TestGameServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    // Not framed: the app origin is never asked for, only served in the headers.
    [games, browser] = await Promise.all([startTestGameServer('http://127.0.0.1:9'), launchBrowser()]);
    context = await browser.newContext();
    // Playwright's clock, running on by itself: a demo run's human pace (and Memory Pairs' shown
    // mismatches) are jumped over, not waited out (support/game-play.ts, RunClock).
    await context.clock.install();
    page = await context.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
  });

  afterEach(() => {
    expect(errors.splice(0)).toEqual([]);
  });

  afterAll(async () => {
    await browser?.close();
    await games?.close();
  });

  it('lists the three games on the index', async () => {
    await page.setViewportSize(PHONE_375);
    await page.goto(`${games.origin}/`);
    for (const name of ['Tile Merge', 'Snake', 'Memory Pairs']) {
      await page.getByRole('link', { name: new RegExp(name) }).waitFor();
    }
    await look(page, 'game-index');
  });

  it.each(VIEWPORTS)(
    'Tile Merge: keyboard play, pause, End game, the score on the game-over screen, then swipes ($width px)',
    async (viewport) => {
      await page.setViewportSize(viewport);
      await page.goto(`${games.origin}/tiles/`);
      await page.getByText('Demo: play for fun, nothing is submitted.').waitFor();
      await look(page, 'game-tiles-start');
      await startRun(page);
      await playTiles(page, 24, 'page');
      const score = await statValue(page, 'Score');
      expect(Number(score.replace(/,/g, ''))).toBeGreaterThan(0);
      await look(page, 'game-tiles-playing');

      await page.keyboard.press('p');
      await page.getByRole('heading', { name: 'Paused' }).waitFor();
      await page.keyboard.press('ArrowUp'); // no move while paused
      await page.keyboard.press('p');
      await page.locator('.overlay').waitFor({ state: 'hidden' });
      expect(await statValue(page, 'Score')).toBe(score);

      await endGame(page);
      expect(await overlayText(page)).toContain(`Score ${score}`);
      await expect(page.locator('[aria-live="assertive"]').textContent()).resolves.toContain(
        `Score ${score}`,
      );
      await look(page, 'game-tiles-over');
      // Nothing sticks out sideways at phone width.
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);
      await page.getByRole('button', { name: 'Play again' }).click();
      await page.locator('.overlay').waitFor({ state: 'hidden' });
      expect(await statValue(page, 'Score')).toBe('0');

      // Swipes play too: of the four, at least one moves the tiles of a fresh board.
      const board = (await page.locator('.board').boundingBox())!;
      const centre = { x: board.x + board.width / 2, y: board.y + board.height / 2 };
      const tilesNow = () =>
        page.locator('.tile').evaluateAll((nodes) => nodes.map((node) => node.style.translate));
      const before = await tilesNow();
      for (const [dx, dy] of [
        [-80, 0],
        [0, -80],
        [80, 0],
        [0, 80],
      ] as const) {
        await page.mouse.move(centre.x, centre.y);
        await page.mouse.down();
        await page.mouse.move(centre.x + dx, centre.y + dy, { steps: 4 });
        await page.mouse.up();
        await page.clock.fastForward(130);
      }
      expect(await tilesNow()).not.toEqual(before);
    },
  );

  it.each(VIEWPORTS)(
    'Snake: a key and a swipe turn it, pause stops it, game over at the wall ($width px)',
    async (viewport) => {
      await page.setViewportSize(viewport);
      await page.goto(`${games.origin}/snake/`);
      await look(page, 'game-snake-start');
      await startRun(page);
      await page.keyboard.press('ArrowUp');
      await pause(300);
      await page.keyboard.press('p');
      await page.getByRole('heading', { name: 'Paused' }).waitFor();
      const picture = () =>
        page.locator('canvas').evaluate((canvas: HTMLCanvasElement) => canvas.toDataURL());
      const paused = await picture();
      await look(page, 'game-snake-paused');
      await pause(400); // paused: the game clock stands still and the snake waits
      expect(await picture()).toBe(paused);
      await page.keyboard.press('p');
      // A swipe steers too, as soon as the finger has moved far enough (here: left, without letting go).
      const board = (await page.locator('.board').boundingBox())!;
      await page.mouse.move(board.x + board.width / 2, board.y + board.height / 2);
      await page.mouse.down();
      await page.mouse.move(board.x + board.width / 2 - 60, board.y + board.height / 2, { steps: 4 });
      await page.getByRole('img', { name: 'Snake board: the snake heads left' }).waitFor();
      await page.mouse.up();
      await pause(250);
      await look(page, 'game-snake-playing');
      await page.getByRole('heading', { name: 'Game over' }).waitFor({ timeout: 15_000 });
      const score = await statValue(page, 'Score');
      expect(await overlayText(page)).toContain(`Score ${score}: the snake hit the wall.`);
      await look(page, 'game-snake-over');
    },
  );

  it.each(VIEWPORTS)(
    'Memory Pairs: keyboard flips to the end, a running clock and moves, the time on game over ($width px)',
    async (viewport) => {
      await page.setViewportSize(viewport);
      await page.goto(`${games.origin}/pairs/`);
      await look(page, 'game-pairs-start');
      await startRun(page);
      await page.locator('.card').first().focus();
      await page.keyboard.press('Enter');
      await look(page, 'game-pairs-playing');
      await page.keyboard.press('P');
      // Paused, every card is hidden: memorising must cost time.
      await expect(page.locator('.card--up').count()).resolves.toBe(0);
      await page.keyboard.press('P');
      await playPairs(page, page, 'page');
      await page.getByRole('heading', { name: 'Game over' }).waitFor();
      expect(await statValue(page, 'Pairs')).toBe('8/8');
      const time = await statValue(page, 'Time');
      expect(await overlayText(page)).toContain(`Time ${time}`);
      expect(Number(await statValue(page, 'Moves'))).toBeGreaterThanOrEqual(8);
      await look(page, 'game-pairs-over');
    },
  );
});

/** The blocks of 'framed-seed''s keystream: what the server would release for a play with that seed. */
const FRAMED_BLOCKS = keystreamBlocks('framed-seed', 0, 2000);

describe('a game framed by the app origin', () => {
  let games: TestGameServer;
  let parent: Server;
  let parentOrigin: string;
  let browser: Browser;

  /**
   * A stand-in for the app's game modal: frames a game, answers GAME_READY with AUTH, keeps what it gets.
   * Memory Pairs gets no seed (the server keeps it): the stand-in answers each REVEAL as the server
   * would, from the layout of 'framed-seed', and keeps the flips it revealed. Tile Merge and Snake get none
   * either: the stand-in answers each RELEASE with the block of 'framed-seed''s keystream, and keeps the
   * inputs.
   */
  const parentPage = (gameOrigin: string, slug: string) => `<!doctype html><html><body>
    <iframe title="game" src="${gameOrigin}/${slug}/" sandbox="allow-scripts allow-same-origin"
      style="width: 420px; height: 720px; border: 0"></iframe>
    <script>
      window.received = [];
      window.revealed = [];
      window.released = [];
      const layout = ${JSON.stringify(pairs.layoutOf('framed-seed'))};
      const blocks = ${JSON.stringify(slug === 'pairs' ? [] : FRAMED_BLOCKS)};
      const frame = document.querySelector('iframe');
      window.addEventListener('message', (event) => {
        if (event.origin !== ${JSON.stringify(gameOrigin)}) return;
        if (event.data.type === 'REVEAL') {
          const { flip, card } = event.data;
          window.revealed.push(card);
          frame.contentWindow.postMessage({ type: 'REVEALED', flip, card, face: layout[card] }, ${JSON.stringify(gameOrigin)});
          return;
        }
        if (event.data.type === 'RELEASE') {
          const { step, input } = event.data;
          window.released.push(input);
          frame.contentWindow.postMessage({ type: 'RELEASED', step, input, block: blocks[step] }, ${JSON.stringify(gameOrigin)});
          return;
        }
        window.received.push(event.data);
        if (event.data.type !== 'GAME_READY') return;
        // A forged answer first (wrong shape): the game must ignore it and wait for the real one.
        frame.contentWindow.postMessage({ type: 'AUTH', token: '' }, ${JSON.stringify(gameOrigin)});
        frame.contentWindow.postMessage({
          type: 'AUTH', token: 'game-token-1', tournamentId: 'spring-cup', playId: 'play-1',
          seed: null, matchId: null,
          expiresAt: '2030-01-01T00:00:00.000Z',
        }, ${JSON.stringify(gameOrigin)});
      });
    </script></body></html>`;

  beforeAll(async () => {
    games = await startTestGameServer();
    parent = createServer((request, response) => {
      // `/<slug>` frames that game; `/` frames Tile Merge.
      const slug = /^\/(snake|pairs)$/.exec(request.url ?? '')?.[1] ?? 'tiles';
      response.setHeader('Content-Type', 'text/html; charset=utf-8');
      response.end(parentPage(games.origin, slug));
    });
    await new Promise<void>((resolve) => parent.listen(0, '127.0.0.1', resolve));
    parentOrigin = `http://127.0.0.1:${(parent.address() as { port: number }).port}`;
    games.appOrigin = parentOrigin;
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await games?.close();
    await new Promise((resolve) => parent?.close(resolve));
  });

  /** One tournament run of each game, played by keyboard, and where and how it shows its result. */
  const RUNS = [
    {
      slug: 'tiles',
      play: SCRIPTED_RUNS.tiles,
      shown: { stat: 'Score', of: (score: number) => score.toLocaleString('en-US') },
    },
    {
      slug: 'snake',
      play: SCRIPTED_RUNS.snake,
      shown: { stat: 'Score', of: String },
    },
    {
      slug: 'pairs',
      play: SCRIPTED_RUNS.pairs,
      // The result is the time in whole ms; the clock shows it cut to tenths.
      shown: { stat: 'Time', of: formatTime },
    },
  ] as const;

  it.each(RUNS)(
    '$slug: plays the tournament run without a seed (Memory Pairs: the reveals; Tile Merge and Snake: the releases) and submits a log that replays to the result shown',
    async ({ slug, play, shown }) => {
      const context = await browser.newContext({ viewport: { width: 480, height: 800 } });
      // No server checks these runs' time against its own clock: they run on Playwright's clock (Snake's
      // run is the wall's time, which it waits for).
      await context.clock.install();
      const page = await context.newPage();
      await page.goto(`${parentOrigin}/${slug}`);
      const frame = page.frameLocator('iframe[title="game"]');
      await frame.getByText('Tournament spring-cup.', { exact: false }).waitFor();
      if (slug === 'tiles') await saveScreenshot(page, 'game-tiles-tournament-ready', { fullPage: false });
      const gameFrame = page
        .frames()
        .find((candidate) => candidate.url().startsWith(`${games.origin}/${slug}/`))!;
      await startRun(gameFrame);
      await play(page, gameFrame, 'page');
      await gameFrame.getByRole('heading', { name: 'Game over' }).waitFor();
      const shownText = await statValue(gameFrame, shown.stat);
      await frame.getByText('Submitted — the page will show your verified score.').waitFor();
      await expect(frame.getByRole('button', { name: 'Play again' }).count()).resolves.toBe(0);

      const received = (await page.evaluate(
        () => (window as unknown as { received: unknown[] }).received,
      )) as Array<Record<string, unknown>>;
      expect(received.map((message) => message.type)).toEqual([
        'GAME_READY',
        'GAME_COMPLETED',
        'TOURNAMENT_SUBMIT_SCORE',
      ]);
      const completed = received[1] as { score: number };
      expect(shown.of(completed.score)).toBe(shownText);
      const sent = received[2] as { playId: string; gameToken: string; packedLog: string };
      expect(sent).toMatchObject({ playId: 'play-1', gameToken: 'game-token-1' });
      // The log travels packed; read back, it is the list the server replays.
      const decoded = decodePackedLog(slug, sent.packedLog);
      if (!decoded.ok) throw new Error(`The submitted log does not read: ${decoded.reason}`);
      const submission = { ...sent, log: decoded.log };
      // What the server will do: replay the log from the play's seed with the game's core (tiles: on the
      // blocks of its keystream).
      const released = (await page.evaluate(
        () => (window as unknown as { released: string[] }).released,
      )) as string[];
      const verdict =
        slug === 'tiles'
          ? GAME_CORES.tiles.keystream!.replayOn(FRAMED_BLOCKS, submission.log)
          : slug === 'snake'
            ? GAME_CORES.snake.keystream!.replayOn(
                FRAMED_BLOCKS.slice(0, released.length),
                submission.log,
                released,
              )
            : GAME_CORES[slug].replay('framed-seed', submission.log);
      expect(verdict).toMatchObject({ valid: true, result: { score: completed.score } });
      if (slug === 'pairs') {
        // Every flip of the log was revealed, in order, and nothing was revealed beyond it.
        const revealed = (await page.evaluate(
          () => (window as unknown as { revealed: number[] }).revealed,
        )) as number[];
        expect(revealed).toEqual(submission.log.map((entry) => (entry.input as { card: number }).card));
      }
      if (slug === 'tiles') {
        // The opening, then every move of the log, each released before its tile was drawn.
        expect(released).toEqual(['open', ...submission.log.map((entry) => entry.input)]);
      }
      if (slug === 'snake') {
        // Food 0, then each food after the one before it was eaten, with the turns before it: what an
        // honest client asks for this log.
        expect(released).toEqual(
          GAME_CORES.snake.keystream!.releasesOf((step) => FRAMED_BLOCKS[step]!, submission.log),
        );
      }
      await context.close();
    },
  );

  it('cannot be framed by any other origin', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    // Same stand-in page, but the game server now names another app origin.
    games.appOrigin = 'http://127.0.0.1:9';
    await page.goto(parentOrigin); // waits for the load event, which waits for the frame
    const gameFrame = page.frames().find((candidate) => candidate.url().startsWith(`${games.origin}/tiles/`));
    await expect(gameFrame ? gameFrame.locator('#game').count() : Promise.resolve(0)).resolves.toBe(0);
    games.appOrigin = parentOrigin;
    await context.close();
  });
});

describe("the app's game modal framing a real game", () => {
  let games: TestGameServer;
  let web: RunningWebApp;
  let browser: Browser;

  beforeAll(async () => {
    // The games' origin is needed by the app's config, the app's by the games' headers: games first.
    games = await startTestGameServer();
    [web, browser] = await Promise.all([startWebApp({ gameOrigin: games.origin }), launchBrowser()]);
    games.appOrigin = web.baseUrl;
  });

  afterAll(async () => {
    await browser?.close();
    await web?.stop();
    await games?.close();
  });

  /** Each game in the modal: a few inputs, then End game (or the end); what the page's toast says of the run. */
  const MODAL_CASES = VIEWPORTS.flatMap((viewport) =>
    [
      {
        slug: 'tiles',
        name: 'Tile Merge',
        play: (page: Page) => playTiles(page, 12, 'page'),
        // Ended early: not completed, so the toast has no score.
        toast: /^Game over$/,
      },
      {
        slug: 'snake',
        name: 'Snake',
        play: (page: Page) => page.keyboard.press('ArrowDown'),
        // Left alone, the snake soon meets the wall: a completed run, with its score.
        endsByItself: true,
        toast: /^Game over: you scored \d+$/,
      },
      {
        slug: 'pairs',
        name: 'Memory Pairs',
        play: async (page: Page) => {
          await page.keyboard.press('Enter');
          await pause(150);
          await page.keyboard.press('ArrowRight');
          await page.keyboard.press('Enter');
        },
        toast: /^Game over$/,
      },
    ].map((game) => ({ endsByItself: false, ...game, viewport, width: viewport.width })),
  );

  it.each(MODAL_CASES)(
    'lets a guest play a demo of $name in the modal: framed from GAME_ORIGIN, DEMO_MODE, a toast at the end ($width px)',
    async ({ slug, name, play, toast, endsByItself, viewport }) => {
      const context = await browser.newContext({ baseURL: web.baseUrl, viewport });
      // Tile Merge's pace on Playwright's clock, jumped over (support/game-play.ts, RunClock).
      await context.clock.install();
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      // The tournament as the API will answer it once the seed plays the catalog games.
      const detail = bracketDetailFixture({ game: { slug, name, integrationUrl: `/${slug}/` } });
      await page.route(`**/api/tournaments/${detail.id}`, (route) =>
        route.fulfill({
          contentType: 'application/json',
          body: JSON.stringify({ success: true, data: detail }),
        }),
      );
      await page.goto(`/challenges/${detail.id}`);
      await page.getByRole('button', { name: 'Play Demo' }).click();

      const frame = page.frameLocator(`iframe[title="${name} game"]`);
      await frame.getByText('Demo: play for fun, nothing is submitted.').waitFor();
      const gameFrame = page
        .frames()
        .find((candidate) => candidate.url().startsWith(`${games.origin}/${slug}/`))!;
      expect(new URL(gameFrame.url()).searchParams.get('demo')).toBe('1');
      await startRun(gameFrame);
      await play(page);
      await saveScreenshot(page, `game-modal-${slug}-demo`, { fullPage: false });
      if (endsByItself) await gameFrame.getByRole('heading', { name: 'Game over' }).waitFor();
      else await endGame(gameFrame);
      // GAME_COMPLETED reached the page, which says so.
      await page.getByText(toast).waitFor();
      await frame.getByRole('button', { name: 'Play again' }).waitFor();
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});
