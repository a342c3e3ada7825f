import type {
  DonationCheckoutBody,
  DonationReceipt,
  MemberDonations,
  PayoutRequestBody,
  PublicDonation,
} from '@arena/contracts';
import { DonationMessages as M, donationStatusLabel } from '@arena/contracts/donations.messages';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { DESKTOP, launchBrowser } from './support/browser';
import { captureAtBothWidths } from './support/capture';
import { recordDiagnostics } from './support/diagnostics';
import { createMember, signIn } from './support/member';
import { startWebApp, type RunningWebApp } from './support/web-app';

jest.setTimeout(120_000);

/** A nonprofit of the bundled IRS data set (libs/charities/data/nonprofits.csv). */
const LISTED_EIN = '920162721';
const LISTED_NAME = 'ALASKA NATIVE TRIBAL HEALTH CONSORTIUM';
const SESSION_ID = 'cs_test_a1b2c3d4e5f6';

const ok = <T>(data: T) => ({
  status: 200,
  contentType: 'application/json',
  body: JSON.stringify({ success: true, data }),
});

const gift: PublicDonation = {
  id: 'don-1',
  datetime: '2026-11-20T08:00:00.000Z',
  receiptCode: 'R-7Q2KX9',
  receiptUrl: '/donate/receipt/R-7Q2KX9',
  directedBy: 'Anonymous donor',
  nonprofit: LISTED_NAME,
  nonprofitEin: LISTED_EIN,
  amountCents: 2_500,
  status: 'held',
  stripeId: 'cs_t…e5f6',
  source: 'Direct gift',
};

/**
 * /donate, /donate/success and /donate/receipt against the real app: the page's own rules (amounts,
 * email, the payment system's states) run for real; the donation calls, built beside this page, are
 * answered here in the contract's shapes so the page's handling of each answer is checked.
 */
