import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';

/** Git-ignored: what the page said and showed last, for when a browser test fails on a busy machine. */
export const DIAGNOSTICS_DIR = resolve(__dirname, '../../../.tmp/e2e');

function fileStem(testName: string): string {
  return testName.replace(/[^a-z0-9]+/gi, '-').slice(-80);
}

export function recordDiagnostics(page: Page, testName: string): () => Promise<void> {
  mkdirSync(DIAGNOSTICS_DIR, { recursive: true });
  const stem = fileStem(testName);
  const logFile = resolve(DIAGNOSTICS_DIR, `${stem}.log`);
  writeFileSync(logFile, '');
  const log = (line: string) => appendFileSync(logFile, `${new Date().toISOString()} ${line}\n`);
  page.on('console', (message) => log(`console ${message.type()}: ${message.text()}`));
  page.on('pageerror', (error) => log(`page error: ${error.message}`));
  page.on('requestfailed', (request) =>
    log(`request failed: ${request.url()} ${request.failure()?.errorText ?? ''}`),
  );
  page.on('response', (response) => {
    if (response.status() >= 400) log(`HTTP ${response.status()} ${response.url()}`);
  });
  return async () => {
    await page.screenshot({ path: resolve(DIAGNOSTICS_DIR, `${stem}.png`) }).catch(() => undefined);
  };
}
