import type { Locator, Page } from 'playwright-core';

/**
 * Waits until `shown` is visible, jumping Playwright's clock a second at a time meanwhile, on a page whose
 * context has the clock installed before the page loaded (`context.clock.install()`: it still runs on by
 * itself). Made for the web app's query retries (web/src/lib/query-client.ts: a failed read is asked twice
 * more, with react-query's backoff of one and then two seconds, before the page shows the failure): the
 * backoff is jumped over instead of waited out. Nothing is skipped: every retry is still asked and answered.
 */
export async function waitJumpingClock(page: Page, shown: Locator, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await shown.isVisible())) {
    if (Date.now() > deadline) throw new Error(`Not shown within ${timeoutMs} ms: ${String(shown)}`);
    await page.clock.fastForward(1000);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
