import type {
  DonationList,
  DonationSummary,
  FeaturedStory,
  PublicDonation,
  StoryLike,
  TopWinners,
} from '@arena/contracts';
import { DONATION_STATUS_LABELS } from '@arena/contracts/donations.messages';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DESKTOP, launchBrowser } from './support/browser';
import { captureAtBothWidths } from './support/capture';
import { recordDiagnostics } from './support/diagnostics';
import { createMember, signIn } from './support/member';
import { startWebApp, type RunningWebApp } from './support/web-app';

jest.setTimeout(120_000);

const ok = <T>(data: T) => ({
  status: 200,
  contentType: 'application/json',
  body: JSON.stringify({ success: true, data }),
});

const STATUSES = ['cleared', 'pending', 'held', 'a-status-from-later'] as const;

function donation(index: number): PublicDonation {
  return {
    id: `don-${index}`,
    datetime: new Date(Date.UTC(2026, 10, 20, 12) - index * 3_600_000).toISOString(),
    receiptCode: `R-${String(index).padStart(4, '0')}`,
    receiptUrl: `/donate/receipt/R-${String(index).padStart(4, '0')}`,
    directedBy: `winner_${index}`,
    nonprofit: index % 5 === 4 ? null : `Harbor Food Bank ${index}`,
    nonprofitEin: index % 5 === 4 ? null : '123456789',
    amountCents: 1_000 + index * 50,
    // An unknown status (a later one the page does not know) must read as pending.
    status: STATUSES[index % STATUSES.length] as PublicDonation['status'],
    stripeId: `tr_1…${String(index).padStart(4, '0')}`,
    source: 'Direct gift',
  };
}

const ALL_DONATIONS = Array.from({ length: 25 }, (_, index) => donation(index));

const story = (index: number, likes: number): FeaturedStory => ({
  id: `00000000-0000-4000-8000-00000000000${index}`,
  title: `Story ${index}`,
  excerpt: `What gift ${index} made possible.`,
  videoUrl: index === 1 ? 'https://video.example.org/1' : null,
  nonprofit: `Nonprofit ${index}`,
  nonprofitEin: '123456789',
  likes,
  likedByMe: false,
  publishedAt: '2026-11-01T00:00:00.000Z',
});

/**
 * The home page's Verified Donation Ledger against the real app, with the donation calls (built beside
 * it) answered here in the contract's shapes: its empty states, the filled section's rules (3 rows and
 * 6 winners collapsed, Load more, status labels, the carousel's 8 s advance and its pause) and likes.
 */
