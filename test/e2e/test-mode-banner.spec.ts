import type { Browser } from 'playwright-core';
import { axeViolations } from './support/axe';
import { DESKTOP, launchBrowser, PHONE, saveScreenshot } from './support/browser';
import { startWebApp, type RunningWebApp } from './support/web-app';

/**
 * Issue 21: while the server runs the local payment driver (development, tests, a production deployment with
 * TEST_MODE_DEPLOYMENT=true), every page says so; with Stripe, none does.
 */
describe('the test-mode banner', () => {
  let web: RunningWebApp;
  let browser: Browser;
  beforeAll(async () => {
    web = await startWebApp();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await web?.stop();
  });

  it.each([PHONE, DESKTOP])('is on every page, above the header, and fits %j', async (viewport) => {
    const page = await browser.newPage({ viewport });
    try {
      for (const path of ['/', '/donate', '/how-it-works', '/no-such-page']) {
        await page.goto(`${web.baseUrl}${path}`);
        const banner = page.getByRole('note', { name: 'Test mode' });
        await banner.waitFor();
        expect(await banner.textContent()).toMatch(/^Test mode: no real money moves\./);
        const box = (await banner.boundingBox())!;
        const header = (await page.locator('.site-header').boundingBox())!;
        expect([path, box.y, box.y + box.height <= header.y + 1]).toEqual([path, 0, true]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          viewport.width,
        );
      }
      await page.goto(`${web.baseUrl}/donate`);
      await page.getByRole('note', { name: 'Test mode' }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await saveScreenshot(page, 'test-mode-banner', { fullPage: false });
    } finally {
      await page.close();
    }
  });

  it('is not there when the server runs Stripe', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    try {
      await page.route('**/api/config', (route) =>
        route.fulfill({
          status: 200,
          contentType: 'application/json',
          body: JSON.stringify({
            success: true,
            data: { gameOrigin: null, payments: { mode: 'stripe', publishableKey: 'pk_live_arena000' } },
          }),
        }),
      );
      await page.goto(`${web.baseUrl}/donate`);
      await page.getByRole('heading', { name: 'Donate' }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.getByRole('note', { name: 'Test mode' }).count()).toBe(0);
    } finally {
      await page.close();
    }
  });
});
