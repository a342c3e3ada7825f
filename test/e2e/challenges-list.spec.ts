import { isVerifiedGame, type TournamentSummary } from '@arena/contracts';
import { GAME_ART_BOARDS } from '@arena/contracts/game-art.boards';
import { formatLabel, planLabel, prizeModelLabel, statusLabel } from '@arena/contracts/tournaments.rules';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { DESKTOP, launchBrowser } from './support/browser';
import { captureAtBothWidths } from './support/capture';
import { recordDiagnostics } from './support/diagnostics';
import { solidPng } from './support/png';
import { listTournaments, seedTournaments } from './support/seeded-tournaments';
import { startWebApp, type RunningWebApp } from './support/web-app';

jest.setTimeout(120_000);

/**
 * /challenges as a guest sees it, against the demo seed: the cards, the status filter kept in the
 * URL, the format filter, the '/' search, the loading, error and empty states, and the way to a
 * tournament's page. Every expectation comes from what the API lists, so a richer seed changes nothing.
 */
describe('the challenges list', () => {
  let web: RunningWebApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let saveDiagnostics: () => Promise<void>;
  let all: TournamentSummary[];

  beforeAll(async () => {
    [web, browser] = await Promise.all([startWebApp(), launchBrowser()]);
    await seedTournaments(web);
    all = await listTournaments(web);
    context = await browser.newContext({ baseURL: web.baseUrl, viewport: DESKTOP });
  });

  beforeEach(async () => {
    page = await context.newPage();
    saveDiagnostics = recordDiagnostics(page, expect.getState().currentTestName ?? 'challenges-list');
  });

  afterEach(async () => {
    await saveDiagnostics();
    await page.close();
  });

  afterAll(async () => {
    await browser?.close();
    await web?.stop();
  });

  const cards = () => page.getByRole('list', { name: 'Tournaments' }).getByRole('article');
  // Exact: one title may end another's ('Knockout Cup', 'Double Knockout Cup').
  const card = (title: string) => page.getByRole('article', { name: title, exact: true });
  const statusFilter = () => page.getByRole('navigation', { name: 'Filter by status' });
  const searchField = () => page.getByRole('textbox', { name: 'Search by title or game' });
  const searchButton = () => page.getByRole('button', { name: 'Search tournaments' });

  /** The titles on screen after every Show more, once they are exactly `expected` (in the API's order). */
  async function expectTitles(expected: readonly TournamentSummary[]): Promise<void> {
    const titles = expected.map((tournament) => tournament.title);
    // Twelve cards at first, twelve more per Show more, until every one is on screen.
    const more = page.getByRole('button', { name: /^Show more/ });
    const deadline = Date.now() + 30_000;
    for (;;) {
      const onScreen = await page.locator('.challenges__grid .challenge-card__title').allTextContents();
      if (JSON.stringify(onScreen) === JSON.stringify(titles)) break;
      if (Date.now() > deadline) throw new Error(`On screen: ${onScreen.join(', ')}`);
      const firstPages = JSON.stringify(onScreen) === JSON.stringify(titles.slice(0, onScreen.length));
      if (onScreen.length > 0 && firstPages && (await more.count()) > 0) await more.click();
      else await page.waitForTimeout(100);
    }
    await expect(cards().count()).resolves.toBe(titles.length);
    await expect(more.count()).resolves.toBe(0);
  }

  it('has a seed with a live, an upcoming and a completed tournament to show', () => {
    const statuses = new Set(all.map((tournament) => tournament.status));
    for (const status of ['ACTIVE', 'UPCOMING', 'COMPLETED'] as const)
      expect(statuses.has(status)).toBe(true);
  });

  it('shows a guest a card for every tournament, with what the spec puts on it', async () => {
    await page.goto('/challenges');
    await page.getByRole('heading', { level: 1, name: 'Challenges' }).waitFor();
    // A page of twelve first, and how many more there are (issue 23: 36 cards were 19,000 px on a phone).
    expect(all.length).toBeGreaterThan(12);
    await page.getByRole('button', { name: `Show more (${all.length - 12} more)` }).waitFor();
    await expect(cards().count()).resolves.toBe(12);
    await captureAtBothWidths(page, 'challenges-list-first-page');
    await expectTitles(all);

    for (const tournament of all) {
      const text = await card(tournament.title).innerText();
      expect(text).toContain(tournament.game.name);
      expect(text).toContain(statusLabel(tournament.status).toUpperCase());
      expect(text).toContain(formatLabel(tournament.format));
      expect(text).toContain(prizeModelLabel(tournament.prizeModel));
      expect(text).toContain(tournament.prizeDisplay);
      // What joining needs, said as a plan: never a bare "Free" beside a bigger tier's prize.
      expect(text).toContain(`${planLabel(tournament.requiredPlan)} plan`);
      expect(text).toContain(`${tournament.participantCount} / ${tournament.maxParticipants}`);
      expect(text).toMatch(/JOIN WITH\s+(Free|Premium\+?) plan/);
    }

    const live = all.find((tournament) => tournament.status === 'ACTIVE');
    await expect(card(live!.title).innerText()).resolves.toContain('LIVE');
    const upcoming = all.find((tournament) => tournament.status === 'UPCOMING' && tournament.tournamentStart);
    await expect(card(upcoming!.title).innerText()).resolves.toMatch(/STARTS IN\s+\d+[dhms]/);
    const instant = all.find((tournament) => tournament.mode === 'INSTANT' && tournament.status === 'ACTIVE');
    await expect(card(instant!.title).innerText()).resolves.toContain(
      `${instant!.stats.playersWithScore} of ${instant!.maxParticipants} players`,
    );

    await captureAtBothWidths(page, 'challenges-list');
  });

  it("draws each hosted game's card art from its own rules, and a neutral panel for a game it does not host", async () => {
    await page.goto('/challenges');
    await expectTitles(all);
    const hosted = all.filter((tournament) => isVerifiedGame(tournament.game.slug));
    expect(new Set(hosted.map((tournament) => tournament.game.slug)).size).toBeGreaterThanOrEqual(2);
    for (const tournament of hosted) {
      const board = card(tournament.title).locator(`img[data-game-art="${tournament.game.slug}"]`);
      await expect(board.count()).resolves.toBe(1);
      // Decoration on a card: the game's name is text beside it.
      await expect(board.getAttribute('alt')).resolves.toBe('');
      await expect(board.locator('xpath=..').getAttribute('aria-hidden')).resolves.toBe('true');
      // The image decodes: a broken one would be 0 wide.
      await expect(
        board.evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth)),
      ).resolves.toBe(100);
    }
    // The Tile Merge board is the one its core played: its tiles read as on the committed board.
    const tiles = hosted.find((tournament) => tournament.game.slug === 'tiles')!;
    const tileTexts = await card(tiles.title)
      .locator('img[data-game-art="tiles"]')
      .evaluate((img: HTMLImageElement) => {
        const markup = decodeURIComponent(img.src.slice(img.src.indexOf(',') + 1));
        const svg = new DOMParser().parseFromString(markup, 'image/svg+xml');
        return [...svg.querySelectorAll('text')].map((text) => text.textContent ?? '');
      });
    expect(tileTexts.map(Number)).toEqual(
      GAME_ART_BOARDS.tiles.kind === 'tiles' ? GAME_ART_BOARDS.tiles.cells.filter((v) => v > 0) : [],
    );
  });

  it('keeps the status filter in the URL, through a reload, and asks the server for that status only', async () => {
    await page.goto('/challenges');
    await expectTitles(all);
    const completed = await listTournaments(web, 'COMPLETED');
    expect(completed.length).toBeGreaterThan(0);

    const requested: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/tournaments')) requested.push(new URL(request.url()).search);
    });
    await statusFilter().getByRole('link', { name: 'Completed' }).click();
    await page.waitForURL((url) => url.searchParams.get('status') === 'COMPLETED');
    await expectTitles(completed);
    expect(requested).toContain('?status=COMPLETED');
    await expect(
      statusFilter().getByRole('link', { name: 'Completed' }).getAttribute('aria-current'),
    ).resolves.toBe('page');
    await expect(statusFilter().locator('[aria-current]').count()).resolves.toBe(1);

    await page.reload();
    await expectTitles(completed);
    expect(new URL(page.url()).searchParams.get('status')).toBe('COMPLETED');
    await expect(
      statusFilter().getByRole('link', { name: 'Completed' }).getAttribute('aria-current'),
    ).resolves.toBe('page');

    await statusFilter().getByRole('link', { name: 'All' }).click();
    await page.waitForURL((url) => !url.searchParams.has('status'));
    await expectTitles(all);
  });

  it('ignores a status it does not know', async () => {
    await page.goto('/challenges?status=NOT_A_STATUS');
    await expectTitles(all);
    await expect(
      statusFilter().getByRole('link', { name: 'All' }).getAttribute('aria-current'),
    ).resolves.toBe('page');
  });

  it('filters by format exactly, and keeps it in the URL', async () => {
    const format = all[0]!.format;
    await page.goto('/challenges');
    await expectTitles(all);
    await page.getByLabel('Format', { exact: true }).selectOption(format);
    await page.waitForURL((url) => url.searchParams.get('format') === format);
    await expectTitles(all.filter((tournament) => tournament.format === format));

    await page.reload();
    await expectTitles(all.filter((tournament) => tournament.format === format));
    await expect(page.getByLabel('Format', { exact: true }).inputValue()).resolves.toBe(format);
  });

  it("opens the search with '/', matches title or game name in any case, and closes with Escape", async () => {
    await page.goto('/challenges');
    await expectTitles(all);
    await expect(searchField().count()).resolves.toBe(0);

    await page.locator('body').press('/');
    await searchField().waitFor();
    await expect(searchField().evaluate((node) => node === document.activeElement)).resolves.toBe(true);
    // The '/' that opened the panel is not typed into it.
    await expect(searchField().inputValue()).resolves.toBe('');

    const byTitle = all[0]!;
    const titleWord = byTitle.title.split(' ')[0]!.toUpperCase();
    await searchField().fill(titleWord);
    await expectTitles(all.filter((tournament) => matches(tournament, titleWord)));
    await expect(card(byTitle.title).count()).resolves.toBe(1);

    const game = all.find(
      (tournament) => !tournament.title.toLowerCase().includes(tournament.game.name.toLowerCase()),
    );
    const gameTerm = (game ?? all[0]!).game.name.toLowerCase();
    await searchField().fill(gameTerm);
    await expectTitles(all.filter((tournament) => matches(tournament, gameTerm)));
    await captureAtBothWidths(page, 'challenges-list-search', { fullPage: false });

    // '/' away from the field, with the panel open, goes back to the field and types nothing.
    await page.getByRole('heading', { level: 1, name: 'Challenges' }).click();
    await page.keyboard.press('/');
    await expect(searchField().evaluate((node) => node === document.activeElement)).resolves.toBe(true);
    await expect(searchField().inputValue()).resolves.toBe(gameTerm);

    await page.keyboard.press('Escape');
    await searchField().waitFor({ state: 'detached' });
    // Focus back on the magnifier, before Show more (clicked to see every card) takes it.
    await expect(searchButton().evaluate((node) => node === document.activeElement)).resolves.toBe(true);
    await expectTitles(all);
  });

  it("opens the search from the magnifier too, and leaves a '/' typed elsewhere alone", async () => {
    await page.goto('/challenges');
    await expectTitles(all);
    await searchButton().click();
    await searchField().waitFor();
    await expect(searchButton().getAttribute('aria-expanded')).resolves.toBe('true');

    await searchField().pressSequentially('a/b');
    await expect(searchField().inputValue()).resolves.toBe('a/b');
    await searchButton().click();
    await searchField().waitFor({ state: 'detached' });
  });

  it('says what to do when nothing matches, and clears every filter', async () => {
    await page.goto(`/challenges?status=COMPLETED&format=${all[0]!.format}`);
    await page.locator('body').press('/');
    await searchField().fill('no tournament is called this');
    await page.getByRole('heading', { name: 'No tournaments match your filters' }).waitFor();
    await captureAtBothWidths(page, 'challenges-list-empty');

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.waitForURL((url) => url.pathname === '/challenges' && url.search === '');
    await expectTitles(all);
    await expect(searchField().count()).resolves.toBe(0);
  });

  it('shows skeleton cards while the list loads, never a blank page', async () => {
    const held = await holdRequests(page, '**/api/tournaments*');
    await page.goto('/challenges');
    await page.locator('.challenge-card--skeleton').first().waitFor();
    await page.getByRole('heading', { level: 1, name: 'Challenges' }).waitFor();
    await captureAtBothWidths(page, 'challenges-list-loading', { fullPage: false });
    await held.release();
    await expectTitles(all);
    await expect(page.locator('.challenge-card--skeleton').count()).resolves.toBe(0);
  });

  it("shows 'Error loading tournaments' with Try Again, which loads the list once the server answers", async () => {
    await page.route('**/api/tournaments*', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, message: 'Service Unavailable', statusCode: 503 }),
      }),
    );
    await page.goto('/challenges');
    const alert = page.getByRole('alert').filter({ hasText: 'Error loading tournaments' });
    await alert.waitFor({ timeout: 30_000 });
    await captureAtBothWidths(page, 'challenges-list-error');

    await page.unroute('**/api/tournaments*');
    await alert.getByRole('button', { name: 'Try Again' }).click();
    await expectTitles(all);
  });

  it("shows a cancelled tournament's reason, a thumbnail, and drawn art where a thumbnail fails to load", async () => {
    const base = all[0]!;
    const picture = `data:image/png;base64,${solidPng(64, 28, [40, 120, 200]).toString('base64')}`;
    const listed: TournamentSummary[] = [
      {
        ...base,
        id: '00000000-0000-4000-8000-00000000000a',
        title: 'Cancelled <b>Cup</b>',
        status: 'CANCELLED',
        cancelReason: 'The game server is down for maintenance.',
      },
      { ...base, id: '00000000-0000-4000-8000-00000000000b', title: 'Pictured Cup', thumbnail: picture },
      {
        ...base,
        id: '00000000-0000-4000-8000-00000000000c',
        title: 'Broken Picture Cup',
        thumbnail: '/api/no-such-picture.png',
      },
      {
        ...base,
        id: '00000000-0000-4000-8000-00000000000d',
        title: 'Elsewhere Cup',
        game: { slug: 'chess', name: 'Chess Blitz', integrationUrl: 'https://chess.example/play' },
        scoreVerification: 'UNVERIFIED',
      },
    ];
    await page.route('**/api/tournaments*', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ success: true, data: { tournaments: listed } }),
      }),
    );
    await page.goto('/challenges');
    await expectTitles(listed);

    const cancelled = card('Cancelled <b>Cup</b>');
    await expect(cancelled.innerText()).resolves.toContain(
      'Cancelled: The game server is down for maintenance.',
    );
    await expect(cancelled.locator('b').count()).resolves.toBe(0);
    await expect(
      card('Pictured Cup')
        .locator('img')
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    ).resolves.toBe(64);
    await card('Broken Picture Cup').locator('.game-art').waitFor();
    // The thumbnail is gone; the board drawn in its place is an image of its own (game-art.svg.ts).
    await expect(card('Broken Picture Cup').locator('.challenge-card__image').count()).resolves.toBe(0);
    // A game the platform does not host: a neutral panel with its name, no board.
    await expect(card('Elsewhere Cup').locator('img, svg').count()).resolves.toBe(0);
    await expect(card('Elsewhere Cup').locator('.game-art--external').innerText()).resolves.toBe(
      'Chess Blitz',
    );
    await captureAtBothWidths(page, 'challenges-list-cancelled');
  });

  it("opens a tournament from its card at /challenges/{id}, where a guest is asked to 'Join to Compete'", async () => {
    const target = all.find((tournament) => tournament.status === 'ACTIVE') ?? all[0]!;
    await page.goto('/challenges');
    await expectTitles(all);
    await card(target.title).getByRole('link', { name: target.title }).click();
    await page.waitForURL(`**/challenges/${target.id}`);
    await page.getByRole('heading', { level: 1, name: target.title }).waitFor();
    await page
      .getByRole('link', { name: 'Join to Compete' })
      .or(page.getByRole('button', { name: 'Join to Compete' }))
      .first()
      .waitFor();
  });

  it('is the Challenges link of the header', async () => {
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Challenges' }).click();
    await page.waitForURL((url) => url.pathname === '/challenges');
    await expectTitles(all);
  });
});

function matches(tournament: TournamentSummary, term: string): boolean {
  const needle = term.toLowerCase();
  return (
    tournament.title.toLowerCase().includes(needle) || tournament.game.name.toLowerCase().includes(needle)
  );
}

/** Holds matching requests until released, so a test can look at the page while they are pending. */
async function holdRequests(page: Page, pattern: string): Promise<{ release(): Promise<void> }> {
  const waiting: Route[] = [];
  let released = false;
  await page.route(pattern, (route) => {
    if (released) return route.continue();
    waiting.push(route);
    return undefined;
  });
  return {
    async release() {
      released = true;
      await Promise.all(waiting.map((route) => route.continue()));
      await page.unroute(pattern);
    },
  };
}
