import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import chromiumOptions from './chromium.json';

export const SCREENSHOT_DIR = resolve(__dirname, '../screenshots');

export const PHONE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    ...chromiumOptions,
    executablePath: process.env.CHROMIUM_PATH ?? chromiumOptions.executablePath,
  });
}

/** False under `npm test` (E2E_SCREENSHOTS=0): the files are for people, and the suite's checks do not need them. */
export function screenshotsWanted(): boolean {
  return process.env.E2E_SCREENSHOTS !== '0';
}

/**
 * Saves a screenshot named `<name>-<width>.png` for people to look at: the whole page, or only the
 * viewport when an overlay such as a modal is open (a full-page capture misplaces fixed layers).
 */
export async function saveScreenshot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  if (!screenshotsWanted()) return;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: resolve(SCREENSHOT_DIR, `${name}-${width}.png`), fullPage });
}
