/**
 * /challenges/{id} in Chromium against the composed processes (the API serving the built app, and the
 * worker projecting and publishing live changes): a guest's actions, 'Tournament not found', a member
 * joining with a charity through the modal, a second browser seeing that member's score arrive live,
 * the game frame's messaging, and screenshots at phone and desktop widths.
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Browser, BrowserContext, Frame, Page } from 'playwright-core';
import type { AppConfig } from '@arena/config';
import { type CreateTournamentBody, type PageToGameMessage, type TournamentDetail } from '@arena/contracts';
import { EVENT_STORE, type EventStore } from '@arena/event-store';
import { honestLog, seededUniform, tiles, type TimedInput } from '@arena/games';
import { createMember, type TestMember } from '@arena/identity/testing';
import {
  apiCaller,
  clearRedisPrefix,
  createTestDatabase,
  testAppConfig,
  type TestDatabase,
} from '@arena/testing';
import { tournamentStreamId } from '@arena/tournaments';
import { createApiApp } from '../../apps/api/src/bootstrap';
import { WorkerModule } from '../../apps/worker/src/worker.module';
import { DESKTOP, launchBrowser } from './support/browser';
import { captureAtBothWidths } from './support/capture';
import { bracketDetailFixture } from './support/detail-fixture';
import { GAME_ART_BOARDS } from '@arena/contracts/game-art.boards';
import { waitJumpingClock } from './support/clock';
import { recordDiagnostics } from './support/diagnostics';
import { WEB_DIST_DIR } from './support/web-app';

jest.setTimeout(120_000);

const ADMIN_KEY = 'd'.repeat(40);
/** A nonprofit of the bundled data set (EIN 920086076). */
const NONPROFIT_SEARCH = 'Southcentral';
const NONPROFIT_NAME = /southcentral foundation/i;

