import { formatPlayTime } from '../../web/src/features/tournaments/stats-format';
import { sql } from 'kysely';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { projectEvents, testEventStore } from '@arena/projection-runner/testing';
import { projectors } from '@arena/projections/registry';
import { demoTournamentId, seedDemoTournaments, type DemoPlayers } from '@arena/tournaments';
import { DESKTOP, launchBrowser } from './support/browser';
import { captureAtBothWidths } from './support/capture';
import { waitJumpingClock } from './support/clock';
import { signAccessToken } from '@arena/identity';
import { randomUUID } from 'node:crypto';
import { createMember, signIn, type TestMember } from './support/member';
import { startWebApp, type RunningWebApp } from './support/web-app';

jest.setTimeout(180_000);

/**
 * The profile's Game Statistics and Gameplay sections in Chromium against the real API serving the
 * built app, for a member who played the demo seed's tournaments (projected as the worker would).
 */
describe('profile: game statistics and gameplay', () => {
  let web: RunningWebApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let ada: TestMember;
  let newcomer: TestMember;
  /** Ada's verified scores in the live Snake sprint, in the order she played: whatever her plays scored. */
  let adaSprintScores: number[];
  /** Seconds of game clock of Ada's verified plays with a score, as the player-stats read model sums them. */
  let adaPlaySeconds: number;
  const errors: string[] = [];

  const accessTokenFor = (member: TestMember) =>
    signAccessToken(web.jwtSecret, { sub: member.id, username: member.username, sid: randomUUID() });
  const statistics = () => page.getByRole('region', { name: 'Game Statistics' });
  const gameplay = () => page.getByRole('region', { name: 'Gameplay' });

  beforeAll(async () => {
    [web, browser] = await Promise.all([startWebApp(), launchBrowser()]);
    const keys = ['ada', 'ben', 'chloe', 'dev', 'emma', 'felix'];
    const members = await Promise.all(keys.map(() => createMember(web)));
    ada = members[0]!;
    newcomer = await createMember(web);
    const players: DemoPlayers = Object.fromEntries(
      keys.map((key, index) => [key, { accountId: members[index]!.id, username: members[index]!.username }]),
    );
    const store = testEventStore(web.database);
    try {
      await seedDemoTournaments({ players, eventStore: store });
      adaSprintScores = (await store.readStream(`tournament-${demoTournamentId('snake-sprint')}`))
        .filter((event) => event.type === 'ScoreSubmitted')
        .map((event) => event.data as { userId: string; score: number })
        .filter((score) => score.userId === ada.id)
        .map((score) => score.score);
      const events = await store.readAll();
      adaPlaySeconds = events
        .filter((event) => event.type === 'ScoreSubmitted')
        .map((event) => event.data as { userId: string; durationMs?: number })
        .filter((score) => score.userId === ada.id)
        .reduce((total, score) => total + Math.round((score.durationMs ?? 0) / 1000), 0);
      for (const projector of projectors) await projectEvents(web.database.db, projector, events);
    } finally {
      await store.close();
    }
  });

  afterAll(async () => {
    await browser?.close();
    await web?.stop();
  });

  // A context each: every test signs in its own member, whose tokens live in the context's storage.
  beforeEach(async () => {
    context = await browser.newContext({ baseURL: web.baseUrl, viewport: DESKTOP });
    page = await context.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
  });
  afterEach(() => context.close());

  it("shows a seeded member's figures and their five latest tournaments, each linking to its page", async () => {
    await signIn(page, web, ada);
    await page.goto('/profile');
    await statistics().getByText('Challenges Played', { exact: true }).waitFor();
    const figures = await statistics().innerText();
    expect(figures).toMatch(/Wins\s+[1-9]\d*\s+[\d.]+% win rate/);
    // Her seeded scores are verified plays: their game clocks are her play time.
    expect(adaPlaySeconds).toBeGreaterThan(0);
    expect(figures).toMatch(new RegExp(`Total Play Time\\s+${formatPlayTime(adaPlaySeconds)}`));

    const rows = gameplay().getByRole('listitem');
    await rows.first().waitFor();
    const count = await rows.count();
    expect(count).toBeGreaterThanOrEqual(3);
    expect(count).toBeLessThanOrEqual(5);
    await gameplay().getByText('Winner', { exact: true }).first().waitFor();
    const { rows: joined } = await sql<{ tournament_id: string }>`
      SELECT tournament_id FROM player_stats_participants WHERE user_id = ${ada.id}
      ORDER BY joined_at DESC, tournament_id LIMIT 1`.execute(web.database.db);
    const newest = gameplay().getByRole('link').first();
    expect(await newest.getAttribute('href')).toBe(`/challenges/${joined[0]!.tournament_id}`);
    await captureAtBothWidths(page, 'profile-game-stats');
    expect(errors).toEqual([]);
  });

  it('invites a member with no tournaments to find a challenge', async () => {
    await signIn(page, web, newcomer);
    await page.goto('/profile');
    // A member with no activity: each empty section is one line (issue 23, item 11), no tiles of zeros.
    await gameplay()
      .getByText(/^No tournaments yet\./)
      .waitFor();
    expect(await statistics().innerText()).toMatch(/No games played yet\./);
    expect(await statistics().getByText('Challenges Played', { exact: true }).count()).toBe(0);
    expect(
      await gameplay().getByRole('link', { name: 'Find a challenge to join' }).getAttribute('href'),
    ).toBe('/challenges');
  });

  it("shows the next member's own figures, never the last one's, when another member signs in on the tab", async () => {
    await signIn(page, web, ada);
    await page.goto('/profile');
    await gameplay().getByText('Winner', { exact: true }).first().waitFor();
    // Another tab of the same browser signs in as someone else: this tab re-checks its session.
    const other = await context.newPage();
    await other.goto('/');
    const newcomerToken = await accessTokenFor(newcomer);
    await other.evaluate((token) => window.localStorage.setItem('accessToken', token), newcomerToken);
    await page.getByRole('heading', { name: `@${newcomer.username}` }).waitFor();
    await gameplay()
      .getByText(/^No tournaments yet\./)
      .waitFor();
    expect(await statistics().innerText()).toMatch(/No games played yet\./);
  });

  it("opens a player's statistics from their leaderboard row, with the score history drawn", async () => {
    await page.goto(`/challenges/${demoTournamentId('snake-sprint')}`);
    await page.getByRole('button', { name: ada.username }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Player Statistics' });
    await dialog.getByText('Total Plays', { exact: true }).waitFor();
    const text = await dialog.innerText();
    expect(text).toContain(`@${ada.username}`);
    // The seed makes her second play lead the sprint (demo-tournaments.spec); the numbers are her bots'.
    const shown = (score: number) => score.toLocaleString('en-US');
    expect(adaSprintScores).toHaveLength(2);
    expect(text).toMatch(/Current Rank\s+#1/);
    expect(text).toMatch(/Total Plays\s+2/);
    expect(text).toMatch(new RegExp(`Best Score\\s+${shown(Math.max(...adaSprintScores))}(?![\\d,])`));
    await dialog
      .getByRole('img', {
        name: `Score history: 2 results, from ${shown(adaSprintScores[0]!)} to ${shown(adaSprintScores[1]!)}`,
      })
      .waitFor();
    await captureAtBothWidths(page, 'player-stats-modal', { fullPage: false });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it("says 'Failed to load player statistics' in the modal when they cannot be loaded", async () => {
    await page.route('**/api/tournaments/*/players/*/stats', (route) =>
      route.fulfill({
        status: 404,
        contentType: 'application/json',
        body: JSON.stringify({
          success: false,
          message: 'Player not found in this tournament',
          statusCode: 404,
        }),
      }),
    );
    await page.goto(`/challenges/${demoTournamentId('snake-sprint')}`);
    await page.getByRole('button', { name: ada.username }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Player Statistics' });
    await dialog.getByText('Failed to load player statistics', { exact: true }).waitFor();
  });

  it("says 'Failed to load game statistics' when they cannot be loaded", async () => {
    await page.route('**/api/users/game-stats', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, message: 'Internal server error', statusCode: 500 }),
      }),
    );
    // Playwright's clock, so the query client's retry backoff is jumped over (support/clock.ts).
    await context.clock.install();
    await signIn(page, web, ada);
    await page.goto('/profile');
    await waitJumpingClock(page, statistics().getByText('Failed to load game statistics', { exact: true }));
    await gameplay().getByText('Failed to load game statistics', { exact: true }).waitFor();
    // The rest of the profile still works.
    await page.getByRole('region', { name: 'Account' }).getByText(ada.email, { exact: true }).waitFor();
  });
});
