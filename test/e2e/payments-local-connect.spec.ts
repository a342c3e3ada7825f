import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { Payments } from '@arena/payments';
import { startPaymentsApi, type PaymentsHarness } from '../integration/payments.harness';
import { axeViolations } from './support/axe';
import { DESKTOP, launchBrowser, PHONE, saveScreenshot } from './support/browser';

jest.setTimeout(120_000);

/**
 * The local payment driver's hosted onboarding form in Chromium, at phone width: readable, accessible,
 * working under the API's Content-Security-Policy with no script, and back to the app when done.
 */
describe("the local payment driver's onboarding form in a browser", () => {
  let harness: PaymentsHarness;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const problems: string[] = [];

  beforeAll(async () => {
    [harness, browser] = await Promise.all([startPaymentsApi(), launchBrowser()]);
    context = await browser.newContext({ viewport: PHONE });
    page = await context.newPage();
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      // A 422 answer (the form with its errors) and the missing favicon are logged too; they are expected.
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
        problems.push(message.text());
    });
  });

  afterAll(async () => {
    await browser?.close();
    await harness?.close();
  });

  async function link(organizationName: string) {
    const payments = harness.api.get(Payments);
    const charityId = randomUUID();
    const account = await payments.createConnectedAccount({
      ein: '12-3456789',
      organizationName,
      email: 'finance@harbor.example.org',
      charityId,
      idempotencyKey: `onboard-${charityId}`,
    });
    const created = await payments.createAccountLink({
      accountId: account.id,
      returnUrl: `${harness.baseUrl}/api/health?onboarded=${account.id}`,
      refreshUrl: `${harness.baseUrl}/api/health?refresh=${account.id}`,
    });
    return { account, url: created.url };
  }

  it('fits a phone, says test mode, has no serious accessibility issue, and submits back to the app', async () => {
    const { account, url } = await link('Harbor Food Bank of the Greater Bay Area');
    await page.goto(url);
    await page.getByRole('note').getByText('Test mode — local payment provider').waitFor();
    expect(await page.getByLabel('Organization name').inputValue()).toBe(
      'Harbor Food Bank of the Greater Bay Area',
    );
    expect(await page.getByLabel('EIN').inputValue()).toBe('12-3456789');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'payments-local-connect');

    // A mistake first: the form comes back with the error beside its field.
    await page.getByLabel('Full name').fill('Dana Ortiz');
    await page.getByLabel('Routing number').fill('123456789');
    await page.getByLabel('Account number').fill('000123456789');
    await page.getByRole('button', { name: 'Agree and submit' }).click();
    await page.getByRole('alert').getByText('Please correct the fields marked below.').waitFor();
    await page.getByText('Enter a valid 9-digit routing number').waitFor();
    expect(await page.getByLabel('Full name').inputValue()).toBe('Dana Ortiz');
    expect(await axeViolations(page)).toEqual([]);

    await page.getByLabel('Routing number').fill('110000000');
    await page.getByLabel('Account number').fill('000123456789');
    await page.getByLabel("I accept the test provider's terms").check();
    await page.getByRole('button', { name: 'Agree and submit' }).click();
    await page.waitForURL(`**/api/health?onboarded=${account.id}`);
    expect(await harness.api.get(Payments).retrieveConnectedAccount(account.id)).toMatchObject({
      payoutsEnabled: true,
    });
    expect(problems).toEqual([]);
  });

  it('cancels back to the refresh URL, at desktop width too', async () => {
    await page.setViewportSize(DESKTOP);
    const { account, url } = await link('Hope & <Harbor>');
    await page.goto(url);
    await page.getByRole('heading', { name: 'Set up payouts for Hope & <Harbor>' }).waitFor();
    await saveScreenshot(page, 'payments-local-connect');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(`**/api/health?refresh=${account.id}`);
    expect(problems).toEqual([]);
  });
});
