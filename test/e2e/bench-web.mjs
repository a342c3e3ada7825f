// Budget check for the built web app: gzipped JavaScript the home page loads, and the time until
// its hero is first painted in headless Chromium. Run with `npm run bench:web` (builds first).
// BENCH_SMOKE=1: one load, the section printed, not appended, and no budget decides the exit code.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg } from 'node:os';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { preview } from 'vite';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const BENCHMARKS_FILE = resolve(root, 'docs/benchmarks.md');
const SECTION = '## bench:web';
const SMOKE = process.env.BENCH_SMOKE === '1';
const RUNS = SMOKE ? 1 : 11;
const JS_BUDGET_KB = 150;
const PAINT_BUDGET_MS = 1000;

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** Adds the entry at the end of the `## bench:web` section, creating the file or section if needed. */
function appendToBenchmarks(entry) {
  mkdirSync(dirname(BENCHMARKS_FILE), { recursive: true });
  const current = existsSync(BENCHMARKS_FILE) ? readFileSync(BENCHMARKS_FILE, 'utf8') : '# Benchmarks\n';
  const start = current.indexOf(`${SECTION}\n`);
  if (start === -1) {
    writeFileSync(BENCHMARKS_FILE, `${current.trimEnd()}\n\n${SECTION}\n\n${entry}`);
    return;
  }
  const next = current.indexOf('\n## ', start + SECTION.length);
  const end = next === -1 ? current.length : next + 1;
  writeFileSync(
    BENCHMARKS_FILE,
    `${current.slice(0, end).trimEnd()}\n\n${entry}${next === -1 ? '' : `\n${current.slice(end)}`}`,
  );
}

const server = await preview({
  configFile: resolve(root, 'web/vite.config.ts'),
  logLevel: 'silent',
  preview: { host: '127.0.0.1', port: 0, strictPort: false, open: false },
});
const address = server.httpServer.address();
const baseUrl = `http://127.0.0.1:${address.port}`;
// The same launch options as the browser tests (support/browser.ts), read from their one file.
const chromiumOptions = createRequire(import.meta.url)('./support/chromium.json');
const browser = await chromium.launch({
  ...chromiumOptions,
  executablePath: process.env.CHROMIUM_PATH ?? chromiumOptions.executablePath,
});

try {
  const scripts = new Map();
  const paints = [];
  const contentful = [];
  for (let run = 0; run < RUNS; run += 1) {
    // A fresh context each run: nothing cached, as for a first visit.
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    if (run === 0) {
      page.on('response', async (response) => {
        if (response.request().resourceType() !== 'script') return;
        const body = await response.body();
        scripts.set(new URL(response.url()).pathname, {
          raw: body.length,
          gzip: gzipSync(body, { level: 9 }).length,
        });
      });
    }
    await page.goto(baseUrl, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: 'Play. Compete. Reward.' }).waitFor();
    const timing = await page.evaluate(
      () =>
        new Promise((resolveTiming) => {
          new PerformanceObserver((list) => {
            const hero = list.getEntries().find((entry) => entry.element?.closest('.hero'));
            const fcp = performance.getEntriesByName('first-contentful-paint')[0];
            resolveTiming({
              hero: hero ? hero.startTime : null,
              fcp: fcp ? fcp.startTime : null,
              seen: list.getEntries().map((e) => [e.startTime, e.element ? e.element.className : null]),
            });
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        }),
    );
    if (timing.hero === null)
      throw new Error(`No paint of the hero was recorded: ${JSON.stringify(timing.seen)}`);
    paints.push(timing.hero);
    contentful.push(timing.fcp);
    await context.close();
  }

  const files = [...scripts.entries()].sort((a, b) => b[1].gzip - a[1].gzip);
  const gzipKb = files.reduce((sum, [, size]) => sum + size.gzip, 0) / 1024;
  const rawKb = files.reduce((sum, [, size]) => sum + size.raw, 0) / 1024;
  const heroMs = median(paints);
  const bestMs = Math.min(...paints);
  const load = loadavg()[0].toFixed(1);
  const fcpMs = median(contentful);
  const jsOk = gzipKb <= JS_BUDGET_KB;
  const paintOk = heroMs <= PAINT_BUDGET_MS;

  console.log(
    `JavaScript loaded by the home page: ${files.length} files, ${rawKb.toFixed(1)} KB raw, ${gzipKb.toFixed(1)} KB gzipped (budget ${JS_BUDGET_KB} KB) ${jsOk ? 'OK' : 'OVER BUDGET'}`,
  );
  for (const [path, size] of files) console.log(`  ${path}: ${(size.gzip / 1024).toFixed(1)} KB gzipped`);
  console.log(
    `Hero first paint, median of ${RUNS} cold loads: ${heroMs.toFixed(0)} ms (budget ${PAINT_BUDGET_MS} ms) ${paintOk ? 'OK' : 'OVER BUDGET'}; first contentful paint ${fcpMs.toFixed(0)} ms`,
  );
  console.log(
    `  all runs (ms): ${paints.map((ms) => ms.toFixed(0)).join(', ')}; best ${bestMs.toFixed(0)} ms; load average ${load} on ${cpus().length} cores`,
  );

  const date = new Date().toISOString().replace('T', ' ').slice(0, 16);
  const entry = [
    `### ${date} UTC`,
    '',
    `Built app served by \`vite preview\`, headless Chromium at 1280x800, ${RUNS} cold loads; ${cpus().length} CPU cores shared with other work (1-minute load average ${load}).`,
    '',
    '| measure | result | budget |',
    '|---|---|---|',
    `| JavaScript loaded by the home page (gzip -9) | ${gzipKb.toFixed(1)} KB in ${files.length} files (${rawKb.toFixed(1)} KB raw) | ≤ ${JS_BUDGET_KB} KB ${jsOk ? '✓' : '✗'} |`,
    `| Hero first paint (median) | ${heroMs.toFixed(0)} ms | ≤ ${PAINT_BUDGET_MS} ms ${paintOk ? '✓' : '✗'} |`,
    `| Hero first paint (best run) | ${bestMs.toFixed(0)} ms | |`,
    `| First contentful paint (median) | ${fcpMs.toFixed(0)} ms | |`,
    '',
  ].join('\n');
  if (SMOKE) {
    console.log(`${SECTION}\n\n${entry}`);
  } else {
    appendToBenchmarks(entry);
    console.log(`Appended to ${BENCHMARKS_FILE}`);
    process.exitCode = jsOk && paintOk ? 0 : 1;
  }
} finally {
  await browser.close();
  await new Promise((done) => server.httpServer.close(done));
}