describe('the donate pages', () => {
  let web: RunningWebApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let saveDiagnostics: () => Promise<void>;

  beforeAll(async () => {
    // The worker keeps the charity read models the charity profile is read from.
    [web, browser] = await Promise.all([startWebApp({ worker: true }), launchBrowser()]);
    context = await browser.newContext({ baseURL: web.baseUrl, viewport: DESKTOP, timezoneId: 'UTC' });
  });

  beforeEach(async () => {
    page = await context.newPage();
    saveDiagnostics = recordDiagnostics(page, expect.getState().currentTestName ?? 'donate');
  });

  afterEach(async () => {
    await saveDiagnostics();
    await page.close();
  });

  afterAll(async () => {
    await browser?.close();
    await web?.stop();
  });

  const amount = () => page.getByLabel('Amount (US dollars)');
  const donate = () => page.getByRole('button', { name: /^Donate/ });

  /** Records checkout bodies and answers them as the contract says, with a URL back to the app. */
  async function answerCheckout(): Promise<DonationCheckoutBody[]> {
    const bodies: DonationCheckoutBody[] = [];
    await page.route('**/api/stripe/checkout', (route: Route) => {
      bodies.push(route.request().postDataJSON() as DonationCheckoutBody);
      return route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({
          ok: true,
          url: `/donate/success?session_id=${SESSION_ID}`,
          sessionId: SESSION_ID,
        }),
      });
    });
    return bodies;
  }

  it('refuses amounts the contract refuses, with its words, and sends none of them', async () => {
    const bodies = await answerCheckout();
    await page.goto('/donate');
    await expect(amount().inputValue()).resolves.toBe('5');
    await page.getByRole('main').getByText('Test mode').waitFor();
    await expect(
      page.getByRole('link', { name: 'Payment system status' }).getAttribute('href'),
    ).resolves.toBe('/api/health');

    await amount().fill('');
    await donate().click();
    await page.locator('.field__error').getByText(M.amountTooSmall).waitFor();

    await amount().fill('2.5');
    await donate().click();
    await page.locator('.field__error').getByText(M.amountNotWholeDollars).waitFor();

    await amount().fill('20000');
    await donate().click();
    await page.locator('.field__error').getByText(M.amountTooLarge).waitFor();

    await amount().fill('10');
    await page.getByLabel('Email for your receipt (optional)').fill('not-an-email');
    await donate().click();
    await page.locator('.field__error').getByText(M.invalidEmail).waitFor();

    // Issue 23 item 12: named only by choice, and never under a name the ledger uses for others.
    await page.getByLabel('Email for your receipt (optional)').fill('');
    await expect(page.getByLabel('Anonymous donor').isChecked()).resolves.toBe(true);
    await page.getByLabel('From a name I choose').check();
    await donate().click();
    await page.locator('.field__error').getByText(M.donorNameMissing).waitFor();
    await page.getByLabel('Name shown on the ledger').fill('Charity Arena');
    await donate().click();
    await page.locator('.field__error').getByText(M.donorNameReserved).waitFor();
    await page.getByLabel('Anonymous donor').check();
    await expect(page.getByLabel('Name shown on the ledger').count()).resolves.toBe(0);
    expect(bodies).toEqual([]);
    await captureAtBothWidths(page, 'donate-refused');
  });

  it('gives a preset amount to the pool, goes to checkout and shows the receipt once the gift is recorded', async () => {
    const bodies = await answerCheckout();
    let polls = 0;
    // The webhook lands a little later: the first answers do not have the gift yet.
    await page.route(`**/api/donations/checkout/${SESSION_ID}`, (route) =>
      route.fulfill(
        ++polls < 2
          ? {
              status: 404,
              contentType: 'application/json',
              body: JSON.stringify({ success: false, message: M.receiptNotFound, statusCode: 404 }),
            }
          : ok<PublicDonation>(gift),
      ),
    );
    const receipt: DonationReceipt = {
      donation: gift,
      history: [{ status: 'received', at: gift.datetime, note: null }],
      ledgerEntryIds: ['entry-1'],
    };
    await page.route(`**/api/donations/receipts/${gift.receiptCode}`, (route) => route.fulfill(ok(receipt)));

    await page.goto('/donate');
    await page.getByRole('button', { name: '$25', exact: true }).click();
    await expect(
      page.getByRole('button', { name: '$25', exact: true }).getAttribute('aria-pressed'),
    ).resolves.toBe('true');
    await page.getByLabel('Email for your receipt (optional)').fill('donor@example.org');
    await page.getByRole('button', { name: 'Donate $25' }).click();

    await page.waitForURL(`**/donate/success?session_id=${SESSION_ID}`);
    expect(bodies).toEqual([{ amount_cents: 2_500, email: 'donor@example.org' }]);
    await page.getByRole('heading', { name: 'Thank you for your gift' }).waitFor();
    await page.getByRole('link', { name: `View receipt ${gift.receiptCode}` }).click();

    await page.getByRole('heading', { level: 1, name: `Receipt ${gift.receiptCode}` }).waitFor();
    await page.getByText(donationStatusLabel('held')).waitFor();
    await expect(
      page.getByRole('link', { name: 'Check it on the ledger' }).getAttribute('href'),
    ).resolves.toBe('/ledger');
    await captureAtBothWidths(page, 'donate-receipt');
  });

  it("names Donate Now's charity and directs the gift to it; a cancelled checkout says so", async () => {
    const bodies = await answerCheckout();
    await page.goto(`/donate?ein=${LISTED_EIN}&cancelled=1`);
    await page.getByText('Payment was cancelled').waitFor();
    await page.getByText(LISTED_NAME).waitFor();
    // The address stays as linked: the router does not write the charity's number back as a quoted string.
    expect(new URL(page.url()).search).toBe(`?ein=${LISTED_EIN}&cancelled=1`);
    await captureAtBothWidths(page, 'donate-charity');
    await donate().click();
    await page.waitForURL('**/donate/success?*');
    expect(bodies).toEqual([{ amount_cents: 500, charityEin: LISTED_EIN }]);
  });

  it("shows the server's refusal, 'Error processing donation' on a failure, and the payment system's states", async () => {
    await page.route('**/api/stripe/checkout', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, message: M.charityNotVerified, statusCode: 400 }),
      }),
    );
    await page.goto('/donate');
    await page.getByRole('main').getByText('Test mode').waitFor();
    await donate().click();
    await page.getByText(M.charityNotVerified).waitFor();

    await page.unroute('**/api/stripe/checkout');
    await page.route('**/api/stripe/checkout', (route) => route.fulfill({ status: 500, body: '' }));
    await donate().click();
    await page.getByText(M.errorProcessingDonation).waitFor();

    await page.route('**/api/config', (route) => route.fulfill({ status: 500, body: '' }));
    await page.reload();
    await page.getByText(M.errorLoadingPaymentSystem).first().waitFor();

    await page.unroute('**/api/config');
    await page.route('**/api/config', (route) =>
      route.fulfill(ok({ gameOrigin: null, payments: { mode: 'stripe', publishableKey: null } })),
    );
    await page.reload();
    await page.getByText(M.paymentConfigurationMissing).first().waitFor();
    await expect(page.getByText('Test mode').count()).resolves.toBe(0); // neither the badge nor the banner
  });

  it("says 'Receipt not found' for an unknown receipt", async () => {
    await page.route('**/api/donations/receipts/*', (route) =>
      route.fulfill({
        status: 404,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, message: M.receiptNotFound, statusCode: 404 }),
      }),
    );
    await page.goto('/donate/receipt/R-NOPE');
    await page.getByRole('heading', { level: 1, name: M.receiptNotFound }).waitFor();
  });

  it("directs a member's prize balance once per opened payout modal, and refuses an empty charity or amount", async () => {
    const member = await createMember(web);
    await signIn(page, web, member);
    // A signed-in member's receipt address is their own, unless they type another.
    await page.goto('/donate');
    await page.locator(`input[type="email"][value="${member.email}"]`).waitFor();
    await expect(page.getByLabel('Email for your receipt (optional)').inputValue()).resolves.toBe(
      member.email,
    );
    // Shown by name, a member is offered their username; the checkout carries the name they keep.
    const bodies = await answerCheckout();
    await page.getByLabel('From a name I choose').check();
    await expect(page.getByLabel('Name shown on the ledger').inputValue()).resolves.toBe(member.username);
    await page.getByLabel('Name shown on the ledger').fill('  The Giving Table ');
    await captureAtBothWidths(page, 'donate-member-named');
    await donate().click();
    await page.waitForURL(`**/donate/success?session_id=${SESSION_ID}`);
    expect(bodies).toEqual([{ amount_cents: 500, email: member.email, donorName: 'The Giving Table' }]);
    await page.unroute('**/api/stripe/checkout');
    await page.goto('/donate');
    const mine: MemberDonations = {
      directableCents: 5_000,
      heldCents: 1_000,
      pendingCents: 0,
      clearedCents: 2_500,
      totalDonatedCents: 3_500,
      donationCount: 2,
      charitiesSupported: 1,
      shares: [],
      history: [gift],
    };
    await page.route('**/api/donations/mine', (route) => route.fulfill(ok(mine)));
    const requests: PayoutRequestBody[] = [];
    await page.route('**/api/donations/payout-requests', async (route) => {
      requests.push(route.request().postDataJSON() as PayoutRequestBody);
      await new Promise((resolve) => setTimeout(resolve, 300));
      return route.fulfill(ok({ donation: gift, directableCents: 4_000 }));
    });

    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Impact Summary' }).waitFor();
    await page.getByRole('button', { name: 'Request Charity Payout' }).click();
    const modal = page.getByRole('dialog', { name: 'Request Charity Payout' });
    await modal.getByRole('button', { name: 'Request payout' }).click();
    await modal.getByText(M.invalidCharityAndAmount).waitFor();

    await modal.getByLabel('Charity', { exact: true }).selectOption('other');
    await modal.getByLabel('Charity EIN').fill('92-0162721');
    await modal.getByLabel('Amount (US dollars)').fill('60');
    await modal.getByRole('button', { name: 'Request payout' }).click();
    await modal.getByText(M.payoutOverBalance).waitFor();
    expect(requests).toEqual([]);

    await modal.getByLabel('Amount (US dollars)').fill('10');
    await modal.getByRole('button', { name: 'Request payout' }).dblclick();
    await page.getByText(M.payoutRequested).waitFor();
    expect(requests.length).toBeGreaterThan(0);
    expect(new Set(requests.map((request) => request.requestId)).size).toBe(1);
    expect(requests[0]).toMatchObject({ charityEin: '920162721', amountCents: 1_000 });
  });
});
