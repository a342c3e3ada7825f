import type {
  CharityDonors,
  CharityLedger,
  CharityProfile,
  CharityRankings,
  CharitySupporters,
  ImpactStoryList,
} from '@arena/contracts';
import { CharityMessages } from '@arena/contracts/charities.messages';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DESKTOP, launchBrowser } from './support/browser';
import { captureAtBothWidths } from './support/capture';
import { recordDiagnostics } from './support/diagnostics';
import { createMember, signIn } from './support/member';
import { startWebApp, type RunningWebApp } from './support/web-app';

jest.setTimeout(120_000);

/** A nonprofit of the bundled IRS data set (libs/charities/data/nonprofits.csv) that has not onboarded. */
const LISTED_EIN = '920162721';
const LISTED_NAME = 'ALASKA NATIVE TRIBAL HEALTH CONSORTIUM';

const ok = <T>(data: T) => ({
  status: 200,
  contentType: 'application/json',
  body: JSON.stringify({ success: true, data }),
});

/**
 * /charity-profile/{ein} against the real API: a nonprofit of the data set as a guest and as a member
 * (Follow), and every way the page can fail. The cards' filled states (ledger, supporters, donors,
 * stories, rankings) need donations that only later issues record, so that test answers those calls
 * itself and checks what the page makes of them.
 */
