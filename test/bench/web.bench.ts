/**
 * bench:web: Lighthouse (its default mobile preset: a mid-range phone on a slow 4G link, simulated) on the
 * home page, /challenges and a challenge's page, served as in production: the API process serving the built
 * web app (precompressed, long-cached assets) over the demo seed of `npm start`, with the worker projecting it.
 * It also weighs the JavaScript the home page loads, gzipped. Goals (issue 23): Performance ≥ 90 and
 * Accessibility 100 on each page on a quiet machine, the home page's script ≤ 100 KB gzipped.
 * BENCH_SMOKE=1: one Lighthouse run on the home page, nothing appended, no goal decides the exit code.
 * To profile: BENCH_WEB_PAGES=challenges,detail picks pages (home, challenges, detail), BENCH_WEB_LHR=<dir> keeps
 * each run's full Lighthouse report (JSON: its trace-based audits, bootup-time, long-tasks…) in that folder.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { machineLine, publish, ROOT, SMOKE } from './support/bench-kit';
import { LiveStack } from './support/live-stack';

/** Lighthouse's advice: the median of several runs, as one run's score moves by a few points. */
const RUNS = Number(process.env.BENCH_RUNS ?? (SMOKE ? 1 : 3));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
const GOALS = { performance: 90, accessibility: 100, homeScriptKb: 100 };
const PAGE_FILTER = process.env.BENCH_WEB_PAGES?.split(',').map((name) => name.trim());
const LHR_DIR = process.env.BENCH_WEB_LHR;

interface Page {
  name: string;
  /** Its name in BENCH_WEB_PAGES. */
  key: string;
  path: string;
}

interface Measure {
  /** Lighthouse's runtime error (NO_FCP, a page that did not load…): the run has no figures. */
  error?: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Audits below a full score in accessibility and best practices, and performance's biggest savings. */
  flagged: string[];
  /** Where the main thread's time went: Lighthouse's trace, its times scaled by the simulated 4x CPU slowdown. */
  mainThread: string;
  scripts: string[];
}

type Lhr = {
  runtimeError?: { code: string; message: string };
  categories: Record<string, { score: number | null; auditRefs: Array<{ id: string; weight: number }> }>;
  audits: Record<
    string,
    {
      id: string;
      title: string;
      score: number | null;
      scoreDisplayMode: string;
      numericValue?: number;
      displayValue?: string;
      details?: { items?: Array<Record<string, unknown>>; overallSavingsMs?: number };
      metricSavings?: Record<string, number>;
    }
  >;
};

const score = (lhr: Lhr, category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);

/** What an audit points at: a few of its items' URLs (paths), elements or issue types. */
function pointsAt(audit: Lhr['audits'][string]): string {
  const named = (audit.details?.items ?? []).slice(0, 3).map((item) => {
    const node = item.node as { selector?: string } | undefined;
    if (typeof item.url === 'string') return new URL(item.url, 'http://x').pathname;
    if (node?.selector) return node.selector;
    if (typeof item.issueType === 'string') return item.issueType;
    return undefined;
  });
  const known = named.filter((name): name is string => name !== undefined);
  return known.length === 0 ? '' : ` at ${known.map((name) => `\`${name}\``).join(', ')}`;
}

function flaggedAudits(lhr: Lhr): string[] {
  const flagged: string[] = [];
  for (const category of ['accessibility', 'best-practices']) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (audit && audit.scoreDisplayMode === 'binary' && audit.score !== null && audit.score < 1) {
        flagged.push(`${category}: ${audit.id} (${audit.title})${pointsAt(audit)}`);
      }
    }
  }
  for (const audit of Object.values(lhr.audits)) {
    const savings = audit.details?.overallSavingsMs ?? 0;
    if (
      audit.scoreDisplayMode === 'metricSavings' &&
      audit.score !== null &&
      audit.score < 1 &&
      (savings > 0 || (audit.metricSavings?.CLS ?? 0) > 0)
    ) {
      flagged.push(
        `performance: ${audit.id} (${audit.title}: ${audit.displayValue ?? `${savings} ms`})${pointsAt(audit)}`,
      );
    }
  }
  return flagged;
}

/** Main-thread time by kind, the scripts that cost most, and the long tasks, from one report. */
function mainThreadLine(lhr: Lhr): string {
  const items = (id: string) => lhr.audits[id]?.details?.items ?? [];
  const ms = (value: unknown) => `${Math.round(Number(value))} ms`;
  const kinds = items('mainthread-work-breakdown')
    .slice(0, 4)
    .map((item) => `${String(item.groupLabel ?? item.group)} ${ms(item.duration)}`);
  const scripts = items('bootup-time')
    .slice(0, 3)
    .map((item) => `\`${new URL(String(item.url), 'http://x').pathname}\` ${ms(item.scripting)} scripting`);
  const longTasks = items('long-tasks').map((item) => ms(item.duration));
  const total = lhr.audits['mainthread-work-breakdown']?.numericValue ?? Number.NaN;
  return `main thread ${ms(total)} (${kinds.join(', ')}); scripts: ${scripts.join(', ') || 'none'}; long tasks: ${longTasks.join(', ') || 'none'}`;
}

async function audit(url: string, port: number, saveAs?: string): Promise<Measure> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const lhr = result.lhr as unknown as Lhr;
  if (LHR_DIR && saveAs) {
    mkdirSync(LHR_DIR, { recursive: true });
    writeFileSync(join(LHR_DIR, `${saveAs}.json`), JSON.stringify(result.lhr));
  }
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  return {
    ...(lhr.runtimeError ? { error: lhr.runtimeError.code } : {}),
    performance: score(lhr, 'performance'),
    accessibility: score(lhr, 'accessibility'),
    bestPractices: score(lhr, 'best-practices'),
    lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
    flagged: flaggedAudits(lhr),
    mainThread: mainThreadLine(lhr),
    scripts: requests.filter((item) => item.resourceType === 'Script').map((item) => String(item.url)),
  };
}

