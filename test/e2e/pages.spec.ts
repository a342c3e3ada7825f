import type { Browser, BrowserContext, Page } from 'playwright-core';
import { axeViolations } from './support/axe';
import { DESKTOP, launchBrowser, PHONE, saveScreenshot } from './support/browser';
import { createMember, signIn } from './support/member';
import { startWebApp, type RunningWebApp } from './support/web-app';

jest.setTimeout(120_000);

interface PageCase {
  name: string;
  path: string;
  /** Text that proves the page itself rendered, not just the frame. */
  expectText: string;
  /** The HTTP status the server answers (200 when absent). */
  status?: number;
  heading?: string;
}

const PAGES: PageCase[] = [
  { name: 'home', path: '/', expectText: 'Play. Compete. Reward.', heading: 'Play. Compete. Reward.' },
  {
    name: 'howitworks',
    path: '/howitworks',
    expectText: 'Donation & Disbursement Policy',
    heading: 'Skill games that fund verified nonprofits',
  },
  {
    name: 'referral',
    path: '/referral',
    expectText: '10% recurring share',
    heading: 'Invite friends, earn a reward',
  },
  { name: 'privacy-policy', path: '/privacy-policy', expectText: 'v1.0', heading: 'Privacy Policy' },
  { name: 'terms', path: '/terms', expectText: 'v2.0', heading: 'Terms of Use' },
  { name: 'referral-terms', path: '/referral-terms', expectText: 'v1.0', heading: 'Referral Program Terms' },
  // The app's not-found page, with a real 404 from the server.
  { name: 'not-found', path: '/no/such/page', expectText: 'Page not found', status: 404 },
  {
    name: 'design-system',
    path: '/dev/ui',
    expectText: 'Recent donations (sample)',
    heading: 'Design system',
  },
];

describe('every public page of the web app', () => {
  let web: RunningWebApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    [web, browser] = await Promise.all([startWebApp(), launchBrowser()]);
    context = await browser.newContext({ baseURL: web.baseUrl });
    page = await context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await web?.stop();
  });

  it.each(PAGES)(
    '$path renders in the shared frame at phone and desktop widths, axe-clean',
    async (pageCase) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      for (const viewport of [PHONE, DESKTOP]) {
        await page.setViewportSize(viewport);
        const response = await page.goto(pageCase.path);
        expect(response?.status()).toBe(pageCase.status ?? 200);
        await page.getByText(pageCase.expectText, { exact: false }).first().waitFor();
        if (pageCase.heading) {
          await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toContain(
            pageCase.heading,
          );
        }
        await expect(page.locator('header.site-header').count()).resolves.toBe(1);
        await expect(page.locator('footer').getByText('v2.0.1 login-rebuilt').count()).resolves.toBe(1);
        await expect(page.locator('footer').getByText('© 2025', { exact: false }).count()).resolves.toBe(1);
        // Nothing may stick out sideways at 390 px.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await saveScreenshot(page, pageCase.name);
        await expect(axeViolations(page)).resolves.toEqual([]);
      }
      page.removeAllListeners('pageerror');
      expect(errors).toEqual([]);
    },
  );

  it('shows a signed-in member the referral link, axe-clean', async () => {
    // Its own context: the member's tokens must not sign in the guest page of the other tests.
    const memberContext = await browser.newContext({ baseURL: web.baseUrl });
    const memberPage = await memberContext.newPage();
    try {
      const member = await createMember(web);
      await signIn(memberPage, web, member);
      for (const viewport of [PHONE, DESKTOP]) {
        await memberPage.setViewportSize(viewport);
        await memberPage.goto('/referral?option=2');
        await memberPage.locator(`input[value$="ref=${member.referralCode}&option=2"]`).waitFor();
        await saveScreenshot(memberPage, 'referral-member');
        await expect(axeViolations(memberPage)).resolves.toEqual([]);
      }
      // A member is never asked to join again.
      await memberPage.goto('/');
      await memberPage.getByRole('link', { name: 'See membership plans' }).waitFor();
      await memberPage
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Profile' })
        .waitFor();
      await expect(memberPage.getByRole('link', { name: 'JOIN FREE' }).count()).resolves.toBe(0);
      await saveScreenshot(memberPage, 'home-member');
    } finally {
      await memberContext.close();
    }
  });

  it('shows only the plain text for an unknown path, with nothing else in the main area', async () => {
    const response = await page.goto('/charity-onboarding-typo');
    expect(response?.status()).toBe(404);
    await expect(page.locator('main').innerText()).resolves.toBe('Page not found');
  });

  it('hides the developer pages where the server says they do not exist (it answers /api/dev/tools 404)', async () => {
    const production = await context.newPage();
    try {
      await production.route('**/api/dev/tools', (route) =>
        route.fulfill({
          status: 404,
          contentType: 'application/json',
          body: JSON.stringify({ success: false, message: 'Not Found', statusCode: 404 }),
        }),
      );
      for (const path of ['/dev/ui', '/dev/mailbox']) {
        await production.goto(path);
        await production.getByText('Page not found').waitFor();
        await expect(production.locator('main').innerText()).resolves.toBe('Page not found');
      }
    } finally {
      await production.close();
    }
  });

  it('has the legal pages with the section counts and dates the spec gives', async () => {
    const expected = [
      { path: '/privacy-policy', version: 'v1.0', sections: 15 },
      { path: '/terms', version: 'v2.0', sections: 13 },
      { path: '/referral-terms', version: 'v1.0', sections: 7 },
    ];
    for (const legal of expected) {
      await page.goto(legal.path);
      const facts = page.getByRole('region', { name: 'Document version' });
      await expect(facts.innerText()).resolves.toMatch(
        new RegExp(`${legal.version}[\\s\\S]*October 24, 2025[\\s\\S]*October 24, 2025`),
      );
      await expect(page.locator('.accordion__trigger').count()).resolves.toBe(legal.sections);
    }
  });

  it('links the footer to the referral terms, terms of use and privacy policy', async () => {
    await page.goto('/');
    const footer = page.locator('footer');
    await expect(footer.getByText('fundraising facilitator', { exact: false }).count()).resolves.toBe(1);
    await expect(
      footer.getByText('gambling, a sweepstake or an investment', { exact: false }).count(),
    ).resolves.toBe(1);
    for (const [label, path] of [
      ['Referral Program Terms', '/referral-terms'],
      ['Terms of Use', '/terms'],
      ['Privacy Policy', '/privacy-policy'],
      ['Donate', '/donate'],
      ['Membership plans', '/subscription'],
    ] as const) {
      await expect(footer.getByRole('link', { name: label }).getAttribute('href')).resolves.toBe(path);
    }
    // Donating and the plans are a click away from the header and the home page too; guests see JOIN FREE.
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Donate' }).getAttribute('href')).resolves.toBe('/donate');
    await expect(nav.getByRole('link', { name: 'Plans' }).getAttribute('href')).resolves.toBe(
      '/subscription',
    );
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Donate' }).getAttribute('href')).resolves.toBe('/donate');
    await expect(main.getByRole('link', { name: 'See membership plans' }).getAttribute('href')).resolves.toBe(
      '/subscription',
    );
    await main.getByRole('link', { name: 'JOIN FREE' }).waitFor();
  });
});