describe('the charity profile page', () => {
  let web: RunningWebApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let saveDiagnostics: () => Promise<void>;

  beforeAll(async () => {
    [web, browser] = await Promise.all([startWebApp({ worker: true }), launchBrowser()]);
    context = await browser.newContext({ baseURL: web.baseUrl, viewport: DESKTOP, timezoneId: 'UTC' });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: web.baseUrl });
  });

  beforeEach(async () => {
    page = await context.newPage();
    saveDiagnostics = recordDiagnostics(page, expect.getState().currentTestName ?? 'charity-profile');
  });

  afterEach(async () => {
    await saveDiagnostics();
    await page.close();
  });

  afterAll(async () => {
    await browser?.close();
    await web?.stop();
  });

  const footer = () => page.locator('.charity-profile__footer');

  it('shows a guest a nonprofit of the data set, with its tiles, empty cards and both dialogs', async () => {
    await page.goto(`/charity-profile/${LISTED_EIN}`);
    await page.getByRole('heading', { level: 1, name: LISTED_NAME }).waitFor();
    await expect(page.getByText(CharityMessages.verifiedCharity).count()).resolves.toBe(0);
    // No logo: the monogram of its initials (ALASKA NATIVE ...) on the colour of its EIN.
    const monogram = page.locator('.charity-profile__header .charity-monogram');
    await expect(monogram.innerText()).resolves.toBe('AN');
    await expect(monogram.getAttribute('data-ein')).resolves.toBe(LISTED_EIN);
    const tile = (label: string) =>
      page.locator('.info-tile').filter({ has: page.getByText(label, { exact: true }) });
    await expect(tile('Location').locator('dd').innerText()).resolves.toMatch(/ANCHORAGE, AK/i);
    // In the IRS data set, so active, though not onboarded (the footer says it is pending verification).
    await expect(tile('Status').locator('dd').innerText()).resolves.toBe('Active');
    await expect(tile('EIN').locator('dd').innerText()).resolves.toBe('92-0162721');
    await expect(page.getByRole('button', { name: /^\$0 Total Raised/ }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: /^0 Donations/ }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: /^N\/A Rating/ }).isVisible()).resolves.toBe(true);
    await expect(footer().innerText()).resolves.toBe(
      `Charity · EIN 92-0162721 · ${CharityMessages.pendingVerification}`,
    );

    await expect(page.getByRole('link', { name: 'Donate Now' }).getAttribute('href')).resolves.toBe(
      `/donate?ein=${LISTED_EIN}`,
    );
    const follow = page.getByRole('button', { name: 'Follow Charity' });
    await expect(follow.isDisabled()).resolves.toBe(true);
    await expect(page.getByText(CharityMessages.logInToFavorite).isVisible()).resolves.toBe(true);

    await page.getByText('This charity has not published an impact story yet.').waitFor();
    await page.getByText('No donations have been recorded yet.').waitFor();
    await expect(page.getByText(CharityMessages.ledgerNote).isVisible()).resolves.toBe(true);
    await expect(page.getByPlaceholder(CharityMessages.ledgerSearchPlaceholder).isVisible()).resolves.toBe(
      true,
    );
    await captureAtBothWidths(page, 'charity-profile');

    await page.getByRole('button', { name: /Donations/ }).click();
    const supporters = page.getByRole('dialog', { name: 'Supporters' });
    await supporters.getByText(/No supporters yet/).waitFor();
    await supporters.locator('.profile-dialog__actions').getByRole('button', { name: 'Close' }).click();
    await supporters.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: /Rating/ }).click();
    const rankings = page.getByRole('dialog', { name: 'Charity Rankings' });
    await rankings.locator('table, p').first().waitFor();
    await rankings.locator('.profile-dialog__actions').getByRole('button', { name: 'Close' }).click();
    await rankings.waitFor({ state: 'hidden' });
  });

  it("says 'Charity not found', 'Error Loading Charity' with the error, 'Charity EIN not provided', and shows the loading text", async () => {
    await page.goto('/charity-profile/000000001');
    await page.getByRole('heading', { level: 1, name: CharityMessages.charityNotFound }).waitFor();

    await page.goto('/charity-profile/not-an-ein');
    await page.getByRole('heading', { level: 1, name: CharityMessages.errorLoadingCharity }).waitFor();
    await page.getByText(CharityMessages.malformedEin).waitFor();

    await page.goto('/charity-profile/');
    await page.getByRole('heading', { level: 1, name: CharityMessages.errorLoadingCharity }).waitFor();
    await page.getByText(CharityMessages.einNotProvided).waitFor();

    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/api/charities/ein/${LISTED_EIN}`, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/charity-profile/${LISTED_EIN}`);
    await page.getByText(CharityMessages.loadingProfile).waitFor();
    release();
    await page.getByRole('heading', { level: 1, name: LISTED_NAME }).waitFor();
    await page.unroute(`**/api/charities/ein/${LISTED_EIN}`);
  });

  it('lets a member follow and unfollow the charity, and copies its link with Share', async () => {
    const member = await createMember(web);
    const memberPage = await context.newPage();
    const saveMemberDiagnostics = recordDiagnostics(memberPage, 'charity-profile-member');
    await signIn(memberPage, web, member);
    try {
      await memberPage.goto(`/charity-profile/${LISTED_EIN}`);
      // Enabled once the session and the member's favorites have loaded (a busy machine shows it disabled first).
      const follow = memberPage.getByRole('button', { name: 'Follow Charity', disabled: false });
      await follow.waitFor();
      await follow.click();
      const following = memberPage.getByRole('button', { name: 'Following' });
      await following.waitFor();
      await expect(following.getAttribute('aria-pressed')).resolves.toBe('true');
      await memberPage.reload();
      await following.waitFor();
      await following.click();
      await follow.waitFor();

      await memberPage.evaluate(() => {
        // Chromium on a desktop may offer the Web Share API; this test checks the copy fallback.
        Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
      });
      await memberPage.getByRole('button', { name: 'Share' }).click();
      await memberPage.getByText('Link copied').waitFor();
      await expect(memberPage.evaluate(() => navigator.clipboard.readText())).resolves.toBe(
        `${web.baseUrl}/charity-profile/${LISTED_EIN}`,
      );
    } finally {
      await saveMemberDiagnostics();
      await memberPage.close();
    }
  });

  it('shows a verified charity’s ledger (wired search, recent and all), supporters, rankings, donors and stories', async () => {
    const ein = '123456789';
    const profile: CharityProfile = {
      id: '5b0c2a52-1c55-4f1c-9d6b-0d0a1e3f7c11',
      name: 'Harbor Food Bank',
      ein,
      description: 'Meals for families along the coast.',
      email: null,
      category: 'Human Services',
      website: null,
      logoUrl: null,
      charityNavigatorUrl: null,
      encompassScore: 92,
      starRating: 4,
      address: null,
      city: 'Toronto',
      state: 'ON',
      zipCode: null,
      country: 'Canada',
      stripeAccountId: 'acct…1234',
      paymentAccountStatus: 'VERIFIED',
      emailVerified: true,
      isActive: true,
      isVerified: true,
      totalReceived: 12_345.67,
      totalReceivedCents: 1_234_567,
      donationCount: 7,
      createdAt: '2026-11-01T10:00:00.000Z',
      updatedAt: '2026-11-01T10:00:00.000Z',
      onboarded: true,
      managedByMe: false,
    };
    const entries: CharityLedger['entries'] = Array.from({ length: 7 }, (_, index) => ({
      id: `entry-${index}`,
      date: `2026-11-${String(20 - index).padStart(2, '0')}T0${index}:05:00.000Z`,
      amountCents: 10_000 + index * 100,
      donor: index === 0 ? 'Anonymous' : `donor_${index}`,
      source: index % 2 === 0 ? 'Spring Knockout Cup' : 'Direct Donate',
      impact: `${(index + 1) * 10} meals`,
      status: 'cleared',
    }));
    const ledgerSearches: string[] = [];
    await page.route(`**/api/charities/ein/${ein}`, (route) => route.fulfill(ok(profile)));
    await page.route(`**/api/charities/ein/${ein}/ledger?*`, (route) => {
      const url = new URL(route.request().url());
      const search = url.searchParams.get('search') ?? '';
      ledgerSearches.push(search);
      const matching = entries.filter((entry) =>
        [entry.donor, entry.source, entry.impact].some((field) =>
          field.toLowerCase().includes(search.toLowerCase()),
        ),
      );
      const limit = Number(url.searchParams.get('limit'));
      return route.fulfill(ok<CharityLedger>({ entries: matching.slice(0, limit), total: matching.length }));
    });
    await page.route(`**/api/charities/ein/${ein}/supporters`, (route) =>
      route.fulfill(
        ok<CharitySupporters>({
          supporters: [
            {
              id: 's1',
              name: 'donor_1',
              note: 'For my grandmother',
              at: new Date(Date.now() - 3 * 3600_000).toISOString(),
            },
            {
              id: 's2',
              name: 'Anonymous',
              note: null,
              at: new Date(Date.now() - 2 * 86_400_000).toISOString(),
            },
          ],
        }),
      ),
    );
    await page.route('**/api/charities/rankings', (route) =>
      route.fulfill(
        ok<CharityRankings>({
          rankings: [
            { rank: 1, ein, name: 'Harbor Food Bank', raisedCents: 1_234_567, supporters: 7 },
            { rank: 2, ein: '987654321', name: 'River Clinic', raisedCents: 76_000, supporters: 2 },
          ],
        }),
      ),
    );
    await page.route(`**/api/charities/ein/${ein}/donors`, (route) =>
      route.fulfill(
        ok<CharityDonors>({
          recent: [
            { id: 'r1', name: 'donor_2', amountCents: 2_500, note: null, at: '2026-11-20T08:00:00.000Z' },
          ],
          top: [
            {
              id: 't1',
              name: 'donor_5',
              amountCents: 50_000,
              note: 'Keep going',
              at: '2026-11-02T08:00:00.000Z',
            },
          ],
        }),
      ),
    );
    await page.route(`**/api/charities/ein/${ein}/stories`, (route) =>
      route.fulfill(
        ok<ImpactStoryList>({
          stories: [1, 2, 3].map((index) => ({
            id: `00000000-0000-4000-8000-00000000000${index}`,
            title: `Story ${index}`,
            caption: `What donation ${index} did.`,
            videoUrl: null,
            publishedAt: `2026-11-1${index}T10:00:00.000Z`,
          })),
        }),
      ),
    );

    await page.goto(`/charity-profile/${ein}`);
    await page.getByRole('heading', { level: 1, name: 'Harbor Food Bank' }).waitFor();
    await expect(
      page.locator('.charity-profile__title-row').getByText(CharityMessages.verifiedCharity).isVisible(),
    ).resolves.toBe(true);
    await expect(page.locator('.info-tile').first().locator('dd').innerText()).resolves.toBe(
      'Toronto, ON, Canada',
    );
    await expect(page.getByRole('button', { name: /^\$12,345 Total Raised/ }).isVisible()).resolves.toBe(
      true,
    );
    await expect(page.getByRole('button', { name: /^4★ Rating/ }).isVisible()).resolves.toBe(true);
    await expect(footer().innerText()).resolves.toBe(
      'Verified Charity · EIN 12-3456789 · Verified by the payment provider',
    );

    const ledger = page.getByRole('region', { name: 'Public Ledger' });
    const table = ledger.getByRole('table');
    await table.waitFor();
    await expect(ledger.getByText(/^Showing 5 recent entries$/).isVisible()).resolves.toBe(true);
    await expect(table.locator('thead th').allInnerTexts()).resolves.toEqual([
      'Date',
      'Amount',
      'Donor',
      'Source',
      'Impact',
    ]);
    await expect(table.locator('tbody tr').first().locator('td').allInnerTexts()).resolves.toEqual([
      '2026-11-20 00:05',
      '$100',
      'Anonymous',
      'Spring Knockout Cup',
      '10 meals',
    ]);
    await ledger.getByRole('button', { name: 'View all entries' }).click();
    await ledger.getByText(/^Showing all 7 entries$/).waitFor();
    await expect(table.locator('tbody tr').count()).resolves.toBe(7);
    await captureAtBothWidths(page, 'charity-profile-verified');
    await ledger.getByRole('button', { name: 'Collapse' }).click();
    await ledger.getByText(/^Showing 5 recent entries$/).waitFor();

    await ledger.getByPlaceholder(CharityMessages.ledgerSearchPlaceholder).fill('direct');
    await ledger.getByText(/^Showing 3 recent entries$/).waitFor();
    expect(ledgerSearches).toContain('direct');
    await ledger.getByPlaceholder(CharityMessages.ledgerSearchPlaceholder).fill('nobody-like-this');
    await ledger.getByText('No ledger entries match “nobody-like-this”.').waitFor();

    // Total Raised scrolls to the ledger.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('button', { name: /Total Raised/ }).click();
    await page.waitForFunction(() => {
      const box = document.querySelector('.ledger-card')?.getBoundingClientRect();
      return !!box && box.top >= -1 && box.top < window.innerHeight / 2;
    });

    await page.getByRole('button', { name: /Donations/ }).click();
    const supporters = page.getByRole('dialog', { name: 'Supporters' });
    await supporters.getByText('For my grandmother').waitFor();
    await expect(supporters.getByText('3 hours ago').isVisible()).resolves.toBe(true);
    await expect(supporters.getByText('2 days ago').isVisible()).resolves.toBe(true);
    await supporters.locator('.profile-dialog__actions').getByRole('button', { name: 'Close' }).click();

    await page.getByRole('button', { name: /Rating/ }).click();
    const rankings = page.getByRole('dialog', { name: 'Charity Rankings' });
    await rankings.getByRole('table').waitFor();
    await expect(rankings.locator('tbody tr').nth(1).locator('td').allInnerTexts()).resolves.toEqual([
      '#2',
      'River Clinic',
      '$760',
      '2',
    ]);
    await rankings.locator('.profile-dialog__actions').getByRole('button', { name: 'Close' }).click();

    const donors = page.getByRole('complementary', { name: 'Donors' });
    await expect(donors.getByText('donor_5').isVisible()).resolves.toBe(true);
    await expect(donors.getByText('$500').isVisible()).resolves.toBe(true);

    const stories = page.getByRole('region', { name: 'Impact Stories' });
    await expect(stories.locator('.story-timeline__item').count()).resolves.toBe(2);
    await stories.getByRole('button', { name: 'View timeline' }).click();
    await expect(stories.locator('.story-timeline__item').count()).resolves.toBe(3);
  });
});