/**
 * The run with the median Performance score among those Lighthouse completed: its other figures come from
 * the same load. A failed run is shown in the row, never scored as 0.
 */
function medianRun(runs: Measure[]): Measure {
  const sorted = runs.filter((run) => !run.error).sort((a, b) => a.performance - b.performance);
  if (sorted.length === 0)
    throw new Error(`Lighthouse failed every run: ${runs.map((run) => run.error).join(', ')}`);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Each script's body (the server's compression undone), gzipped at level 9 as the goal counts it. */
async function gzippedKb(urls: string[]): Promise<{ kb: number; files: Array<[string, number]> }> {
  const files: Array<[string, number]> = [];
  for (const url of urls) {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
    const body = Buffer.from(await response.arrayBuffer());
    files.push([new URL(url).pathname, gzipSync(body, { level: 9 }).length / 1024]);
  }
  return { kb: files.reduce((sum, [, kb]) => sum + kb, 0), files };
}

/** Waits until the worker has projected the seed: the catalog lists tournaments, one of them active. */
async function aChallengeId(stack: LiveStack): Promise<string> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const listed = await stack.call<{ data: { tournaments: Array<{ id: string; status: string }> } }>(
      'GET',
      '/tournaments',
    );
    const active = listed.data.tournaments.find((t) => t.status === 'ACTIVE');
    if (active) return active.id;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the catalog never listed an active tournament');
}

async function main() {
  const seedStarted = performance.now();
  const stack = await LiveStack.start({ webDistDir: join(ROOT, 'web/dist'), seed: 'apps/cli/src/seed.ts' });
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    const challengeId = await aChallengeId(stack);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    const pages: Page[] = [
      { name: 'home', key: 'home', path: '/' },
      { name: 'challenges', key: 'challenges', path: '/challenges' },
      { name: 'challenge detail', key: 'detail', path: `/challenges/${challengeId}` },
    ].filter((page, index) => (PAGE_FILTER ? PAGE_FILTER.includes(page.key) : !SMOKE || index === 0));

    chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
    const results: Array<{ page: Page; median: Measure; scores: string[] }> = [];
    for (const page of pages) {
      const runs: Measure[] = [];
      for (let run = 0; run < RUNS; run++)
        runs.push(await audit(`${stack.baseUrl}${page.path}`, chrome.port, `${page.key}-${run + 1}`));
      results.push({
        page,
        median: medianRun(runs),
        scores: runs.map((r) => (r.error ? `failed (${r.error})` : String(r.performance))),
      });
    }
    const homeRun = results.find(({ page }) => page.key === 'home');
    const home = homeRun ? await gzippedKb(homeRun.median.scripts) : null;

    const ok = (value: number, goal: number, atLeast = true) =>
      (atLeast ? value >= goal : value <= goal) ? '✓' : '✗';
    const rows = results.map(
      ({ page, median, scores }) =>
        `| ${page.name} (\`${page.path.replace(challengeId, '{id}')}\`) | ${median.performance} ${ok(median.performance, GOALS.performance)} (runs: ${scores.join(', ')}) | ${median.accessibility} ${ok(median.accessibility, GOALS.accessibility)} | ${median.bestPractices} | ${(median.lcpMs / 1000).toFixed(2)} s | ${median.tbtMs.toFixed(0)} ms | ${median.cls.toFixed(3)} |`,
    );
    const mainThread = results.map(({ page, median }) => `- ${page.name}: ${median.mainThread}`);
    const flagged = results.flatMap(({ page, median }) =>
      median.flagged.map((line) => `- ${page.name}: ${line}`),
    );
    const body = [
      `Lighthouse ${RUNS === 1 ? 'once' : `${RUNS} times`} per page (median run by Performance), mobile preset (simulated slow 4G, 4x CPU slowdown), Chromium at \`${CHROMIUM}\` headless; the API process serving \`web/dist\` over the demo seed (seeded, started and projected in ${seedSeconds.toFixed(0)} s). ${machineLine('the database, the API, the worker, Chromium and Lighthouse')}`,
      '',
      '| page | Performance (goal ≥ 90) | Accessibility (goal 100) | Best Practices | LCP | TBT | CLS |',
      '|---|---|---|---|---|---|---|',
      ...rows,
      '',
      "Where the main thread goes (median runs; Lighthouse scales the trace's times by its 4x CPU slowdown):",
      '',
      ...mainThread,
      '',
      home
        ? `Home page script: ${home.kb.toFixed(1)} KB gzipped (gzip -9) in ${home.files.length} files (goal ≤ ${GOALS.homeScriptKb} KB) ${ok(home.kb, GOALS.homeScriptKb, false)}: ${home.files.map(([path, kb]) => `\`${path}\` ${kb.toFixed(1)} KB`).join(', ')}.`
        : 'Home page not measured.',
      '',
      flagged.length === 0
        ? 'Lighthouse flags nothing.'
        : `What Lighthouse flags (median runs):\n\n${flagged.join('\n')}`,
      '',
    ].join('\n');
    publish('bench:web', body);
    const met =
      results.every(
        ({ median }) =>
          median.performance >= GOALS.performance && median.accessibility >= GOALS.accessibility,
      ) &&
      home !== null &&
      home.kb <= GOALS.homeScriptKb;
    if (!SMOKE && !met) process.exitCode = 1;
  } finally {
    chrome?.kill();
    await stack.stop();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