async function eventually(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not met in time`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A free TCP port, so the game origin (localhost) and the app (127.0.0.1) are known before listening. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * A stand-in for a catalog game, served from the game origin in its place: it announces itself with
 * GAME_READY, keeps every answer of the page (with the origin it came from), and posts what the test
 * hands it, so a test can play any message, honest or not. `appStorage` is what a game trying to read
 * the app's tokens through its parent would get.
 */
const STAND_IN_GAME = `<!doctype html><html><body><p>Stand-in game</p><script>
  window.answers = [];
  window.addEventListener('message', (event) => window.answers.push({ origin: event.origin, data: event.data }));
  window.send = (message) => parent.postMessage(message, '*');
  window.nest = (url) => {
    const frame = document.createElement('iframe');
    frame.src = url;
    document.body.append(frame);
  };
  window.appStorage = () => ['localStorage', 'sessionStorage'].map((name) => {
    try {
      return parent[name].length;
    } catch (error) {
      return error.name;
    }
  });
  parent.postMessage({ type: 'GAME_READY' }, '*');
</script></body></html>`;

/** An origin that is neither the app's nor the games'. */
const FOREIGN_ORIGIN = 'http://elsewhere.test';

interface StandInAnswer {
  origin: string;
  data: PageToGameMessage;
}
type StandInWindow = Window & {
  answers: StandInAnswer[];
  send: (message: unknown) => void;
  /** Frames a page of another origin inside the game. */
  nest: (url: string) => void;
  appStorage: () => unknown;
};

/** A Tile Merge play's AUTH: no seed (the server releases each tile as the run goes, docs/fair-play.md). */
type Auth = Extract<PageToGameMessage, { type: 'AUTH' }> & { seed: null };

/** An honest run of Tile Merge on a demo's own seed, short enough to be within the wall time already passed. */
function honestTilesLog(seed: string): TimedInput<unknown>[] {
  // A strong player: a move every 150 to 400 ms, so a few moves in the two seconds of slack.
  return honestLog('tiles', seed, seededUniform(seed), { skill: 1, maxDurationMs: 2000 });
}

/** A tournament of a catalog game: its name, address and cap come from the catalog. */
const tilesTournament = (title: string): CreateTournamentBody =>
  ({
    title,
    description: 'Slide, merge and build for food banks: the best verified score directs the pool.',
    mode: 'INSTANT',
    format: 'SCORE_ATTACK',
    prizeModel: 'WINNER_TAKES_ALL',
    prizePoolCents: 2500,
    maxParticipants: 20,
    rules: 'Unlimited attempts until the cap.\nYour best score counts.',
    game: { slug: 'tiles' },
  }) as CreateTournamentBody;

const scoreTournament = (title: string): CreateTournamentBody =>
  ({
    title,
    description: 'A rolling reflex sprint for food banks: the best score directs the pool.',
    mode: 'INSTANT',
    format: 'SCORE_ATTACK',
    prizeModel: 'WINNER_TAKES_ALL',
    prizePoolCents: 2500,
    maxParticipants: 20,
    rules:
      'Unlimited attempts until the cap.\nYour best score counts.\n<b>Ties</b> go to the earliest high score.',
    game: {
      slug: 'reflex',
      name: 'Reflex',
      integrationUrl: '/games/reflex',
      maxScore: 100_000,
      external: true,
    },
  }) as CreateTournamentBody;

describe('the challenge detail page', () => {
  let database: TestDatabase;
  let config: AppConfig;
  let app: NestFastifyApplication;
  let worker: INestApplicationContext;
  let browser: Browser;
  let baseUrl: string;
  let gameOrigin: string;
  let call: ReturnType<typeof apiCaller>;
  const contexts: BrowserContext[] = [];
  const diagnostics: Array<() => Promise<void>> = [];

  beforeAll(async () => {
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    // The same server under another host name is another origin: the game frame's, as in production.
    gameOrigin = `http://localhost:${port}`;
    database = await createTestDatabase(4);
    config = testAppConfig(database.url, {
      ADMIN_API_KEY: ADMIN_KEY,
      DATABASE_POOL_SIZE: '4',
      WEB_DIST_DIR,
      GAME_ORIGIN: gameOrigin,
    });
    app = await createApiApp(config);
    await app.listen(port, '127.0.0.1');
    worker = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), { logger: false });
    await worker.init();
    browser = await launchBrowser();
    call = apiCaller(() => baseUrl);
  });

  afterEach(async () => {
    for (const save of diagnostics.splice(0)) await save();
    for (const context of contexts.splice(0)) await context.close();
  });

  afterAll(async () => {
    await browser?.close();
    await worker?.close();
    await app?.close();
    await clearRedisPrefix(config.REDIS_PREFIX);
    await database?.drop();
  });

  async function openPage(member?: TestMember): Promise<Page> {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: DESKTOP });
    contexts.push(context);
    if (member) {
      await context.addInitScript((token) => {
        if (window.localStorage.getItem('accessToken') !== null) return;
        window.localStorage.setItem('accessToken', token);
        window.localStorage.setItem('refreshToken', 'unused-refresh-token');
      }, member.accessToken);
    }
    const page = await context.newPage();
    diagnostics.push(recordDiagnostics(page, expect.getState().currentTestName ?? 'challenge-detail'));
    return page;
  }

  async function createTournament(body: CreateTournamentBody): Promise<string> {
    const created = await call('POST', '/admin/tournaments', body, ADMIN_KEY);
    expect(created.status).toBe(201);
    const id = created.body.data.id as string;
    await eventually(async () => (await call('GET', `/tournaments/${id}`)).status === 200, 'the catalog');
    return id;
  }

  const eventStore = () => app.get<EventStore>(EVENT_STORE);

  const detailOf = async (id: string, member?: TestMember): Promise<TournamentDetail> =>
    (await call('GET', `/tournaments/${id}`, undefined, member?.accessToken)).body.data;

  /** Serves the stand-in in place of every game of the game origin, for this page's context. */
  const serveStandIn = (page: Page) =>
    page
      .context()
      .route(`${gameOrigin}/**`, (route) => route.fulfill({ contentType: 'text/html', body: STAND_IN_GAME }));

  /** The game frame once it has loaded the stand-in from the game origin. */
  async function gameFrame(page: Page, title: string): Promise<Frame> {
    await page.frameLocator(`iframe[title="${title}"]`).getByText('Stand-in game').waitFor();
    const frame = page.frames().find((candidate) => candidate.url().startsWith(`${gameOrigin}/`));
    if (!frame) throw new Error('no game frame');
    return frame;
  }

  const answersOf = (game: Frame) => game.evaluate(() => (window as unknown as StandInWindow).answers);
  const send = (game: Frame, message: unknown) =>
    game.evaluate((sent) => (window as unknown as StandInWindow).send(sent), message);

  /** The page's first answer to the stand-in's GAME_READY. */
  async function firstAnswer(game: Frame): Promise<StandInAnswer> {
    await eventually(async () => (await answersOf(game)).length > 0, 'the page answered GAME_READY');
    return (await answersOf(game))[0]!;
  }

  /** The AUTH a member's page answered, checked to be for this tournament (and match) from the app. */
  async function authOf(game: Frame, tournamentId: string, matchId: string | null = null): Promise<Auth> {
    const answer = await firstAnswer(game);
    expect(answer.origin).toBe(baseUrl);
    expect(answer.data).toEqual({
      type: 'AUTH',
      token: expect.any(String),
      tournamentId,
      playId: expect.any(String),
      seed: null,
      matchId,
      expiresAt: expect.any(String),
    });
    return answer.data as Auth;
  }

  /** Asks the page for a step's block as the game does (RELEASE), and waits for its answer (RELEASED). */
  async function releaseThroughPage(game: Frame, auth: Auth, step: number, input: string): Promise<string> {
    await send(game, { type: 'RELEASE', playId: auth.playId, gameToken: auth.token, step, input });
    const released = async () =>
      (await answersOf(game)).find((answer) => answer.data.type === 'RELEASED' && answer.data.step === step);
    await eventually(async () => (await released()) !== undefined, `step ${step} released`);
    return ((await released())!.data as { block: string }).block;
  }

  /**
   * An honest short run of Tile Merge through the page, as the game plays it: the opening released, then
   * each move sent before its tile's block comes back; moves 150 ms apart on the game clock, within the
   * wall time already passed. Its log and the score the player saw.
   */
  async function playThroughPage(game: Frame, auth: Auth, moves = 6) {
    const blocks = [await releaseThroughPage(game, auth, 0, 'open')];
    const state = tiles.newGameOn((step) => blocks[step]!);
    const log: TimedInput<tiles.TilesMove>[] = [];
    while (log.length < moves && !tiles.isOver(state)) {
      const move = (['down', 'left', 'right', 'up'] as const).find(
        (candidate) => tiles.slide(state.board, candidate) !== null,
      )!;
      blocks.push(await releaseThroughPage(game, auth, log.length + 1, move));
      tiles.applyMove(state, move);
      log.push({ atMs: 150 * (log.length + 1), input: move });
    }
    return { log, score: state.score };
  }

  /** The game's end of a tournament run: the result shown, then the play's log to submit. */
  async function finishRun(game: Frame, auth: Auth, log: TimedInput<unknown>[], score: number) {
    await send(game, { type: 'GAME_COMPLETED', score, completed: true });
    await send(game, { type: 'TOURNAMENT_SUBMIT_SCORE', playId: auth.playId, gameToken: auth.token, log });
  }

  const leaderboardRow = (page: Page, username: string) =>
    page.getByTestId('leaderboard-row').filter({ hasText: username });

  it('shows a guest the tournament with Join to Compete and Play Demo, and rules as text', async () => {
    const id = await createTournament(scoreTournament('Guest View Cup'));
    const page = await openPage();
    await page.goto(`/challenges/${id}`);

    await page.getByRole('heading', { level: 1, name: 'Guest View Cup' }).waitFor();
    await page.getByRole('button', { name: 'Join to Compete' }).waitFor();
    await page.getByRole('button', { name: 'Play Demo' }).waitFor();
    expect(await page.getByRole('button', { name: 'Play', exact: true }).count()).toBe(0);
    // Rules are paragraphs of text: markup in them is shown, never run or rendered.
    await page.getByText('<b>Ties</b> go to the earliest high score.').waitFor();
    expect(await page.locator('.challenge__rules b').count()).toBe(0);
    await page.getByText('0 of 20 players').waitFor();
    // A game the platform does not host has neutral art with its name, no board.
    await page.locator('.challenge__banner .game-art--external').getByText('Reflex').waitFor();
    expect(await page.locator('.challenge__banner svg').count()).toBe(0);

    await page.getByRole('button', { name: 'Join to Compete' }).click();
    // To /login, and back to this challenge after signing in.
    await page.waitForURL(
      (url) =>
        url.pathname === '/login' && url.searchParams.get('redirect')?.startsWith('/challenges/') === true,
    );
    await page.getByRole('status').filter({ hasText: 'Please log in to join tournaments' }).waitFor();
  });

  it("answers 'Tournament not found' with a way back for an unknown id", async () => {
    const page = await openPage();
    await page.goto(`/challenges/${randomUUID()}`);
    await page.getByRole('heading', { name: 'Tournament not found' }).waitFor();
    await page.getByRole('link', { name: 'Back to Challenges' }).waitFor();

    await page.goto('/challenges/not-a-tournament');
    await page.getByRole('heading', { name: 'Tournament not found' }).waitFor();

    await page.goto('/challenges/%20');
    await page.getByRole('heading', { name: 'Tournament ID is required' }).waitFor();

    await page.getByRole('link', { name: 'Back to Challenges' }).click();
    await page.waitForURL((url) => url.pathname === '/challenges');
  });

  it("says 'Failed to fetch tournament details' when the API fails, and Try Again loads it", async () => {
    const id = await createTournament(scoreTournament('Flaky Cup'));
    const page = await openPage();
    let failing = true;
    await page.route(`**/api/tournaments/${id}`, (route) =>
      failing
        ? route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: JSON.stringify({ success: false, message: 'Service unavailable', statusCode: 503 }),
          })
        : route.continue(),
    );
    // Playwright's clock (running on by itself), so the query client's backoff is jumped over, not waited out.
    await page.clock.install();
    await page.goto(`/challenges/${id}`);
    // The query client retries a 5xx twice (a second, then two, apart) before the page says so.
    const alert = page.getByRole('alert').filter({ hasText: 'Failed to fetch tournament details' });
    await waitJumpingClock(page, alert);
    failing = false;
    await alert.getByRole('button', { name: 'Try Again' }).click();
    await page.getByRole('heading', { level: 1, name: 'Flaky Cup' }).waitFor();
  });

  it("lets a member join with a charity, and another browser sees the member's score arrive live", async () => {
    const id = await createTournament(scoreTournament('Live Board Cup'));
    const [member, rival] = await Promise.all([
      createMember(database.db, config.JWT_ACCESS_SECRET),
      createMember(database.db, config.JWT_ACCESS_SECRET),
    ]);

    const page = await openPage(member);
    await page.goto(`/challenges/${id}`);
    await page.getByRole('button', { name: 'Join', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Choose a charity' });
    await dialog.getByRole('searchbox', { name: 'Search verified nonprofits' }).fill(NONPROFIT_SEARCH);
    await dialog.getByRole('radio', { name: NONPROFIT_NAME }).check();
    await dialog.getByRole('button', { name: 'Join with this charity' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Play', exact: true }).waitFor();
    expect((await detailOf(id, member)).myCharity?.charityName).toMatch(NONPROFIT_NAME);

    // A guest watches; the member's score must reach the guest's page with no reload.
    const watcher = await openPage();
    await watcher.goto(`/challenges/${id}`);
    await watcher.getByRole('heading', { name: 'No scores yet' }).waitFor();
    const navigations: string[] = [];
    watcher.on('framenavigated', (frame) => navigations.push(frame.url()));

    const posted = await call('POST', `/tournaments/${id}/scores`, { score: 777 }, member.accessToken);
    expect(posted.status).toBe(201);
    const row = leaderboardRow(watcher, member.username);
    await row.filter({ hasText: '777' }).waitFor();
    await row.filter({ hasText: NONPROFIT_NAME }).waitFor();
    expect(navigations).toEqual([]);
    // Nobody else's row offers to change the member's charity.
    expect(await row.getByRole('button', { name: /charity/i }).count()).toBe(0);

    // The member's own row, on the member's page, offers it.
    await leaderboardRow(page, member.username).getByRole('button', { name: 'Change charity' }).waitFor();

    // A second player joins by skipping the charity, scores, and sees 'Add Your Charity' on their own row.
    await call('POST', `/tournaments/${id}/join`, {}, rival.accessToken);
    await call('POST', `/tournaments/${id}/scores`, { score: 900 }, rival.accessToken);
    const rivalPage = await openPage(rival);
    await rivalPage.goto(`/challenges/${id}`);
    await leaderboardRow(rivalPage, rival.username)
      .getByRole('button', { name: 'Add Your Charity' })
      .waitFor();
    await leaderboardRow(watcher, rival.username).filter({ hasText: '900' }).waitFor();

    await captureAtBothWidths(watcher, 'challenge-detail-score');
  });

  it("toasts the server's reason when a join is refused, and 'Failed to join tournament' otherwise", async () => {
    // Every member is on the Free plan until subscriptions exist.
    const id = await createTournament({ ...scoreTournament('Premium Only Cup'), requiredPlan: 'PREMIUM' });
    const member = await createMember(database.db, config.JWT_ACCESS_SECRET);
    const page = await openPage(member);
    let serverDown = false;
    await page.route(`**/api/tournaments/${id}/join`, (route) =>
      serverDown
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: JSON.stringify({ success: false, message: 'Internal server error', statusCode: 500 }),
          })
        : route.continue(),
    );
    await page.goto(`/challenges/${id}`);

    const joinSkippingCharity = async () => {
      await page.getByRole('button', { name: 'Join', exact: true }).click();
      await page
        .getByRole('dialog', { name: 'Choose a charity' })
        .getByRole('button', { name: 'Skip for now' })
        .click();
    };
    await page.getByRole('button', { name: 'Join', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Choose a charity' })
      .locator('.charity-modal__results > *')
      .first()
      .waitFor();
    await captureAtBothWidths(page, 'challenge-detail-charity-modal', { fullPage: false });
    await page
      .getByRole('dialog', { name: 'Choose a charity' })
      .getByRole('button', { name: 'Skip for now' })
      .click();
    await page.getByRole('status').filter({ hasText: 'This tournament requires the Premium plan' }).waitFor();

    serverDown = true;
    await page
      .getByRole('dialog', { name: 'Choose a charity' })
      .getByRole('button', { name: 'Close' })
      .click();
    await joinSkippingCharity();
    await page.getByRole('status').filter({ hasText: 'Failed to join tournament' }).waitFor();
  });

  it("says 'Game integration not available' when the server names no game origin", async () => {
    const id = await createTournament(scoreTournament('No Games Cup'));
    const page = await openPage();
    await page.route('**/api/config', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({ success: true, data: { gameOrigin: null } }),
      }),
    );
    await page.goto(`/challenges/${id}`);
    await page.getByRole('button', { name: 'Play Demo' }).click();
    await page
      .getByRole('dialog', { name: 'Demo: Reflex' })
      .getByText('Game integration not available')
      .waitFor();
    expect(await page.locator('iframe').count()).toBe(0);
  });

  it("shows the top ten, the first three as a podium, then '+N more'", async () => {
    const id = await createTournament(scoreTournament('Podium Cup'));
    const players = await Promise.all(
      Array.from({ length: 13 }, () => createMember(database.db, config.JWT_ACCESS_SECRET)),
    );
    for (const [index, player] of players.entries()) {
      expect((await call('POST', `/tournaments/${id}/join`, {}, player.accessToken)).status).toBe(200);
      const posted = await call(
        'POST',
        `/tournaments/${id}/scores`,
        { score: 1000 + index * 10 },
        player.accessToken,
      );
      expect(posted.status).toBe(201);
    }
    await eventually(async () => (await detailOf(id)).stats.playersWithScore === 13, 'every score projected');

    const page = await openPage(players[5]);
    await page.goto(`/challenges/${id}`);
    const podium = page.getByRole('list', { name: 'Podium' }).getByRole('listitem');
    await podium.first().waitFor();
    expect(await podium.count()).toBe(3);
    await expect(podium.first().innerText()).resolves.toContain(players[12]!.username);
    expect(await page.getByRole('list', { name: 'Places 4 to 10' }).getByRole('listitem').count()).toBe(7);
    await page.getByText('+3 more').waitFor();
    // The signed-in member's own row (rank 8) is the only one that offers a charity.
    const ownRow = leaderboardRow(page, players[5]!.username);
    await ownRow.getByRole('button', { name: 'Add Your Charity' }).waitFor();
    expect(await page.getByRole('button', { name: 'Add Your Charity' }).count()).toBe(1);

    // A player's name opens their statistics in this tournament.
    await page.getByRole('button', { name: `${players[12]!.username} statistics` }).click();
    const stats = page.getByRole('dialog', { name: 'Player Statistics' });
    await stats.getByText(players[12]!.username).first().waitFor();
    await captureAtBothWidths(page, 'challenge-detail-player-stats', { fullPage: false });
    await stats.getByRole('button', { name: 'Close' }).click();

    await captureAtBothWidths(page, 'challenge-detail-podium');
  });

  it("frames the game from GAME_ORIGIN and answers GAME_READY with the play's token, id and seed, never the member's", async () => {
    const id = await createTournament(tilesTournament('Game Frame Cup'));
    const member = await createMember(database.db, config.JWT_ACCESS_SECRET);
    expect((await call('POST', `/tournaments/${id}/join`, {}, member.accessToken)).status).toBe(200);

    const page = await openPage(member);
    await serveStandIn(page);
    const resultPosts: unknown[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && /\/api\/plays\/[^/]+\/result$/.test(request.url()))
        resultPosts.push(request.postDataJSON());
    });
    await page.goto(`/challenges/${id}`);
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    const game = await gameFrame(page, 'Tile Merge game');
    const auth = await authOf(game, id);

    // The frame holds a game token for this one play, never the member's access token.
    expect(auth.token).not.toBe(member.accessToken);
    // Another origin: the game cannot reach the app's storage, where the member's tokens are.
    expect(await game.evaluate(() => (window as unknown as StandInWindow).appStorage())).toEqual([
      'SecurityError',
      'SecurityError',
    ]);

    const { log, score } = await playThroughPage(game, auth);
    // Well-formed and for this play, but not from the game: its empty log would show if it were posted.
    const decoy = { type: 'TOURNAMENT_SUBMIT_SCORE', playId: auth.playId, gameToken: auth.token, log: [] };
    // Ignored: that submission from the page itself and from a frame of another origin, and
    // malformed messages from the game (a log that is not a list, a second GAME_READY as text).
    await page.evaluate((message) => window.postMessage(message, '*'), decoy);
    // A frame of another origin nested in the game's posts to the page (the app's own CSP allows no
    // such frame); the test waits until the page has received it.
    await page.context().route(`${FOREIGN_ORIGIN}/**`, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<script>top.postMessage(${JSON.stringify(decoy)}, '*')</script>`,
      }),
    );
    await page.evaluate((foreign) => {
      const received = new Promise<void>((resolve) =>
        window.addEventListener('message', (event) => event.origin === foreign && resolve()),
      );
      Object.assign(window, { foreignReceived: received });
    }, FOREIGN_ORIGIN);
    await game.evaluate((url) => (window as unknown as StandInWindow).nest(url), `${FOREIGN_ORIGIN}/`);
    await page.evaluate(() => (window as unknown as { foreignReceived: Promise<void> }).foreignReceived);
    await send(game, { ...decoy, log: 'not a log' });
    await send(game, 'GAME_READY');

    await finishRun(game, auth, log, score);
    // The page posts the log and reloads the tournament with the score the server computed; the modal
    // turns into the post-game moment: the verified score, the attempt, and the place it took.
    await page
      .getByRole('status')
      .filter({ hasText: `Score verified: ${score.toLocaleString('en-US')}` })
      .waitFor();
    const dialog = page.getByRole('dialog', { name: 'Tile Merge' });
    const postGame = dialog.getByRole('region', { name: 'Score verified' });
    await postGame.getByText(score.toLocaleString('en-US'), { exact: true }).first().waitFor();
    await postGame.getByText('You are #1 on the leaderboard.').waitFor();
    await postGame.getByText('You lead: nobody else has a score yet.').waitFor();
    expect(await postGame.getByText('Attempt').count()).toBe(1);
    await leaderboardRow(page, member.username)
      .filter({ hasText: score.toLocaleString('en-US') })
      .waitFor();
    expect(resultPosts).toEqual([{ gameToken: auth.token, log }]);
    expect((await detailOf(id)).leaderboard.map((entry) => entry.score)).toEqual([score]);
    // One play, the one the server opened with the seed it fixed (a second GAME_READY opened none).
    const started = (await eventStore().readStream(tournamentStreamId(id))).filter(
      (event) => event.type === 'PlayStarted',
    );
    expect(started.map((event) => event.data)).toEqual([
      expect.objectContaining({
        playId: auth.playId,
        userId: member.id,
        seed: expect.any(String),
        game: 'tiles',
      }),
    ]);

    // A log edited after play (its first move one the game does not have) is refused with the server's reason.
    // Play again opens a new frame, and the new frame a new play.
    await postGame.getByRole('button', { name: 'Play again' }).click();
    const again = await gameFrame(page, 'Tile Merge game');
    const second = await authOf(again, id);
    expect(second.playId).not.toBe(auth.playId);
    await releaseThroughPage(again, second, 0, 'open');
    const forged = [{ atMs: 150, input: 'diagonal' }];
    await finishRun(again, second, forged, 99_999);
    await page
      .getByRole('status')
      .filter({
        hasText:
          'Failed to submit score: The game log does not replay: Input 0 is not the move the server released',
      })
      .waitFor();
    expect((await detailOf(id)).leaderboard.map((entry) => entry.score)).toEqual([score]);
  });

  it('frames a demo with demo=1, answers DEMO_MODE and submits nothing', async () => {
    const id = await createTournament(tilesTournament('Demo Frame Cup'));
    const guest = await openPage();
    await serveStandIn(guest);
    const playRequests: string[] = [];
    guest.on('request', (request) => {
      if (/\/plays(\/|$)/.test(new URL(request.url()).pathname)) playRequests.push(request.url());
    });
    await guest.goto(`/challenges/${id}`);
    await guest.getByRole('button', { name: 'Play Demo' }).click();
    const demoFrame = guest.locator('iframe[title="Tile Merge game"]');
    expect(new URL((await demoFrame.getAttribute('src')) ?? '').searchParams.get('demo')).toBe('1');
    expect(await demoFrame.getAttribute('sandbox')).toContain('allow-scripts');
    const game = await gameFrame(guest, 'Tile Merge game');
    expect(await firstAnswer(game)).toEqual({
      origin: baseUrl,
      data: { type: 'DEMO_MODE', tournamentId: id },
    });

    // Whatever the game sends, a demo submits nothing.
    const log = honestTilesLog('any-demo-seed');
    await send(game, { type: 'TOURNAMENT_SUBMIT_SCORE', playId: 'no-play', gameToken: 'no-token', log });
    await guest
      .getByRole('status')
      .filter({ hasText: 'Demo scores are not submitted to the tournament' })
      .waitFor();
    await guest.getByRole('dialog', { name: 'Demo: Tile Merge' }).waitFor();
    expect(playRequests).toEqual([]);
    const types = (await eventStore().readStream(tournamentStreamId(id))).map((event) => event.type);
    expect(types).not.toContain('PlayStarted');
    expect(types).not.toContain('ScoreSubmitted');
    await captureAtBothWidths(guest, 'challenge-detail-game-modal', { fullPage: false });
  });

  it('answers PLAY_UNAVAILABLE with the reason when the server opens no play', async () => {
    const id = await createTournament(tilesTournament('Closing Frame Cup'));
    const member = await createMember(database.db, config.JWT_ACCESS_SECRET);
    expect((await call('POST', `/tournaments/${id}/join`, {}, member.accessToken)).status).toBe(200);
    const page = await openPage(member);
    await serveStandIn(page);
    await page.goto(`/challenges/${id}`);
    const play = page.getByRole('button', { name: 'Play', exact: true });
    await play.waitFor();
    // The operator cancels between the click and the play's request reaching the server, so the server refuses
    // the play. (Cancelling before the click raced the page's live update, which takes Play away.)
    let cancelledStatus = 0;
    await page.route('**/api/tournaments/*/plays', async (route) => {
      cancelledStatus = (
        await call('POST', `/admin/tournaments/${id}/cancel`, { reason: 'Venue closed' }, ADMIN_KEY)
      ).status;
      await route.continue();
    });
    await play.click();
    const game = await gameFrame(page, 'Tile Merge game');
    const answer = await firstAnswer(game);
    expect(cancelledStatus).toBe(200);
    expect(answer).toMatchObject({ origin: baseUrl, data: { type: 'PLAY_UNAVAILABLE' } });
    const reason = (answer.data as { message: string }).message;
    expect(reason.length).toBeGreaterThan(0);
    await page.getByRole('status').filter({ hasText: reason }).waitFor();
    const types = (await eventStore().readStream(tournamentStreamId(id))).map((event) => event.type);
    expect(types).not.toContain('PlayStarted');
  });

  it("frames no game for an operator's external game: it is played on its own site", async () => {
    const id = await createTournament(scoreTournament('External Frame Cup'));
    const member = await createMember(database.db, config.JWT_ACCESS_SECRET);
    expect((await call('POST', `/tournaments/${id}/join`, {}, member.accessToken)).status).toBe(200);
    const page = await openPage(member);
    await page.goto(`/challenges/${id}`);
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Game integration not available').waitFor();
    await dialog.getByText('This game is played on its own site').waitFor();
    expect(await dialog.locator('iframe').count()).toBe(0);
  });

  it('shows an upcoming head-to-head tournament with its schedule, a countdown and an empty bracket', async () => {
    const id = await createTournament({
      ...scoreTournament('Bracket Cup'),
      mode: 'SCHEDULED',
      format: 'SINGLE_ELIMINATION',
      tournamentStart: new Date(Date.now() + 86_400_000).toISOString(),
      tournamentEnd: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    } as CreateTournamentBody);
    const page = await openPage();
    await page.goto(`/challenges/${id}`);
    await page.getByRole('heading', { name: 'Bracket', exact: true }).waitFor();
    await page.getByText(/Starts in \d+h \d\dm/).waitFor();
    await captureAtBothWidths(page, 'challenge-detail-upcoming');
  });

  /** Serves `detail` in place of the API's answer for its id, so the page draws what the server will send. */
  async function openFixture(detail: TournamentDetail): Promise<Page> {
    const page = await openPage();
    await page.route(`**/api/tournaments/${detail.id}`, (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({ success: true, data: detail }),
      }),
    );
    await page.goto(`/challenges/${detail.id}`);
    await page.getByRole('heading', { level: 1, name: detail.title }).waitFor();
    return page;
  }

  it("heads a hosted game's page with its board, played by the game's own rules and named for a screen reader", async () => {
    const detail = bracketDetailFixture();
    const board = GAME_ART_BOARDS.snake;
    const page = await openFixture({
      ...detail,
      id: '00000000-0000-4000-8000-0000000000a7',
      title: 'Snake Art Cup',
      game: { slug: 'snake', name: 'Snake', integrationUrl: '/snake/' },
    });
    const art = page.locator('.challenge__banner').getByRole('img', {
      name: `A Snake board played by the game's rules: a snake of ${board.kind === 'snake' ? board.body.length : 0} cells, score ${board.kind === 'snake' ? board.score : 0}`,
    });
    await art.waitFor();
    // One image, drawn from the board's own SVG (game-art.svg.ts), that decodes.
    expect(await art.evaluate((element) => element.tagName.toLowerCase())).toBe('img');
    expect(await art.evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth))).toBe(
      100,
    );
  });

  it('draws a round robin into double elimination: standings, rounds, forfeits, byes, the final winners', async () => {
    const detail = bracketDetailFixture();
    const page = await openFixture(detail);

    await page.getByRole('heading', { name: 'Stage 1: Round robin stage' }).waitFor();
    await page.getByRole('heading', { name: 'Stage 2: Double elimination' }).waitFor();
    const standings = page.getByRole('table', { name: 'Standings' });
    expect(await standings.getByRole('row').count()).toBe(1 + 6);
    const losers = page.getByRole('region', { name: 'Stage 2: Losers bracket' });
    await losers.getByRole('heading', { name: 'Round 1' }).waitFor();
    const grandFinal = page.getByRole('region', { name: 'Stage 2: Grand final' });
    await grandFinal.getByRole('article', { name: 'Match 9' }).waitFor();
    expect(await page.locator('.match__tag', { hasText: 'forfeit' }).count()).toBe(1);
    expect(await page.locator('.match__side--empty', { hasText: 'Bye' }).count()).toBe(1);

    const winners = page.getByRole('table', { name: 'Winners' });
    await page.getByText('Final: the $250 pool is directed to these nonprofits.').waitFor();
    expect(await winners.getByRole('row').count()).toBe(1 + 3);
    await winners
      .getByRole('row')
      .filter({ hasText: '$125' })
      .getByRole('link', { name: 'Southcentral Foundation' })
      .waitFor();
    await winners.getByRole('row').filter({ hasText: '$75' }).getByText('Not chosen yet').waitFor();
    // The pool meter: $125 + $50 of the $250 have a charity; the $75 line has none yet.
    const pool = page.getByRole('progressbar', { name: 'Pool directed to charities' });
    await expect(pool.getAttribute('aria-valuenow')).resolves.toBe('70');
    await expect(pool.getAttribute('aria-valuetext')).resolves.toBe('$175 of $250 (70%)');
    // The winners' charities carry their monogram.
    await expect(
      winners.getByRole('row').filter({ hasText: '$125' }).locator('.charity-monogram').innerText(),
    ).resolves.toBe('SF');
    // A finished tournament offers no Join, only the demo.
    expect(await page.getByRole('button', { name: 'Join to Compete' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Play Demo' }).waitFor();

    await captureAtBothWidths(page, 'challenge-detail-bracket');
  });

  it('joins the rounds with bracket lines, shows seeds, and draws no match where two byes meet', async () => {
    const base = bracketDetailFixture();
    const [roundRobin, elimination] = base.bracket!.stages;
    const seeds = Object.fromEntries(roundRobin!.standings!.map((row) => [row.userId, row.rank]));
    const rounds = elimination!.rounds.map((round) =>
      round.group === 'LOSERS'
        ? {
            ...round,
            matches: round.matches.map((match) =>
              match.isBye ? { ...match, player1: null, player2: null, bye: 'BOTH' as const } : match,
            ),
          }
        : round,
    );
    const page = await openFixture({
      ...base,
      bracket: { stages: [roundRobin!, { ...elimination!, rounds, seeds }] },
    });

    const winners = page.getByRole('region', { name: 'Stage 2: Winners bracket' });
    // ada (seed 1) met dev (seed 4) in the first match of the winners bracket.
    await expect(
      winners.getByRole('article', { name: 'Match 4' }).locator('.match__seed').allTextContents(),
    ).resolves.toEqual(['Seed 1', 'Seed 4']);
    // Round 1's two matches feed round 2's one: a bracket line leaves round 1 and enters round 2.
    const line = (selector: string, pseudo: string, property: string) =>
      winners
        .locator(selector)
        .first()
        .evaluate(
          (slot, [which, name]) => getComputedStyle(slot, which).getPropertyValue(name!),
          [pseudo, property],
        );
    await expect(
      line('.bracket__round--pairs .bracket__slot', '::after', 'border-right-width'),
    ).resolves.toBe('2px');
    await expect(line('.bracket__round--fed .bracket__slot', '::before', 'border-top-width')).resolves.toBe(
      '2px',
    );
    // The round robin's rounds have no lines.
    expect(
      await page
        .locator('.bracket--wrap .bracket__round--pairs, .bracket--wrap .bracket__round--fed')
        .count(),
    ).toBe(0);

    const losers = page.getByRole('region', { name: 'Stage 2: Losers bracket' });
    await losers.getByText('No match').waitFor();
    for (const match of await page.locator('.match').all()) {
      expect(await match.locator('.match__side--empty', { hasText: 'Bye' }).count()).toBeLessThanOrEqual(1);
    }
    expect(await page.locator('.challenge').innerText()).not.toMatch(/Bye\s+Bye/);
    await captureAtBothWidths(page, 'challenge-detail-bracket-lines');
  });

  it("shows the member's next match with its deadline, and TIME_ATTACK results as times", async () => {
    const base = bracketDetailFixture();
    const deadline = new Date(Date.now() + 5 * 3_600_000).toISOString();
    const detail = bracketDetailFixture({
      ...base,
      status: 'ACTIVE',
      format: 'TIME_ATTACK',
      lowerScoreWins: true,
      leaderboard: base.leaderboard.map((entry, index) => ({ ...entry, score: 83_045 + index * 1000 })),
      myNextMatch: {
        matchId: 'm9',
        stageKind: 'DOUBLE_ELIMINATION',
        group: 'LOSERS',
        round: 2,
        opponentUsername: 'felix',
        deadline,
        played: false,
      },
    });
    const page = await openFixture(detail);
    // TIME_ATTACK is not head-to-head: no bracket, but times read m:ss.mmm.
    expect(await page.getByRole('heading', { name: 'Bracket', exact: true }).count()).toBe(0);
    await leaderboardRow(page, 'ada').filter({ hasText: '1:23.045' }).waitFor();

    const headToHead = await openFixture(
      bracketDetailFixture({ ...base, status: 'ACTIVE', myNextMatch: detail.myNextMatch }),
    );
    await headToHead.getByText('Your next match: vs felix (losers bracket, round 2)').waitFor();
    await headToHead.getByText(/time left: 4h \d\dm/).waitFor();
  });

  it("draws a real bracket once an instant elimination fills, and the member's result goes through a play of their match", async () => {
    const id = await createTournament({
      ...tilesTournament('Knockout Four'),
      rules: 'One verified run per match: the higher score goes through.',
      format: 'SINGLE_ELIMINATION',
      maxParticipants: 4,
      matchWindowMinutes: 60,
    });
    const players = await Promise.all(
      Array.from({ length: 4 }, () => createMember(database.db, config.JWT_ACCESS_SECRET)),
    );
    for (const player of players) {
      expect((await call('POST', `/tournaments/${id}/join`, {}, player.accessToken)).status).toBe(200);
    }
    const [first] = players;
    await eventually(async () => (await detailOf(id, first)).myNextMatch !== null, 'the bracket drawn');
    const { matchId } = (await detailOf(id, first)).myNextMatch!;

    // A full bracket has nothing to join: a guest is told so, and offered no Join to Compete (issue 23).
    const guest = await openPage();
    await guest.goto(`/challenges/${id}`);
    await guest.getByText('Joining is closed for this challenge.').waitFor();
    expect(await guest.getByRole('button', { name: 'Join to Compete' }).count()).toBe(0);

    const page = await openPage(first);
    await serveStandIn(page);
    await page.goto(`/challenges/${id}`);
    await page.getByText(/^Your next match: vs /).waitFor();
    await page.getByRole('heading', { name: 'Stage 1: Single elimination' }).waitFor();
    await page.getByText('4 of 4 players').waitFor();
    const opened = page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' &&
        new URL(response.url()).pathname === `/api/tournaments/${id}/matches/${matchId}/plays`,
    );
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    expect((await opened).status()).toBe(201);
    const game = await gameFrame(page, 'Tile Merge game');
    const auth = await authOf(game, id, matchId);

    const { log, score } = await playThroughPage(game, auth);
    await finishRun(game, auth, log, score);
    await page
      .getByRole('status')
      .filter({ hasText: `Score verified: ${score.toLocaleString('en-US')}` })
      .waitFor();
    // The match's one run: the post-game moment says so and offers no second go.
    const postGame = page.getByRole('region', { name: 'Score verified' });
    await postGame.getByText('Your match result is in: waiting for your opponent.').waitFor();
    expect(await postGame.getByRole('button', { name: 'Play again' }).count()).toBe(0);
    await postGame.getByRole('button', { name: 'Back to the tournament' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    // Once played, the match waits for the opponent and there is nothing more to play.
    await page.getByText('You have played it: waiting for your opponent.').waitFor();
    expect(await page.getByRole('button', { name: 'Play', exact: true }).count()).toBe(0);
    const played = (await eventStore().readStream(tournamentStreamId(id))).filter(
      (event) => event.type === 'MatchPlayed',
    );
    expect(played.map((event) => event.data)).toEqual([
      expect.objectContaining({ matchId, userId: first!.id, score, playId: auth.playId }),
    ]);
    await captureAtBothWidths(page, 'challenge-detail-knockout');
  });

  it('shows the reason of a cancelled tournament', async () => {
    const id = await createTournament(scoreTournament('Called Off Cup'));
    const cancelled = await call(
      'POST',
      `/admin/tournaments/${id}/cancel`,
      { reason: 'The venue sponsor withdrew.' },
      ADMIN_KEY,
    );
    expect(cancelled.status).toBe(200);
    await eventually(async () => (await detailOf(id)).status === 'CANCELLED', 'the cancel projected');
    const page = await openPage();
    await page.goto(`/challenges/${id}`);
    const alert = page.getByRole('alert').filter({ hasText: 'This challenge was cancelled' });
    await alert.getByText('The venue sponsor withdrew.').waitFor();
    await page.getByText('The challenge was cancelled, so its pool is not directed.').waitFor();
    expect(await page.getByRole('button', { name: 'Join to Compete' }).count()).toBe(0);
  });

  it("cuts the share text to 200 characters and offers the challenge's link", async () => {
    const detail = bracketDetailFixture({ description: 'A very long description. '.repeat(20) });
    const page = await openFixture(detail);
    await page.getByRole('button', { name: 'Share' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share this challenge' });
    const text = await dialog.locator('.share-modal__text').innerText();
    expect(Array.from(text).length).toBeLessThanOrEqual(200);
    expect(text.endsWith('…')).toBe(true);
    await expect(dialog.getByRole('textbox', { name: 'Challenge link' }).inputValue()).resolves.toBe(
      `${baseUrl}/challenges/${detail.id}`,
    );
    const onX = new URL((await dialog.getByRole('link', { name: 'Share on X' }).getAttribute('href')) ?? '');
    expect(onX.searchParams.get('text')).toBe(text);
    // Spec §8: a challenge without an image has none to download.
    expect(detail.thumbnail).toBeNull();
    await dialog.getByRole('button', { name: 'Download image' }).click();
    await page.getByText('No image available for download').waitFor();
  });
});
