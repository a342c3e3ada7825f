import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { WEB_ROUTES, type WebRoute } from '@arena/contracts/web.routes';
import { signDemoCheckpoint } from '@arena/ledger';
import type { Browser, BrowserContext, Page, ViewportSize } from 'playwright-core';
import { axeViolations, type AxeViolation } from './support/axe';
import { DESKTOP, launchBrowser, PHONE } from './support/browser';
import { eventually, seedDemoData } from './support/demo-data';
import { layoutOffenders, type LayoutOffender } from './support/layout-checks';
import { signIn } from './support/member';
import { startWebApp, type RunningWebApp } from './support/web-app';

jest.setTimeout(120_000);

/**
 * Issue 23: every page of the web app (WEB_ROUTES, so a new page is walked without touching this file),
 * filled with `npm start`'s demo data, at 390 and 1280 px: nothing reaches past the viewport, no table
 * hides a column behind a sideways scroll, and axe-core finds nothing of any impact. With SCREENS_DIR
 * set (`npm run screens`), it also saves each page as `<name>-<width>.png` there.
 */

/** Pages that need a signed-in member: walked as the demo member Ben (a subscriber with referrals). */
const MEMBER_ROUTES: ReadonlySet<WebRoute> = new Set(['/profile', '/subscription/manage']);
/** A full-page screenshot taller than this is cut: the rest of a long list adds nothing to look at. */
const MAX_SCREEN_HEIGHT = 6_000;

/**
 * The query a page needs to show itself rather than send the visitor on: the code pages of a sign-up or a
 * sign-in in progress (the session id need not exist for the form to be drawn).
 */
const QUERIES: Partial<Record<WebRoute, string>> = {
  '/verify': '?sessionId=route-walk',
  '/login-verify': '?sessionId=route-walk&channel=email',
  '/join': '?ref=DEMOADA',
};

/** Pages that only send the visitor on (spec §2), and where: the walk checks the page they land on. */
const REDIRECTS: Partial<Record<WebRoute, string>> = {
  '/join': '/create-account',
  '/charity-onboarding/success': '/charity-onboarding',
};

/** The challenge pages walked: the widest brackets (with a losers' side) and the widest prize table. */
const CHALLENGES = [
  'October Double Knockout Cup',
  'October Groups and Double Knockout Cup',
  'Tile Merge Top Five',
];

const SCREENS_DIR = process.env.SCREENS_DIR ? resolve(process.env.SCREENS_DIR) : undefined;

