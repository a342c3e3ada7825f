import type { CharityGraphqlAnswer, CharitySearchEnvelope, CharitySearchResult } from '@arena/contracts';
import { CharityMessages } from '@arena/contracts/charities.messages';
import { PUBLIC_SEARCH_FACETED_QUERY } from '@arena/contracts/charity-search.document';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { DESKTOP, launchBrowser } from './support/browser';
import { captureAtBothWidths } from './support/capture';
import { recordDiagnostics } from './support/diagnostics';
import { emailInMailbox } from './support/mailbox';
import { createMember, signIn } from './support/member';
import { startWebApp, type RunningWebApp } from './support/web-app';

jest.setTimeout(120_000);

const SEARCH_PATH = '**/api/charities/charity-navigator/graphql';

/**
 * /find-charity against the real API and the bundled IRS data set (no Charity Navigator key in tests):
 * the first load, a manual search kept in the URL with Load More, the way to a profile, favorites for a
 * member and not for a guest, the invitation, and the error and empty states (failures are played by
 * intercepting the one call that fails).
 */
describe('the find-charity page', () => {
  let web: RunningWebApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let saveDiagnostics: () => Promise<void>;

  beforeAll(async () => {
    [web, browser] = await Promise.all([startWebApp({ worker: true }), launchBrowser()]);
    context = await browser.newContext({ baseURL: web.baseUrl, viewport: DESKTOP });
  });

  beforeEach(async () => {
    page = await context.newPage();
    saveDiagnostics = recordDiagnostics(page, expect.getState().currentTestName ?? 'find-charity');
  });

  afterEach(async () => {
    await saveDiagnostics();
    await page.close();
  });

  afterAll(async () => {
    await browser?.close();
    await web?.stop();
  });

  /** What the API answers the page's own search document with these variables. */
  async function apiSearch(variables: Record<string, unknown>): Promise<CharitySearchEnvelope> {
    const response = await fetch(`${web.baseUrl}/api/charities/charity-navigator/graphql`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: PUBLIC_SEARCH_FACETED_QUERY, variables }),
    });
    const answer = (await response.json()) as CharityGraphqlAnswer;
    if (!answer.data?.publicSearchFaceted) throw new Error(`no envelope: ${JSON.stringify(answer)}`);
    return answer.data.publicSearchFaceted;
  }

  const results = () => page.getByRole('list', { name: 'Charities' }).getByRole('article');
  const heading = () => page.locator('#results-heading');
  const searchVariables = (request: Request) =>
    (request.postDataJSON() as { variables: Record<string, unknown> }).variables;

  function fulfilSearch(answer: CharityGraphqlAnswer, status = 200) {
    return page.route(SEARCH_PATH, (route) =>
      route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(answer) }),
    );
  }

  function result(ein: string, name: string, extra: Partial<CharitySearchResult> = {}): CharitySearchResult {
    return {
      ein,
      name,
      mission: null,
      organization_url: null,
      charity_navigator_url: null,
      encompass_score: null,
      encompass_star_rating: null,
      encompass_publication_date: null,
      cause: 'Health',
      street: null,
      street2: null,
      city: 'Boise',
      state: 'ID',
      zip: null,
      country: 'US',
      highest_level_alert: null,
      ...extra,
    };
  }

  it("first loads rating-4 charities with the spec's variables, and says why the bundled data set has no ratings", async () => {
    const asked = page.waitForRequest((request) => request.url().endsWith('/charity-navigator/graphql'));
    await page.goto('/find-charity');
    const variables = searchVariables(await asked);
    expect(variables).toMatchObject({
      term: 'charity',
      c3: true,
      orderBy: 'rating',
      ratings: ['4'],
      result_size: 20,
      from: 0,
    });
    await expect(results().first().waitFor()).resolves.toBeUndefined();
    await expect(results().count()).resolves.toBe(20);
    // Without ratings (the bundled data set) the first load browses the nonprofits cause by cause, and says
    // why there are no ratings: the first page holds one nonprofit per cause, not the largest hospitals.
    await expect(heading().innerText()).resolves.toBe('Nonprofits by cause');
    const causes = await results().evaluateAll((cards) => cards.slice(0, 8).map((card) => card.textContent));
    expect(causes.filter((text) => text?.includes('Health'))).toHaveLength(1);
    await expect(page.getByText(CharityMessages.ratingsNeedCharityNavigator).isVisible()).resolves.toBe(true);
    // Each result has a monogram where it has no logo: its initials, on its EIN's colour.
    for (let index = 0; index < 3; index++) {
      const result = results().nth(index);
      const name = await result.getByRole('heading').innerText();
      const monogram = result.locator('.charity-monogram');
      await expect(monogram.getAttribute('aria-hidden')).resolves.toBe('true');
      const initials = await monogram.innerText();
      expect(initials).toMatch(/^[A-Z0-9&]{1,2}$/);
      const firstLetters = name
        .toUpperCase()
        .split(/[^A-Z0-9&]+/)
        .filter(Boolean)
        .map((word) => word[0]);
      expect(firstLetters).toContain(initials[0]);
    }
    const colours = await results()
      .locator('.charity-monogram')
      .evaluateAll((marks) => marks.map((mark) => getComputedStyle(mark).backgroundColor));
    expect(new Set(colours).size).toBeGreaterThan(1);
    // Every result of the data set is unrated.
    await expect(results().first().getByText('N/A').isVisible()).resolves.toBe(true);
    // A guest's hearts are disabled and say why.
    const heart = results().first().getByRole('button', { name: CharityMessages.logInToFavorite });
    await expect(heart.isDisabled()).resolves.toBe(true);
    await expect(page.getByRole('link', { name: 'Add Your Charity' }).getAttribute('href')).resolves.toBe(
      '/charity-onboarding',
    );
    await captureAtBothWidths(page, 'find-charity');
  });

  it("searches with the filters in the URL, says 'Found N charities', loads 20 more, and Clear All starts over", async () => {
    const expected = await apiSearch({ term: 'hospital', states: ['CA'], c3: true, orderBy: 'rating' });
    expect(expected.result_count).toBeGreaterThan(20);

    await page.goto('/find-charity');
    await results().first().waitFor();
    await page.getByRole('searchbox', { name: 'Search charities' }).fill('hospital');
    await page.getByLabel('State').selectOption('CA');
    const asked = page.waitForRequest((request) => request.url().endsWith('/charity-navigator/graphql'));
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    expect(searchVariables(await asked)).toMatchObject({
      term: 'hospital',
      states: ['CA'],
      c3: true,
      orderBy: 'rating',
      from: 0,
    });
    await page.getByRole('heading', { name: `Found ${expected.result_count} charities` }).waitFor();
    // The search's results come before the charities on Charity Arena, which it does not filter.
    const headings = await page.locator('h2.find-charity__heading').allInnerTexts();
    expect(headings.indexOf(`Found ${expected.result_count} charities`)).toBeLessThan(
      headings.indexOf('Charities on Charity Arena'),
    );
    const url = new URL(page.url());
    expect(url.searchParams.get('term')).toBe('hospital');
    expect(url.searchParams.get('state')).toBe('CA');
    const names = expected.results.map((charity) => charity.name);
    await page.waitForFunction(
      (want) =>
        JSON.stringify(
          [...document.querySelectorAll('.charity-result__name')].map((node) => node.textContent),
        ) === JSON.stringify(want),
      names,
    );

    const more = page.waitForRequest((request) => request.url().endsWith('/charity-navigator/graphql'));
    await page.getByRole('button', { name: 'Load More' }).click();
    expect(searchVariables(await more)).toMatchObject({ term: 'hospital', from: 20 });
    await page.waitForFunction(
      (count) => document.querySelectorAll('.charity-result').length === count,
      Math.min(40, expected.result_count),
    );

    // A reload runs the same search from the URL.
    await page.reload();
    await page.getByRole('heading', { name: `Found ${expected.result_count} charities` }).waitFor();
    await expect(page.getByRole('searchbox', { name: 'Search charities' }).inputValue()).resolves.toBe(
      'hospital',
    );

    await page.getByRole('button', { name: 'Clear All' }).click();
    await page.getByRole('heading', { name: 'Nonprofits by cause' }).waitFor();
    expect(new URL(page.url()).search).toBe('');
    await expect(page.getByRole('searchbox', { name: 'Search charities' }).inputValue()).resolves.toBe('');
  });

  it('opens a result’s profile from View Profile', async () => {
    const [first] = (await apiSearch({ term: 'hospital', states: ['AK'] })).results;
    await page.goto('/find-charity?term=hospital&state=AK&searched=true');
    const card = page.getByRole('article', { name: first!.name, exact: true });
    await card.getByRole('link', { name: /View Profile/ }).click();
    await page.waitForURL(`**/charity-profile/${first!.ein}`);
    await page.getByRole('heading', { level: 1, name: first!.name }).waitFor();
  });

  it("shows 'No charities found…' when a search finds nothing", async () => {
    await page.goto('/find-charity');
    await results().first().waitFor();
    await page.getByRole('searchbox', { name: 'Search charities' }).fill('qqzzxxvvkk');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByText(CharityMessages.noCharitiesFound).waitFor();
    await expect(page.getByRole('heading', { name: 'Found 0 charities' }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: 'Load More' }).count()).resolves.toBe(0);
  });

  it("shows 'No charities available at the moment.' when the first load finds nothing", async () => {
    await fulfilSearch({
      data: { publicSearchFaceted: { size: 20, from: 0, term: 'charity', result_count: 0, results: [] } },
      extensions: { source: 'charity-navigator', ratingsAvailable: true },
    });
    await page.goto('/find-charity');
    await page.getByText(CharityMessages.noCharitiesAvailable).waitFor();
    // Ratings come from Charity Navigator here, so the page says nothing about missing ones.
    await expect(page.getByText(CharityMessages.ratingsNeedCharityNavigator).count()).resolves.toBe(0);
    await page.unroute(SEARCH_PATH);
  });

  it('keeps partial data and its errors together, and shows ratings and links when the source has them', async () => {
    await fulfilSearch({
      data: {
        publicSearchFaceted: {
          size: 20,
          from: 0,
          term: 'charity',
          result_count: 2,
          results: [
            result('111111111', 'Rated Relief Fund', {
              encompass_star_rating: 4,
              encompass_score: 97,
              mission: 'Clean water for rural towns.',
              charity_navigator_url: 'https://example.org/ein/111111111',
            }),
            result('222222222', 'Second Relief Fund'),
          ],
        },
      },
      errors: [{ message: 'Upstream timed out for page 2', path: ['publicSearchFaceted'] }],
      extensions: { source: 'charity-navigator', ratingsAvailable: true },
    });
    await page.goto('/find-charity');
    const alert = page.getByRole('alert').filter({ hasText: CharityMessages.failedToProcessCharityData });
    await alert.waitFor();
    await expect(alert.innerText()).resolves.toContain('Upstream timed out for page 2');
    await expect(results().count()).resolves.toBe(2);
    const rated = page.getByRole('article', { name: 'Rated Relief Fund' });
    await expect(rated.getByRole('img', { name: '4 out of 5 stars' }).isVisible()).resolves.toBe(true);
    await expect(rated.getByText('Clean water for rural towns.').isVisible()).resolves.toBe(true);
    await expect(rated.getByRole('link', { name: /Charity Navigator/ }).getAttribute('href')).resolves.toBe(
      'https://example.org/ein/111111111',
    );
    await captureAtBothWidths(page, 'find-charity-partial');
    await page.unroute(SEARCH_PATH);
  });

  it("says 'Failed to process charity data' when the search fails, and 'Failed to fetch onboarded charities' when the list does", async () => {
    await page.route(SEARCH_PATH, (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, message: CharityMessages.tooManyRequests, statusCode: 429 }),
      }),
    );
    await page.route('**/api/charities?*', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, message: 'Bad Request', statusCode: 400 }),
      }),
    );
    await page.goto('/find-charity');
    const failed = page.getByRole('alert').filter({ hasText: CharityMessages.failedToProcessCharityData });
    await failed.waitFor();
    await expect(failed.innerText()).resolves.toContain(CharityMessages.tooManyRequests);
    await page.getByRole('alert').filter({ hasText: CharityMessages.failedToFetchOnboarded }).waitFor();
    await page.unroute(SEARCH_PATH);
    await page.unroute('**/api/charities?*');
    await failed.getByRole('button', { name: 'Try Again' }).click();
    await results().first().waitFor();
  });

  it('explains the four onboarding steps', async () => {
    await page.goto('/find-charity');
    const learn = page.getByRole('button', { name: 'Learn how onboarding works' });
    await learn.click();
    await expect(learn.getAttribute('aria-expanded')).resolves.toBe('true');
    const steps = page.getByRole('region', { name: 'How onboarding works' }).getByRole('listitem');
    await expect(steps.allInnerTexts()).resolves.toEqual([
      'Click Add Your Charity.',
      'Verify the 501(c)(3) by EIN lookup or document upload.',
      'Connect a payment account for direct payouts.',
      'Publish the profile to appear in search and tournaments.',
    ]);
  });

  it('asks a guest to log in before inviting a charity', async () => {
    await page.goto('/find-charity');
    await page.getByRole('button', { name: 'Invite Charity' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite a charity' });
    await dialog.getByText('Log in to invite a charity').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it("sends a member's invitation to the directory's charity by EIN, and checks the form before sending", async () => {
    const member = await createMember(web);
    const memberPage = await context.newPage();
    await signIn(memberPage, web, member);
    try {
      await memberPage.goto('/find-charity');
      await memberPage.getByRole('button', { name: 'Invite Charity' }).click();
      const dialog = memberPage.getByRole('dialog', { name: 'Invite a charity' });
      await dialog.getByRole('button', { name: 'Send invitation' }).click();
      await dialog.getByText('Email is required').waitFor();
      await dialog.getByText(CharityMessages.malformedEin).waitFor();

      const email = `invite_${Date.now()}@example.org`;
      await dialog.getByLabel('Charity EIN').fill('53-0196605');
      await dialog.getByText(/^Organization: American National Red Cross/).waitFor();
      await dialog.getByLabel('Charity email').fill(email);
      await dialog.getByLabel('Greet them as (optional)').fill('Dana');
      await captureAtBothWidths(memberPage, 'find-charity-invite', { fullPage: false });
      await dialog.getByRole('button', { name: 'Send invitation' }).click();
      await memberPage.getByText(CharityMessages.invitationSent).waitFor();
      await dialog.waitFor({ state: 'hidden' });
      await expect(emailInMailbox(context, email, 'American National Red Cross')).resolves.toContain(
        'American National Red Cross',
      );
    } finally {
      await memberPage.close();
    }
  });

  it("shows the server's message when invitations are refused for a while, and the spec's text otherwise", async () => {
    const member = await createMember(web);
    const memberPage = await context.newPage();
    await signIn(memberPage, web, member);
    const refuse = (status: number, message: string) =>
      memberPage.route('**/api/charities/invite-charity', (route) =>
        route.fulfill({
          status,
          contentType: 'application/json',
          body: JSON.stringify({ success: false, message, statusCode: status }),
        }),
      );
    try {
      await refuse(429, 'Too many invitations. Try again in an hour.');
      await memberPage.goto('/find-charity');
      await memberPage.getByRole('button', { name: 'Invite Charity' }).click();
      const dialog = memberPage.getByRole('dialog', { name: 'Invite a charity' });
      await dialog.getByLabel('Charity EIN').fill('53-0196605');
      await dialog.getByText(/^Organization: /).waitFor();
      await dialog.getByLabel('Charity email').fill('someone@example.org');
      await dialog.getByRole('button', { name: 'Send invitation' }).click();
      await memberPage.getByText('Too many invitations. Try again in an hour.').waitFor();
      await memberPage.unroute('**/api/charities/invite-charity');
      await refuse(502, 'Bad Gateway');
      await dialog.getByRole('button', { name: 'Send invitation' }).click();
      await memberPage.getByText(CharityMessages.invitationFailed).waitFor();
      await memberPage.unroute('**/api/charities/invite-charity');
    } finally {
      await memberPage.close();
    }
  });

  it('lets a member favorite and unfavorite a result, and keeps it across a reload', async () => {
    const member = await createMember(web);
    const memberPage = await context.newPage();
    await signIn(memberPage, web, member);
    try {
      await memberPage.goto('/find-charity?term=hospital&state=AK&searched=true');
      const card = memberPage.getByRole('list', { name: 'Charities' }).getByRole('article').first();
      await card.waitFor();
      const name = await card.locator('.charity-result__name').innerText();
      const add = card.getByRole('button', { name: `Add ${name} to favorites` });
      await expect(add.getAttribute('aria-pressed')).resolves.toBe('false');
      await add.click();
      const remove = card.getByRole('button', { name: `Remove ${name} from favorites` });
      await remove.waitFor();
      await expect(remove.getAttribute('aria-pressed')).resolves.toBe('true');

      await memberPage.reload();
      await remove.waitFor();
      await remove.click();
      await add.waitFor();
      await memberPage.reload();
      await card.waitFor();
      // Enabled once the member's favorites have loaded, and still an "Add": the removal stuck.
      await card.getByRole('button', { name: `Add ${name} to favorites`, disabled: false }).waitFor();
    } finally {
      await memberPage.close();
    }
  });

  it("says 'Failed to add favorite' when adding fails, and 'Failed to load favorite charities' when the list does", async () => {
    const member = await createMember(web);
    const memberPage = await context.newPage();
    await signIn(memberPage, web, member);
    try {
      await memberPage.route('**/api/charities/favorites', (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ success: false, message: 'Internal Server Error', statusCode: 500 }),
        }),
      );
      await memberPage.goto('/find-charity');
      await memberPage.getByRole('alert').filter({ hasText: CharityMessages.failedToLoadFavorites }).waitFor({
        timeout: 30_000,
      });
      const card = memberPage.getByRole('list', { name: 'Charities' }).getByRole('article').first();
      await card.getByRole('button', { name: /to favorites$/ }).click();
      await memberPage.getByText(CharityMessages.failedToAddFavorite).waitFor();
    } finally {
      await memberPage.close();
    }
  });
});
