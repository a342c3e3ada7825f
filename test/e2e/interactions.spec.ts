import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DESKTOP, launchBrowser, PHONE, saveScreenshot } from './support/browser';
import { recordDiagnostics } from './support/diagnostics';
import { createMember, signIn, type TestMember } from './support/member';
import { startWebApp, type RunningWebApp } from './support/web-app';

jest.setTimeout(120_000);

describe('web app interactions in Chromium', () => {
  let web: RunningWebApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let saveDiagnostics: () => Promise<void>;
  let member: TestMember;

  beforeAll(async () => {
    [web, browser] = await Promise.all([startWebApp(), launchBrowser()]);
    member = await createMember(web);
  });

  afterAll(async () => {
    await browser?.close();
    await web?.stop();
  });

  beforeEach(async () => {
    context = await browser.newContext({ baseURL: web.baseUrl, viewport: DESKTOP, acceptDownloads: true });
    page = await context.newPage();
    saveDiagnostics = recordDiagnostics(page, expect.getState().currentTestName ?? 'test');
  });

  afterEach(async () => {
    await saveDiagnostics();
    await context.close();
  });

  const mainText = () => page.locator('main').innerText();
  const toast = (text: string) => page.getByRole('status').filter({ hasText: text });

  describe('navigation', () => {
    it('moves between pages from the header without reloading the app', async () => {
      await page.goto('/');
      await page.evaluate(() => ((window as unknown as { appMarker: number }).appMarker = 42));
      const nav = page.getByRole('navigation', { name: 'Main' });

      await nav.getByRole('link', { name: 'How it works' }).click();
      await page.waitForURL('**/howitworks');
      await page
        .getByRole('heading', { level: 1, name: 'Skill games that fund verified nonprofits' })
        .waitFor();

      await nav.getByRole('link', { name: 'Referral' }).click();
      await page.waitForURL('**/referral');
      await page.getByRole('heading', { level: 1, name: 'Invite friends, earn a reward' }).waitFor();

      await nav.getByRole('link', { name: 'Challenges' }).click();
      await page.waitForURL('**/challenges');
      await nav.getByRole('link', { name: 'Find Charity' }).click();
      await page.waitForURL('**/find-charity');
      await nav.getByRole('link', { name: 'Login' }).click();
      // The header's Login link brings the member back to the page they were on (?redirect=/find-charity).
      await page.waitForURL((url) => url.pathname === '/login');

      await nav.getByRole('link', { name: 'Home' }).click();
      await page.waitForURL(`${web.baseUrl}/`);
      await page.getByRole('heading', { level: 1, name: 'Play. Compete. Reward.' }).waitFor();
      await expect(
        page.evaluate(() => (window as unknown as { appMarker?: number }).appMarker),
      ).resolves.toBe(42);
    });

    it('sends the hero buttons to sign-up, challenges and how it works', async () => {
      for (const [name, path] of [
        ['JOIN FREE', '/create-account'],
        ['Start Playing', '/challenges'],
        ['How it works', '/howitworks'],
      ] as const) {
        await page.goto('/');
        await page.locator('.hero').getByRole('link', { name }).click();
        await page.waitForURL(`**${path}`);
      }
    });

    it('opens and closes the menu on a phone', async () => {
      await page.setViewportSize(PHONE);
      await page.goto('/');
      const menu = page.getByRole('button', { name: 'Open menu' });
      await expect(menu.getAttribute('aria-expanded')).resolves.toBe('false');
      await expect(page.getByRole('navigation', { name: 'Main' }).isVisible()).resolves.toBe(false);
      await menu.click();
      await expect(
        page.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded'),
      ).resolves.toBe('true');
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Referral' }).click();
      await page.waitForURL('**/referral');
      await expect(page.getByRole('navigation', { name: 'Main' }).isVisible()).resolves.toBe(false);
    });

    it('shows Profile instead of Login for a signed-in member', async () => {
      await signIn(page, web, member);
      await page.goto('/');
      const nav = page.getByRole('navigation', { name: 'Main' });
      await nav.getByRole('link', { name: 'Profile' }).waitFor();
      await expect(nav.getByRole('link', { name: 'Login' }).count()).resolves.toBe(0);
    });

    it('renders Page not found for client routes that do not exist, on reload too', async () => {
      await page.goto('/challenges-archive');
      await expect(mainText()).resolves.toBe('Page not found');
      await page.reload();
      await expect(mainText()).resolves.toBe('Page not found');
    });

    it("takes the home page's 'Find a charity' to the charity search", async () => {
      await page.goto('/');
      await page.getByRole('link', { name: 'Find a charity' }).click();
      await page.waitForURL('**/find-charity');
      await page.getByRole('heading', { level: 1, name: 'Find a charity' }).waitFor();
    });
  });

  describe('errors', () => {
    it("shows a route's error boundary when its code fails to load, and Try again recovers", async () => {
      await page.goto('/');
      await page.route('**/assets/terms-*.js', (route) => route.abort());
      await page.locator('footer').getByRole('link', { name: 'Terms of Use' }).click();
      const alert = page.getByRole('alert').filter({ hasText: 'This page could not be loaded' });
      await alert.waitFor();
      await expect(alert.innerText()).resolves.toContain('Check your connection and try again.');
      await expect(page.locator('header.site-header').isVisible()).resolves.toBe(true);

      await page.unroute('**/assets/terms-*.js');
      await page.getByRole('button', { name: 'Try again' }).click();
      await page.getByRole('heading', { level: 1, name: 'Terms of Use' }).waitFor();
    });
  });

  describe('session', () => {
    it('refreshes once on a 401, retries, and keeps the member signed in', async () => {
      const refreshBodies: unknown[] = [];
      let profileCalls = 0;
      await page.route('**/api/auth/profile', (route) => {
        profileCalls += 1;
        const fresh = route.request().headers().authorization === 'Bearer access-2';
        return fresh
          ? route.fulfill({
              status: 200,
              contentType: 'application/json',
              body: JSON.stringify({ success: true, data: member }),
            })
          : route.fulfill({
              status: 401,
              contentType: 'application/json',
              body: JSON.stringify({ message: 'Unauthorized' }),
            });
      });
      await page.route('**/api/auth/refresh', (route) => {
        refreshBodies.push(route.request().postDataJSON());
        return route.fulfill({
          status: 200,
          contentType: 'application/json',
          body: JSON.stringify({
            success: true,
            data: { tokens: { accessToken: 'access-2', refreshToken: 'refresh-2' } },
          }),
        });
      });
      await page.addInitScript(() => {
        if (window.localStorage.getItem('refreshToken')) return;
        window.localStorage.setItem('accessToken', 'access-1');
        window.localStorage.setItem('refreshToken', 'refresh-1');
      });
      await page.goto('/');
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }).waitFor();
      expect(refreshBodies).toEqual([{ refreshToken: 'refresh-1' }]);
      expect(profileCalls).toBe(2);
      await expect(
        page.evaluate(() => [localStorage.getItem('accessToken'), localStorage.getItem('refreshToken')]),
      ).resolves.toEqual(['access-2', 'refresh-2']);
    });

    it('clears the tokens and signs out when the refresh fails', async () => {
      await page.route('**/api/auth/profile', (route) => route.fulfill({ status: 401, body: '{}' }));
      await page.route('**/api/auth/refresh', (route) => route.fulfill({ status: 401, body: '{}' }));
      await page.goto('/');
      await page.evaluate(() => {
        localStorage.setItem('accessToken', 'stale');
        localStorage.setItem('refreshToken', 'stale');
      });
      await page.reload();
      await page.waitForFunction(() => localStorage.getItem('accessToken') === null);
      await expect(page.evaluate(() => localStorage.getItem('refreshToken'))).resolves.toBeNull();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }).waitFor();
    });

    it('re-checks the session when another tab signs out', async () => {
      await signIn(page, web, member);
      await page.goto('/');
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }).waitFor();
      const otherTab = await context.newPage();
      await otherTab.goto('/terms');
      await otherTab.evaluate(() => {
        localStorage.removeItem('accessToken');
        localStorage.removeItem('refreshToken');
      });
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }).waitFor();
    });
  });

  describe('toasts', () => {
    // The toasts' lifetimes run on the page's fake clock (Playwright's clock), so the suite does not wait them out.
    it('shows an error toast at the top right that leaves after 4 seconds', async () => {
      await page.clock.install();
      await page.goto('/referral');
      await page.getByRole('button', { name: 'Copy link' }).click();
      const shown = toast('Please login to share your link');
      await shown.waitFor();
      const box = await shown.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x + box!.width).toBeGreaterThan(DESKTOP.width * 0.75);
      expect(box!.y).toBeLessThan(DESKTOP.height * 0.25);

      await page.clock.runFor(3900);
      await expect(shown.count()).resolves.toBe(1);
      // 4000 ms on screen, then removed 1000 ms after it is dismissed.
      await page.clock.runFor(2000);
      await shown.waitFor({ state: 'detached', timeout: 5000 });
    });

    it('keeps at most 20 toasts', async () => {
      await page.goto('/referral');
      // 25 clicks in one go: from the test runner they would take longer than a toast lives.
      await page.getByRole('button', { name: 'Share' }).evaluate((button: HTMLElement) => {
        for (let click = 0; click < 25; click += 1) button.click();
      });
      await toast('Please login to share your link').first().waitFor();
      await expect(toast('Please login to share your link').count()).resolves.toBe(20);
    });

    // How long it stays is the toaster's setting (web/src/features/shell/toast-options.spec.ts): no timing asserted here.
    it('shows a success toast that goes away by itself when a member copies the link', async () => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await page.clock.install();
      await signIn(page, web, member);
      await page.goto('/referral');
      await page
        .getByRole('textbox', { name: 'Referral link' })
        .and(page.locator(`[value*="${member.referralCode}"]`))
        .waitFor();
      await page.getByRole('button', { name: 'Copy link' }).click();
      const shown = toast('Referral link copied');
      await shown.waitFor();
      await page.clock.runFor(10_000);
      await shown.waitFor({ state: 'detached', timeout: 5000 });
    });
  });

  describe('referral link', () => {
    it('carries the member code and the chosen reward option, and copies exactly that', async () => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await signIn(page, web, member);
      await page.goto('/referral');
      const link = page.getByRole('textbox', { name: 'Referral link' });
      await page.waitForFunction(
        () => (document.getElementById('referral-link-value') as HTMLInputElement | null)?.value,
      );
      await expect(link.inputValue()).resolves.toBe(
        `${web.baseUrl}/join?ref=${member.referralCode}&option=1`,
      );

      await page.getByRole('radio', { name: /One-time/ }).check();
      await page.waitForURL('**/referral?option=2');
      await expect(link.inputValue()).resolves.toBe(
        `${web.baseUrl}/join?ref=${member.referralCode}&option=2`,
      );
      await page.getByRole('button', { name: 'Copy link' }).click();
      await toast('Referral link copied').waitFor();
      await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(
        `${web.baseUrl}/join?ref=${member.referralCode}&option=2`,
      );

      await page.getByRole('radio', { name: /Recurring/ }).check();
      await expect(link.inputValue()).resolves.toMatch(/&option=1$/);
    });

    it('keeps the option from the address and ignores an invalid one', async () => {
      await signIn(page, web, member);
      await page.goto('/referral?option=2');
      await expect(page.getByRole('radio', { name: /One-time/ }).isChecked()).resolves.toBe(true);
      await page.goto('/referral?option=7');
      await expect(page.getByRole('radio', { name: /Recurring/ }).isChecked()).resolves.toBe(true);
    });

    it("says 'Failed to copy link' when the clipboard refuses", async () => {
      await signIn(page, web, member);
      await page.goto('/referral');
      await page.waitForFunction(
        () => (document.getElementById('referral-link-value') as HTMLInputElement | null)?.value,
      );
      await page.evaluate(() => {
        Object.defineProperty(navigator, 'clipboard', {
          value: { writeText: () => Promise.reject(new Error('denied')) },
        });
      });
      await page.getByRole('button', { name: 'Copy link' }).click();
      await toast('Failed to copy link').waitFor();
    });
  });

  describe('accordions', () => {
    it('open and close by mouse and keyboard, announcing their state', async () => {
      await page.goto('/howitworks');
      const trigger = page.getByRole('button', { name: 'Billing & Refunds' });
      const region = page.getByRole('region', { name: 'Billing & Refunds' });
      await expect(trigger.getAttribute('aria-expanded')).resolves.toBe('false');
      await expect(region.count()).resolves.toBe(0);

      await trigger.click();
      await expect(trigger.getAttribute('aria-expanded')).resolves.toBe('true');
      await expect(region.innerText()).resolves.toMatch(/refund/i);
      await saveScreenshot(page, 'howitworks-open');

      await trigger.click();
      await expect(trigger.getAttribute('aria-expanded')).resolves.toBe('false');

      const eligibility = page.getByRole('button', { name: 'Eligibility & Geography' });
      await eligibility.focus();
      await page.keyboard.press('Enter');
      await expect(eligibility.getAttribute('aria-expanded')).resolves.toBe('true');
      await expect(
        page.getByRole('region', { name: 'Eligibility & Geography' }).innerText(),
      ).resolves.toMatch(/18/);
    });

    it('links the compliance page to challenges, the ledger and the terms', async () => {
      await page.goto('/howitworks');
      for (const [name, href] of [
        ['Browse open challenges', '/challenges'],
        ['Check the verified donation ledger', '/#ledger'],
        ['Read the full Terms of Use', '/terms'],
      ] as const) {
        await expect(page.getByRole('link', { name }).getAttribute('href')).resolves.toBe(href);
      }
    });
  });

  describe('design system', () => {
    it('traps focus in the modal, closes it with Escape and returns focus to the opener', async () => {
      await page.goto('/dev/ui');
      const opener = page.getByRole('button', { name: 'Open modal' });
      await opener.click();
      const dialog = page.getByRole('dialog', { name: 'Invite a charity' });
      await dialog.waitFor();
      const focusInDialog = () => page.evaluate(() => Boolean(document.activeElement?.closest('dialog')));
      await expect(focusInDialog()).resolves.toBe(true);
      await saveScreenshot(page, 'design-system-modal', { fullPage: false });
      for (let press = 0; press < 8; press += 1) {
        await page.keyboard.press('Tab');
        await expect(focusInDialog()).resolves.toBe(true);
      }
      await page.keyboard.press('Shift+Tab');
      await expect(focusInDialog()).resolves.toBe(true);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await expect(opener.evaluate((button) => button === document.activeElement)).resolves.toBe(true);
    });

    it('shows a toast above an open modal, not under its backdrop', async () => {
      await page.goto('/dev/ui');
      await page.getByRole('button', { name: 'Open modal' }).click();
      const dialog = page.getByRole('dialog', { name: 'Invite a charity' });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Send invitation' }).click();
      const shown = toast("Enter the organization's name");
      await shown.waitFor();
      // The dialog makes the page behind it inert, so hit testing cannot tell what is painted on top:
      // look at the pixels instead. A toast under the backdrop is grey, one above it is white.
      await page.waitForFunction(() =>
        document
          .getAnimations()
          .filter((animation) => {
            const target = (animation.effect as KeyframeEffect | null)?.target;
            return target instanceof Element && target.classList.contains('toast');
          })
          .every((animation) => animation.playState !== 'running'),
      );
      const box = (await shown.boundingBox())!;
      const shot = await page.screenshot({ clip: { x: box.x, y: box.y, width: 4, height: 4 } });
      const brightest = await page.evaluate(async (png) => {
        const image = new Image();
        image.src = `data:image/png;base64,${png}`;
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = image.width;
        canvas.height = image.height;
        const context = canvas.getContext('2d')!;
        context.drawImage(image, 0, 0);
        const { data } = context.getImageData(0, 0, image.width, image.height);
        let max = 0;
        for (let i = 0; i < data.length; i += 4)
          max = Math.max(max, Math.min(data[i]!, data[i + 1]!, data[i + 2]!));
        return max;
      }, shot.toString('base64'));
      await saveScreenshot(page, 'design-system-modal-toast', { fullPage: false });
      expect(brightest).toBeGreaterThan(240);
      await expect(dialog.isVisible()).resolves.toBe(true);
      await page.keyboard.press('Escape');
    });

    it('moves between tabs with the arrow keys', async () => {
      await page.goto('/dev/ui');
      const phone = page.getByRole('tab', { name: 'Phone' });
      await phone.focus();
      await page.keyboard.press('ArrowRight');
      const email = page.getByRole('tab', { name: 'Email' });
      await expect(email.getAttribute('aria-selected')).resolves.toBe('true');
      await expect(email.evaluate((tab) => tab === document.activeElement)).resolves.toBe(true);
      await page.getByRole('tabpanel').getByLabel('Email address').fill('nope');
      await page.getByText('Please enter your email address.').waitFor();
      await email.focus();
      await page.keyboard.press('Home');
      await expect(phone.getAttribute('aria-selected')).resolves.toBe('true');
    });

    it('keeps a loading toast until it is dismissed', async () => {
      await page.clock.install();
      await page.goto('/dev/ui');
      await page.getByRole('button', { name: 'Loading toast' }).click();
      const shown = toast('Saving...');
      await shown.waitFor();
      await page.clock.runFor(60_000);
      await expect(shown.count()).resolves.toBe(1);
      await page.getByRole('button', { name: 'Dismiss toasts' }).click();
      await shown.waitFor({ state: 'detached', timeout: 5000 });
    });

    it('keeps a blank toast for 4 seconds like an error', async () => {
      await page.clock.install();
      await page.goto('/dev/ui');
      await page.getByRole('button', { name: 'Blank toast' }).click();
      const shown = toast('Saved as draft');
      await shown.waitFor();
      await page.clock.runFor(3900);
      await expect(shown.count()).resolves.toBe(1);
      await page.clock.runFor(2000);
      await shown.waitFor({ state: 'detached', timeout: 5000 });
    });
  });

  describe('legal pages', () => {
    it('Print opens the browser print, and the print stylesheet shows only the document', async () => {
      await page.goto('/terms');
      await page.evaluate(() => {
        const counted = window as unknown as { printCalls: number };
        counted.printCalls = 0;
        window.print = () => {
          counted.printCalls += 1;
        };
      });
      await page.getByRole('button', { name: 'Print' }).click();
      await expect(
        page.evaluate(() => (window as unknown as { printCalls: number }).printCalls),
      ).resolves.toBe(1);

      await page.emulateMedia({ media: 'print' });
      await expect(page.locator('header.site-header').isVisible()).resolves.toBe(false);
      await expect(page.locator('footer').isVisible()).resolves.toBe(false);
      await expect(page.getByRole('button', { name: 'Download PDF' }).isVisible()).resolves.toBe(false);
      const panels = page.locator('.accordion__panel');
      await expect(panels.count()).resolves.toBe(13);
      await expect(panels.last().isVisible()).resolves.toBe(true);
    });

    it('Download PDF saves a real PDF of the document', async () => {
      await page.goto('/privacy-policy');
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download PDF' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('charity-arena-privacy-policy-v1.0.pdf');
      const path = await download.path();
      const bytes = readFileSync(path);
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const text = bytes.toString('latin1');
      expect(text).toContain('(Privacy Policy)');
      expect(text).toContain('Children');
    });
  });
});
