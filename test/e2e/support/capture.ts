import type { Page } from 'playwright-core';
import { seriousAxeViolations } from './axe';
import { DESKTOP, PHONE, saveScreenshot } from './browser';

/**
 * Screenshots at phone and desktop widths, with no sideways scrolling and no serious accessibility
 * problems at either; leaves the page at desktop width. `fullPage: false` while a modal is open.
 */
export async function captureAtBothWidths(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await saveScreenshot(page, name, { fullPage });
    await expect(seriousAxeViolations(page)).resolves.toEqual([]);
  }
  await page.setViewportSize(DESKTOP);
}