/** 'home' for '/', else the path's words: '/challenges/$id' is 'challenges-id'. */
function routeName(route: string): string {
  return route === '/' ? 'home' : route.replace(/^\//, '').replace(/\$/g, '').replace(/\//g, '-');
}

interface Finding {
  path: string;
  width: number;
  layout: LayoutOffender[];
  axe: AxeViolation[];
  /** Set when the page sent the visitor elsewhere. */
  landedOn?: string;
}

describe('every route at 390 and 1280 px', () => {
  let web: RunningWebApp;
  let browser: Browser;
  let guest: BrowserContext;
  let member: BrowserContext;
  let guestPage: Page;
  let memberPage: Page;
  /** Each `$name`'s real values: a route is walked once per value (screens after the first are numbered). */
  const params: Record<string, string[]> = {};

  beforeAll(async () => {
    [web, browser] = await Promise.all([startWebApp({ worker: true, ownPublicUrl: true }), launchBrowser()]);
    const demo = await seedDemoData(web);
    // The completed double knockouts (the widest brackets, with a losers' side, one after groups) and a
    // prize split whose 'Donation leaders' table has the most columns.
    params.id = CHALLENGES.map((title) => {
      const found = demo.tournaments.find((t) => t.title === title);
      if (!found) throw new Error(`The demo tournament ${title} is missing`);
      return found.id;
    });
    const donation = await eventually(async () => {
      const answer = await fetch(`${web.baseUrl}/api/donations?limit=50`);
      const body = (await answer.json()) as {
        data?: { donations?: Array<{ receiptCode: string; nonprofitEin: string | null }> };
      };
      return body.data?.donations?.find((gift) => gift.nonprofitEin !== null);
    });
    params.ein = [donation.nonprofitEin ?? ''];
    params.receiptCode = [donation.receiptCode];
    // As `npm start`'s seed does: the receipt's ledger entries in a signed checkpoint, so the walk lays out
    // their verified proofs rather than the waiting state.
    await signDemoCheckpoint(web.app);
    const timezoneId = 'UTC';
    guest = await browser.newContext({ baseURL: web.baseUrl, timezoneId });
    member = await browser.newContext({ baseURL: web.baseUrl, timezoneId });
    guestPage = await guest.newPage();
    memberPage = await member.newPage();
    const ben = demo.members.ben;
    if (!ben) throw new Error('The demo member ben is missing');
    await signIn(memberPage, web, { id: ben.accountId, username: ben.username });
    if (SCREENS_DIR) mkdirSync(SCREENS_DIR, { recursive: true });
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await web?.stop();
  });

  /** The paths that open `route`: one per value of its parameter (a route has one at most). */
  const pathsOf = (route: WebRoute): string[] => {
    const name = /\$(\w+)/.exec(route)?.[1];
    if (!name) return [`${route}${QUERIES[route] ?? ''}`];
    const values = params[name];
    if (!values?.length) throw new Error(`No value for ${route}'s $${name}: add one to the walk's params`);
    return values.map((value) => route.replace(`$${name}`, encodeURIComponent(value)));
  };

  async function settle(page: Page): Promise<void> {
    await page.locator('main').first().waitFor();
    // Data arrives after the frame: wait until no skeleton or loading text is left (bounded). The design
    // system's page shows a skeleton on purpose.
    await page
      .waitForFunction(
        () =>
          document.querySelector('.skeleton:not(.ui-gallery .skeleton)') === null &&
          !/Loading\.\.\./.test(document.querySelector('main')?.textContent ?? ''),
        undefined,
        { timeout: 10_000 },
      )
      .catch(() => undefined);
  }

  async function visit(
    page: Page,
    route: WebRoute,
    path: string,
    viewport: ViewportSize,
    screen?: string,
  ): Promise<Finding> {
    await page.setViewportSize(viewport);
    await page.goto(path);
    await settle(page);
    if (SCREENS_DIR && screen) {
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      const shot = await page.screenshot({
        fullPage: true,
        clip: { x: 0, y: 0, width: viewport.width, height: Math.min(height, MAX_SCREEN_HEIGHT) },
      });
      // A palette of 256 colours keeps the committed files small; flat UI colours lose nothing visible.
      const { default: sharp } = await import('sharp');
      await sharp(shot)
        .png({ palette: true, effort: 8, compressionLevel: 9 })
        .toFile(resolve(SCREENS_DIR, `${screen}-${viewport.width}.png`));
    }
    const layout = await layoutOffenders(page, { desktop: viewport.width >= DESKTOP.width });
    // The page itself must be what was checked, not where it sent the visitor (a guest at /profile),
    // unless sending on is all the page does.
    const landedOn = new URL(page.url()).pathname;
    const expected = REDIRECTS[route] ?? path.split('?')[0];
    return {
      path,
      width: viewport.width,
      layout,
      axe: await axeViolations(page),
      ...(landedOn === expected ? {} : { landedOn }),
    };
  }

  it.each([...WEB_ROUTES])(
    '%s: nothing wider than the screen, no hidden column, axe-clean',
    async (route) => {
      const page = MEMBER_ROUTES.has(route) ? memberPage : guestPage;
      const errors: string[] = [];
      const onError = (error: Error) => errors.push(error.message);
      page.on('pageerror', onError);
      const findings: Finding[] = [];
      try {
        for (const [index, path] of pathsOf(route).entries()) {
          for (const viewport of [PHONE, DESKTOP]) {
            const screen = index === 0 ? routeName(route) : `${routeName(route)}-${index + 1}`;
            findings.push(await visit(page, route, path, viewport, screen));
          }
        }
      } finally {
        page.off('pageerror', onError);
      }
      const report = findings.filter(
        (finding) => finding.layout.length > 0 || finding.axe.length > 0 || finding.landedOn !== undefined,
      );
      expect(report).toEqual([]);
      expect(errors).toEqual([]);
    },
  );
});
