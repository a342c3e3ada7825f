import type { Page, ViewportSize } from 'playwright-core';
import { axeViolations } from './axe';
import { DESKTOP, PHONE, saveScreenshot } from './browser';

export interface CaptureOptions {
  /** False while a modal is open: only the viewport. */
  fullPage?: boolean;
  /** The phone viewport (PHONE when absent). */
  phone?: ViewportSize;
}

/**
 * Screenshots at phone and desktop widths, with no sideways scrolling and no accessibility
 * problems at either; leaves the page at desktop width.
 */
export async function captureAtBothWidths(
  page: Page,
  name: string,
  { fullPage = true, phone = PHONE }: CaptureOptions = {},
): Promise<void> {
  for (const viewport of [phone, DESKTOP]) {
    await page.setViewportSize(viewport);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await saveScreenshot(page, name, { fullPage });
    await expect(axeViolations(page)).resolves.toEqual([]);
  }
  await page.setViewportSize(DESKTOP);
}