describe("the home page's donation ledger", () => {
  let web: RunningWebApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let saveDiagnostics: () => Promise<void>;

  beforeAll(async () => {
    [web, browser] = await Promise.all([startWebApp(), launchBrowser()]);
    context = await browser.newContext({ baseURL: web.baseUrl, viewport: DESKTOP, timezoneId: 'UTC' });
  });

  beforeEach(async () => {
    page = await context.newPage();
    saveDiagnostics = recordDiagnostics(page, expect.getState().currentTestName ?? 'home-ledger');
  });

  afterEach(async () => {
    await saveDiagnostics();
    await page.close();
  });

  afterAll(async () => {
    await browser?.close();
    await web?.stop();
  });

  const ledger = () => page.locator('#ledger');

  async function answerLedger(
    target: Page,
    donations: PublicDonation[],
    winners: TopWinners['winners'],
    stories: FeaturedStory[],
  ): Promise<void> {
    const summary: DonationSummary = {
      totalVerifiedCents: donations.length ? 1_234_567 : 0,
      nonprofitsImpacted: donations.length ? 12 : 0,
      pendingBalanceCents: donations.length ? 45_050 : 0,
      donationPoolCents: 0,
    };
    await target.route('**/api/donations/summary', (route) => route.fulfill(ok(summary)));
    await target.route('**/api/donations/winners?*', (route) => {
      const limit = Number(new URL(route.request().url()).searchParams.get('limit'));
      return route.fulfill(ok<TopWinners>({ winners: winners.slice(0, limit), total: winners.length }));
    });
    await target.route('**/api/donations?*', (route) => {
      const params = new URL(route.request().url()).searchParams;
      const offset = Number(params.get('offset'));
      const limit = Number(params.get('limit'));
      return route.fulfill(
        ok<DonationList>({ donations: donations.slice(offset, offset + limit), total: donations.length }),
      );
    });
    await target.route('**/api/impact-stories', (route) => route.fulfill(ok({ stories })));
  }

  it('shows each part empty when nothing has been donated yet', async () => {
    await answerLedger(page, [], [], []);
    await page.goto('/');
    await ledger().getByRole('heading', { name: 'Verified Donation Ledger' }).waitFor();
    await ledger().getByText('Verified through our payment provider').waitFor();
    await ledger().getByText('No winners yet').waitFor();
    await ledger().getByText('No donations yet').waitFor();
    await ledger().getByText('No impact stories yet').waitFor();
    await expect(ledger().locator('.ledger__card-value').allInnerTexts()).resolves.toEqual(['$0', '0', '$0']);
    await expect(ledger().getByRole('button', { name: 'View complete history' }).count()).resolves.toBe(0);
    await captureAtBothWidths(page, 'home-ledger-empty');
  });

  it('shows 3 rows and 6 winners, expands both, loads more rows, labels statuses, and advances the stories every 8 s', async () => {
    await page.clock.install();
    const winners = Array.from({ length: 8 }, (_, index) => ({
      id: `w${index}`,
      name: `champion_${index}`,
      amountCents: 10_000 - index * 100,
      nonprofit: 'Harbor Food Bank',
      date: '2026-11-19T00:00:00.000Z',
      receiptCode: index === 0 ? 'R-0000' : null,
    }));
    await answerLedger(page, ALL_DONATIONS, winners, [story(1, 9), story(2, 4), story(3, 1)]);
    await page.goto('/');
    const rows = ledger().locator('.ledger__table tbody tr');
    await rows.first().waitFor();
    await expect(ledger().locator('.ledger__card-value').allInnerTexts()).resolves.toEqual([
      '$12,346',
      '12',
      '$451',
    ]);
    await expect(rows.count()).resolves.toBe(3);
    await expect(rows.nth(0).innerText()).resolves.toContain(DONATION_STATUS_LABELS.cleared);
    await expect(rows.nth(1).innerText()).resolves.toContain(DONATION_STATUS_LABELS.pending);
    await expect(rows.nth(2).innerText()).resolves.toContain(DONATION_STATUS_LABELS.held);
    await expect(rows.nth(0).getByRole('link', { name: 'R-0000' }).getAttribute('href')).resolves.toBe(
      '/donate/receipt/R-0000',
    );
    await expect(
      ledger().getByRole('link', { name: 'Verify the ledger' }).getAttribute('href'),
    ).resolves.toBe('/ledger');

    const winnerItems = ledger().locator('.ledger__winner');
    await expect(winnerItems.count()).resolves.toBe(6);
    await ledger().getByRole('button', { name: 'Show all' }).click();
    await winnerItems.nth(7).waitFor();

    await ledger().getByRole('button', { name: 'View complete history' }).click();
    await rows.nth(19).waitFor();
    await expect(rows.count()).resolves.toBe(20);
    // The fourth row has a status this page does not know: it reads as pending.
    await expect(rows.nth(3).innerText()).resolves.toContain(DONATION_STATUS_LABELS.pending);
    await ledger().getByRole('button', { name: 'Load more' }).click();
    await rows.nth(24).waitFor();
    await expect(ledger().getByRole('button', { name: 'Load more' }).count()).resolves.toBe(0);

    const slide = ledger().locator('.stories__slide h4');
    await expect(slide.innerText()).resolves.toBe('Story 1');
    await expect(ledger().getByRole('link', { name: 'Watch the video' }).getAttribute('href')).resolves.toBe(
      'https://video.example.org/1',
    );
    await ledger().getByRole('button', { name: 'Next' }).click();
    await expect(slide.innerText()).resolves.toBe('Story 2');
    // Focus (or the pointer) inside the carousel pauses it.
    await page.clock.runFor(16_000);
    await expect(slide.innerText()).resolves.toBe('Story 2');
    // Leaving it starts the slide's 8 s again.
    await ledger().getByRole('heading', { name: 'Verified Donation Ledger' }).click();
    await page.clock.runFor(7_000);
    await expect(slide.innerText()).resolves.toBe('Story 2');
    await page.clock.runFor(1_100);
    await expect(slide.innerText()).resolves.toBe('Story 3');
    await ledger().getByRole('button', { name: 'Prev' }).click();
    await expect(slide.innerText()).resolves.toBe('Story 2');
    await captureAtBothWidths(page, 'home-ledger');
  });

  it('lets a member like a story, and a guest only see its likes', async () => {
    await answerLedger(page, [], [], [story(1, 9)]);
    await page.goto('/');
    await ledger().getByText('9 likes').waitFor();
    await expect(ledger().getByRole('button', { name: /Like/ }).count()).resolves.toBe(0);

    const member = await createMember(web);
    const memberPage = await context.newPage();
    try {
      await signIn(memberPage, web, member);
      await answerLedger(memberPage, [], [], [story(1, 9)]);
      const likes: string[] = [];
      await memberPage.route('**/api/impact-stories/*/like', (route) => {
        likes.push(route.request().method());
        return route.fulfill(ok<StoryLike>({ storyId: story(1, 0).id, likes: 10, likedByMe: true }));
      });
      await memberPage.goto('/');
      await memberPage.locator('#ledger').getByRole('button', { name: 'Like · 9' }).click();
      await memberPage.locator('#ledger').getByRole('button', { name: 'Liked · 10' }).waitFor();
      expect(likes).toEqual(['POST']);
    } finally {
      await memberPage.close();
    }
  });
});
