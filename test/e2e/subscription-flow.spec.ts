import { copyFileSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { SubscriptionMessages as M } from '@arena/contracts/subscriptions.messages';
import { sql } from 'kysely';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { DESKTOP, launchBrowser, PHONE, SCREENSHOT_DIR, screenshotsWanted } from './support/browser';
import { captureAtBothWidths } from './support/capture';
import { recordDiagnostics } from './support/diagnostics';
import { createMember, signIn, type TestMember } from './support/member';
import { startWebApp, type RunningWebApp } from './support/web-app';

jest.setTimeout(240_000);

/** Webhooks travel through the worker's queue and read models follow them: generous, but bounded. */
const SETTLE_MS = 60_000;
/** Where the pictures people look at are copied too. */
const SHOTS_DIR = process.env.SHOTS_DIR ?? '/tmp/shots-e2e';
const TEST_CARD = '4242424242424242';

const longDate = (iso: string | Date) =>
  new Date(iso).toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

/**
 * Issue 13 end to end against the real API, the worker and the local payment driver (no answers
 * stubbed): a member who joined through a referral link subscribes to Premium on the local checkout page,
 * upgrades to Premium+, visits the local billing portal and comes back, and cancels at period end; their
 * referrer's Referral Program shows the rewards pending, released once the test clock passes the refund
 * window, and paid once the next month's 1st has passed and the referrer's payout account is ready.
 */
describe('subscribing, and the referrer rewarded', () => {
  let web: RunningWebApp;
  let browser: Browser;
  let referrer: TestMember;
  let member: TestMember;
  let referrerContext: BrowserContext;
  let memberContext: BrowserContext;
  let memberPage: Page;
  let referrerPage: Page;
  let periodEnd = '';
  const errors: string[] = [];
  const diagnostics: (() => Promise<void>)[] = [];

  async function openPage(context: BrowserContext, name: string): Promise<Page> {
    const page = await context.newPage();
    page.on('pageerror', (error) => errors.push(`${name}: ${error.message}`));
    diagnostics.push(recordDiagnostics(page, `subscription-flow-${name}`));
    return page;
  }

  /** Reloads `path` until `shown` finds what it waits for: a read model follows a webhook, not the click. */
  async function reloadUntil(page: Page, path: string, shown: () => Locator): Promise<void> {
    const deadline = Date.now() + SETTLE_MS;
    await page.goto(path);
    for (;;) {
      try {
        await shown().waitFor({ timeout: 2_000 });
        return;
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await page.reload();
      }
    }
  }

  async function advanceClock(by: { days?: number; months?: number }): Promise<{ from: string; to: string }> {
    const answer = await fetch(`${web.baseUrl}/api/dev/payments/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(by),
    });
    expect(answer.status).toBe(200);
    return ((await answer.json()) as { data: { from: string; to: string } }).data;
  }

  async function capture(page: Page, name: string, options?: { fullPage?: boolean }): Promise<void> {
    await captureAtBothWidths(page, name, options);
    if (!screenshotsWanted()) return;
    mkdirSync(SHOTS_DIR, { recursive: true });
    for (const { width } of [PHONE, DESKTOP]) {
      const file = `${name}-${width}.png`;
      copyFileSync(resolve(SCREENSHOT_DIR, file), resolve(SHOTS_DIR, file));
    }
  }

  const toast = (page: Page, text: string) =>
    page.locator('.toast-layer [role="status"]').getByText(text, { exact: true }).first();
  const referralSection = () => referrerPage.getByRole('region', { name: 'Referral Program' });
  const rewardRows = () =>
    referralSection()
      .getByRole('table', { name: 'Your referral rewards' })
      .getByRole('row')
      .filter({ hasText: `@${member.username}` });
  /** Every reward row shows `status`, and there are `count` of them. */
  const rewardsAre = (status: string, count: number) => async () => {
    const texts = await rewardRows().allInnerTexts();
    return texts.length === count && texts.every((text) => text.includes(status));
  };

  async function untilRewards(status: string, count: number): Promise<void> {
    const deadline = Date.now() + SETTLE_MS;
    await referrerPage.goto('/profile');
    for (;;) {
      // Not the rewards table: a referrer with no reward yet has the first-run profile, without it.
      await referralSection().getByRole('textbox', { name: 'Your referral link' }).waitFor();
      if (await rewardsAre(status, count)()) return;
      if (Date.now() > deadline) {
        throw new Error(`Rewards not ${status}: ${(await rewardRows().allInnerTexts()).join(' | ')}`);
      }
      await new Promise((resolveWait) => setTimeout(resolveWait, 1_000));
      await referrerPage.reload();
    }
  }

  beforeAll(async () => {
    [web, browser] = await Promise.all([startWebApp({ worker: true, ownPublicUrl: true }), launchBrowser()]);
    referrer = await createMember(web);
    member = await createMember(web);
    // The member joined through the referrer's recurring link (/join?ref=CODE&option=1).
    await sql`
      UPDATE accounts SET referred_by_code = ${referrer.referralCode}, referral_option = 1
      WHERE id = ${member.id}
    `.execute(web.database.db);
    memberContext = await browser.newContext({ baseURL: web.baseUrl, viewport: DESKTOP, timezoneId: 'UTC' });
    referrerContext = await browser.newContext({
      baseURL: web.baseUrl,
      viewport: DESKTOP,
      timezoneId: 'UTC',
    });
    memberPage = await openPage(memberContext, 'member');
    referrerPage = await openPage(referrerContext, 'referrer');
    await signIn(memberPage, web, member);
    await signIn(referrerPage, web, referrer);
  });

  afterEach(async () => {
    for (const save of diagnostics) await save();
  });

  afterAll(async () => {
    await browser?.close();
    await web?.stop();
  });

  it('subscribes to Premium through the local checkout, and the success page shows it once the webhook lands', async () => {
    const page = memberPage;
    await page.goto('/subscription');
    await page.getByRole('article', { name: 'Free', exact: true }).getByText('Current plan').waitFor();
    await page.getByRole('main').getByText('Test mode').waitFor();
    await capture(page, 'subscription-flow-plans-free');

    await page.getByRole('button', { name: 'Subscribe to Premium', exact: true }).click();
    await page.waitForURL(/\/api\/payments\/local\/checkout\//);
    await page.getByText('per month').first().waitFor();
    await page.getByLabel('Card number (test)').fill(TEST_CARD);
    await page.getByRole('button', { name: 'Subscribe $4.99' }).click();

    await page.waitForURL(/\/subscription\/success\?session_id=cs_.*&plan=PREMIUM/);
    await page.getByRole('status').filter({ hasText: 'You are on Premium.' }).waitFor({ timeout: SETTLE_MS });
    const stored = await sql<{ current_period_end: Date }>`
      SELECT current_period_end FROM payment_local_subscriptions
    `.execute(web.database.db);
    expect(stored.rows).toHaveLength(1);
    periodEnd = longDate(stored.rows[0]!.current_period_end);
    await page.getByText(`Renews on ${periodEnd}.`).waitFor();
  });

  it('upgrades to Premium+ on /subscription/manage, visits the billing portal and comes back, and cancels', async () => {
    const page = memberPage;
    await page.goto('/subscription/manage');
    await page.getByRole('heading', { name: 'Premium', exact: true }).waitFor();
    const facts = page.locator('.subscription__facts');
    await expect(facts.innerText()).resolves.toMatch(new RegExp(`Next billing date\\s+${periodEnd}`));
    await capture(page, 'subscription-flow-manage-premium');

    await page.getByRole('button', { name: 'Upgrade to Premium+' }).click();
    await toast(page, M.upgraded).waitFor();
    await page.getByRole('heading', { name: 'Premium+', exact: true }).waitFor();
    await expect(page.getByRole('button', { name: /^Upgrade/ }).count()).resolves.toBe(0);

    // The local portal stands in for the provider's: the plan and its invoices, then back to the app.
    await page.getByRole('button', { name: 'Manage payment' }).click();
    await page.waitForURL(/\/api\/payments\/local\/portal\//);
    await page.getByRole('heading', { name: 'Billing' }).waitFor();
    const invoices = page.getByRole('region', { name: 'Invoices' }).getByRole('row');
    await expect(invoices.count()).resolves.toBe(3); // the header, the first month, the upgrade
    await page.getByRole('link', { name: 'Return to Charity Arena' }).click();
    await page.waitForURL('**/subscription/manage');
    // The plan the page reads is the one the provider's webhooks recorded: the upgrade's may still travel.
    await reloadUntil(page, '/subscription/manage', () =>
      page.getByRole('heading', { name: 'Premium+', exact: true }),
    );

    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel your subscription?' });
    await dialog.getByText(`You keep Premium+ until ${periodEnd}.`, { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Yes, cancel' }).click();
    await toast(page, M.canceled).waitFor();
    await expect(facts.innerText()).resolves.toMatch(new RegExp(`Ends on\\s+${periodEnd}`));
    await expect(page.getByRole('button', { name: 'Cancel subscription' }).count()).resolves.toBe(0);
    await capture(page, 'subscription-flow-manage-canceled');

    await page.goto('/subscription');
    await page.getByRole('article', { name: 'Premium+', exact: true }).getByText('Current plan').waitFor();
    await capture(page, 'subscription-flow-plans-premium-plus');
  });

  it("shows the referrer the rewards pending, released after the refund window, then paid with the next month's payout", async () => {
    // Two payments by the referred member: the first month ($4.99) and the upgrade's proration.
    await untilRewards('Pending', 2);
    const first = rewardRows().filter({ hasText: '$4.99' });
    await expect(first.innerText()).resolves.toContain('$0.49');
    // A money column shows cents on every row, whole dollars too ($5.00 above $4.99).
    for (const row of await rewardRows().allInnerTexts())
      expect(row).toMatch(/^@\S+\s+\$\d+\.\d\d\s+\$\d+\.\d\d\s/);
    await expect(referralSection().innerText()).resolves.toContain(
      '1 joined through your link, 1 still active.',
    );

    const { to } = await advanceClock({ days: 31 });
    await untilRewards('Released', 2);

    // The payout account, onboarded on the local provider's form, is ready once its webhook lands.
    await referralSection().getByRole('button', { name: 'Set Up Payout Account' }).click();
    await referrerPage.waitForURL(/\/api\/payments\/local\/connect\//);
    await referrerPage.getByLabel('Full name').fill('Rae Ferrer');
    await referrerPage.getByLabel('Routing number').fill('110000000');
    await referrerPage.getByLabel('Account number').fill('000123456789');
    await referrerPage.getByLabel("I accept the test provider's terms").check();
    await referrerPage.getByRole('button', { name: 'Agree and submit' }).click();
    await referrerPage.waitForURL('**/profile#referral');
    await reloadUntil(referrerPage, '/profile', () =>
      referralSection().getByText('Your payout account is ready: rewards are paid to it monthly.'),
    );

    // Past the next month's 1st: that month's payout pays the released rewards.
    const now = new Date(to);
    const nextFirst = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
    await advanceClock({ days: Math.ceil((nextFirst - now.getTime()) / 86_400_000) + 1 });
    await untilRewards('Paid', 2);
    const payouts = referralSection().getByRole('table', { name: 'Your referral payouts' }).getByRole('row');
    await expect(payouts.count()).resolves.toBe(2);
    await expect(payouts.nth(1).innerText()).resolves.toMatch(/tr_local_/);

    await referrerPage.waitForFunction(() => document.querySelectorAll('.skeleton').length === 0);
    // The payout in the referrer's transactions, its month named as people say it.
    await referrerPage
      .getByRole('region', { name: 'Transactions & Earnings' })
      .getByText(/^Referral payout for [A-Z][a-z]+ \d{4} to your payout account$/)
      .waitFor();
    await capture(referrerPage, 'subscription-flow-referrer-profile');
    expect(errors).toEqual([]);
  });
});
