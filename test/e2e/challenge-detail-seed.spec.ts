/**
 * Every tournament of the demo seed (`npm start`) on its detail page, at phone width: it renders its
 * title, sections and actions, never a raw error, and never scrolls sideways. Screenshots of each kind
 * of page (by format and status) are saved for people to look at.
 */
import type { TournamentSummary } from '@arena/contracts';
import type { Browser, BrowserContext } from 'playwright-core';
import { PHONE, launchBrowser, saveScreenshot } from './support/browser';
import { recordDiagnostics } from './support/diagnostics';
import { listTournaments, seedTournaments } from './support/seeded-tournaments';
import { startWebApp, type RunningWebApp } from './support/web-app';

jest.setTimeout(180_000);

describe('the demo seed on the challenge detail page', () => {
  let web: RunningWebApp;
  let browser: Browser;
  let context: BrowserContext;
  let seeded: TournamentSummary[];

  beforeAll(async () => {
    [web, browser] = await Promise.all([startWebApp(), launchBrowser()]);
    await seedTournaments(web);
    seeded = await listTournaments(web);
    context = await browser.newContext({ baseURL: web.baseUrl, viewport: PHONE });
  });

  afterAll(async () => {
    await browser?.close();
    await web?.stop();
  });

  it('shows every seeded tournament whole at phone width', async () => {
    expect(seeded.length).toBeGreaterThan(0);
    const page = await context.newPage();
    const saveDiagnostics = recordDiagnostics(page, 'challenge-detail-seed');
    const shown = new Set<string>();
    try {
      for (const tournament of seeded) {
        await page.goto(`/challenges/${tournament.id}`);
        await page.getByRole('heading', { level: 1, name: tournament.title }).waitFor();
        await page.getByRole('heading', { name: 'Leaderboard' }).waitFor();
        await page.getByRole('heading', { name: 'Donation leaders and winners' }).waitFor();
        expect(await page.getByRole('alert').filter({ hasText: 'Failed to fetch' }).count()).toBe(0);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect({ title: tournament.title, overflow }).toEqual({ title: tournament.title, overflow: 0 });
        const kind = `${tournament.format}-${tournament.status}`.toLowerCase();
        if (!shown.has(kind)) {
          shown.add(kind);
          await saveScreenshot(page, `challenge-detail-seed-${kind}`);
        }
      }
    } finally {
      await saveDiagnostics();
      await page.close();
    }
  });
});
