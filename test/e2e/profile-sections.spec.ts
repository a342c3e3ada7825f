import type { MemberTransaction, MyReferrals } from '@arena/contracts';
import type { Browser, BrowserContext, Locator, Page, Route } from 'playwright-core';
import { DESKTOP, launchBrowser } from './support/browser';
import { captureAtBothWidths } from './support/capture';
import { waitJumpingClock } from './support/clock';
import { createMember, signIn, type TestMember } from './support/member';
import { startWebApp, type RunningWebApp } from './support/web-app';

jest.setTimeout(180_000);

/**
 * The profile's issue-13 sections and the /referral page in Chromium, against the real API serving the
 * built app. The session, donations, favorites and game statistics are the real server's; the referral,
 * account and support calls are answered here (their contexts are being built beside this screen), in
 * the contract's shapes, so every state shows: rewards in each status, empty lists, failures and 429s.
 */

const ok = (data: unknown) => ({
  status: 200,
  contentType: 'application/json',
  body: JSON.stringify({ success: true, data }),
});
const refused = (statusCode: number, message: string) => ({
  status: statusCode,
  contentType: 'application/json',
  body: JSON.stringify({ success: false, message, statusCode }),
});

function referralsOf(member: TestMember, overrides: Partial<MyReferrals> = {}): MyReferrals {
  return {
    code: member.referralCode,
    link: `http://127.0.0.1/join?ref=${member.referralCode}&option=1`,
    rewardMode: 'recurring',
    balances: {
      pendingCents: 49,
      releasedCents: 999,
      paidCents: 1_497,
      voidedCents: 99,
      clawbackOwedCents: 0,
    },
    referred: [
      { username: 'ann_ref', joinedAt: '2026-08-02T10:00:00.000Z', rewardMode: 'recurring', active: true },
      { username: 'bob_ref', joinedAt: '2026-08-20T10:00:00.000Z', rewardMode: 'one-time', active: true },
      { username: 'cy_ref', joinedAt: '2026-09-01T10:00:00.000Z', rewardMode: 'recurring', active: false },
    ],
    rewards: [
      {
        id: 'rw-pending',
        referredUsername: 'ann_ref',
        rewardMode: 'recurring',
        paymentCents: 499,
        amountCents: 49,
        status: 'pending',
        accruedAt: '2026-11-02T10:00:00.000Z',
        releasesAt: '2026-12-02T10:00:00.000Z',
        paidAt: null,
        voidReason: null,
      },
      {
        id: 'rw-released',
        referredUsername: 'bob_ref',
        rewardMode: 'one-time',
        paymentCents: 999,
        amountCents: 999,
        status: 'released',
        accruedAt: '2026-10-01T10:00:00.000Z',
        releasesAt: '2026-10-31T10:00:00.000Z',
        paidAt: null,
        voidReason: null,
      },
      {
        id: 'rw-paid',
        referredUsername: 'ann_ref',
        rewardMode: 'recurring',
        paymentCents: 14_970,
        amountCents: 1_497,
        status: 'paid',
        accruedAt: '2026-08-02T10:00:00.000Z',
        releasesAt: '2026-09-01T10:00:00.000Z',
        paidAt: '2026-10-01T06:00:00.000Z',
        voidReason: null,
      },
      {
        id: 'rw-voided',
        referredUsername: 'cy_ref',
        rewardMode: 'recurring',
        paymentCents: 999,
        amountCents: 99,
        status: 'voided',
        accruedAt: '2026-09-01T10:00:00.000Z',
        releasesAt: '2026-10-01T10:00:00.000Z',
        paidAt: null,
        voidReason: 'Payment refunded',
      },
    ],
    payouts: [
      {
        id: 'po-2026-09',
        month: '2026-09',
        amountCents: 1_497,
        paidAt: '2026-10-01T06:00:00.000Z',
        transferId: 'tr_local_0001',
      },
    ],
    payoutAccount: 'none',
    ...overrides,
  };
}

const TRANSACTIONS: MemberTransaction[] = [
  {
    id: 'tx-1',
    date: '2026-11-01T09:00:00.000Z',
    type: 'subscription',
    description: 'Premium, November 2026',
    amountCents: -499,
    status: 'paid',
    reference: 'in_…4821',
  },
  {
    id: 'tx-2',
    date: '2026-10-15T09:00:00.000Z',
    type: 'refund',
    description: 'Refund of Premium, October 2026',
    amountCents: 499,
    status: 'refunded',
    reference: 're_…1177',
  },
  {
    id: 'tx-3',
    date: '2026-10-01T06:00:00.000Z',
    type: 'referral-payout',
    description: 'Referral rewards of September 2026',
    amountCents: 1_497,
    status: 'paid',
    reference: 'tr_local_0001',
  },
  {
    id: 'tx-4',
    date: '2026-09-01T10:00:00.000Z',
    type: 'referral-reward',
    description: 'Reward for @ann_ref',
    amountCents: 1_497,
    status: 'released',
    reference: null,
  },
  {
    id: 'tx-5',
    date: '2026-08-12T10:00:00.000Z',
    type: 'prize',
    description: 'Prize share of Spring Snake Cup',
    amountCents: 2_500,
    status: 'directed',
    reference: 'RCPT-7Q2K',
  },
];

const SESSIONS = [
  {
    id: 'sess-current',
    createdAt: '2026-11-20T08:00:00.000Z',
    lastUsedAt: '2026-11-23T08:00:00.000Z',
    device: 'Chrome on Linux',
    address: '203.0.113.x',
    current: true,
  },
  {
    id: 'sess-phone',
    createdAt: '2026-11-01T08:00:00.000Z',
    lastUsedAt: '2026-11-22T21:00:00.000Z',
    device: 'Safari on iOS',
    address: '198.51.100.x',
    current: false,
  },
];

interface Calls {
  rewardModes: unknown[];
  payoutAccounts: number;
  signOutOthers: number;
  deletes: unknown[];
  support: unknown[];
}

interface MockOptions {
  referrals?: MyReferrals | 'fail';
  transactions?: MemberTransaction[];
  sessions?: typeof SESSIONS;
  payoutUrl?: string;
  supportAnswer?: 'ok' | 'too-many';
}

/** Answers the referral, account and support calls for this page, and records what the page sent. */
async function mockProfileApi(page: Page, member: TestMember, options: MockOptions = {}): Promise<Calls> {
  const calls: Calls = { rewardModes: [], payoutAccounts: 0, signOutOthers: 0, deletes: [], support: [] };
  let referrals = options.referrals ?? referralsOf(member);
  let sessions = options.sessions ?? SESSIONS;
  await page.route('**/api/referrals/**', async (route: Route) => {
    const request = route.request();
    const path = new URL(request.url()).pathname;
    if (referrals === 'fail') return route.fulfill(refused(500, 'Internal server error'));
    if (path === '/api/referrals/me') return route.fulfill(ok(referrals));
    if (path === '/api/referrals/reward-mode' && request.method() === 'PUT') {
      const body = request.postDataJSON() as { rewardMode: MyReferrals['rewardMode'] };
      calls.rewardModes.push(body);
      const option = body.rewardMode === 'recurring' ? 1 : 2;
      referrals = {
        ...referrals,
        rewardMode: body.rewardMode,
        link: referrals.link.replace(/option=\d/, `option=${option}`),
      };
      return route.fulfill(ok(referrals));
    }
    if (path === '/api/referrals/payout-account' && request.method() === 'POST') {
      calls.payoutAccounts += 1;
      return route.fulfill(ok({ url: options.payoutUrl ?? '/referral-terms' }));
    }
    return route.fulfill(refused(404, 'Not found'));
  });
  await page.route('**/api/account/**', async (route: Route) => {
    const request = route.request();
    const path = new URL(request.url()).pathname;
    if (path === '/api/account/transactions') return route.fulfill(ok(options.transactions ?? TRANSACTIONS));
    if (path === '/api/account/sessions') return route.fulfill(ok(sessions));
    if (path === '/api/account/sessions/sign-out-others') {
      calls.signOutOthers += 1;
      const before = sessions.length;
      sessions = sessions.filter((session) => session.current);
      return route.fulfill(ok({ signedOut: before - sessions.length }));
    }
    if (path === '/api/account/delete') {
      calls.deletes.push(request.postDataJSON());
      return route.fulfill(ok({ erasesAt: '2026-12-23T18:00:00.000Z' }));
    }
    return route.fulfill(refused(404, 'Not found'));
  });
  await page.route('**/api/support/messages', async (route: Route) => {
    calls.support.push(route.request().postDataJSON());
    return route.fulfill(
      options.supportAnswer === 'too-many'
        ? refused(429, 'Too many messages to support. Try again in an hour.')
        : ok({ ticket: 'SUP-7K3Q9' }),
    );
  });
  return calls;
}

/** Waits until the locator matches `count` elements (a list re-renders after a call answers). */
async function countIs(locator: Locator, count: number): Promise<void> {
  for (let attempt = 0; attempt < 200 && (await locator.count()) !== count; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(await locator.count()).toBe(count);
}

describe('profile: referral program, transactions, security and support; the /referral page', () => {
  let web: RunningWebApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let member: TestMember;
  const errors: string[] = [];

  const section = (name: string) => page.getByRole('region', { name });
  const toast = (text: string) =>
    page.locator('[role="status"]').getByText(text, { exact: true }).first().waitFor();

  beforeAll(async () => {
    // The worker keeps the real read models (donations, game statistics) that the profile reads.
    [web, browser] = await Promise.all([startWebApp({ worker: true }), launchBrowser()]);
    member = await createMember(web);
  });

  beforeEach(async () => {
    context = await browser.newContext({ baseURL: web.baseUrl, viewport: DESKTOP });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: web.baseUrl });
    page = await context.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
  });

  afterEach(async () => {
    await context?.close();
  });

  afterAll(async () => {
    await browser?.close();
    await web?.stop();
    expect(errors).toEqual([]);
  });

  it('lists the sections in the order of the spec', async () => {
    await mockProfileApi(page, member);
    await signIn(page, web, member);
    await page.goto('/profile');
    await section('Support').waitFor();
    const headings = await page.locator('main h2.card__title').allInnerTexts();
    const order = [
      'Impact Summary',
      'Account',
      'Referral Program',
      'Donations',
      'Gameplay',
      'Transactions & Earnings',
      'Security & Settings',
      'Support',
    ];
    expect(headings.filter((heading) => order.includes(heading))).toEqual(order);
    await countIs(page.getByText(/would be implemented here/i), 0);
  });

  it('shows the referral link, balances, every reward state and the payouts, and the Impact Summary adds them up', async () => {
    await mockProfileApi(page, member);
    await signIn(page, web, member);
    await page.goto('/profile');
    const referrals = section('Referral Program');
    await referrals.getByRole('table', { name: 'Your referral rewards' }).waitFor();

    await expect(
      referrals.getByRole('textbox', { name: 'Your referral link' }).inputValue(),
    ).resolves.toContain(`ref=${member.referralCode}&option=1`);
    const text = await referrals.innerText();
    expect(text).toMatch(/Pending\s+\$0\.49/);
    expect(text).toMatch(/Released\s+\$9\.99/);
    expect(text).toMatch(/Paid\s+\$14\.97/);
    expect(text).toMatch(/Voided\s+\$0\.99/);
    expect(text).not.toContain('Clawback owed');
    expect(text).toContain('3 joined through your link, 2 still active.');

    const rows = referrals.getByRole('table', { name: 'Your referral rewards' }).locator('tbody tr');
    await countIs(rows, 4);
    await expect(rows.nth(0).innerText()).resolves.toMatch(
      /@ann_ref\s+\$4\.99\s+\$0\.49\s+Recurring 10%\s+Pending/,
    );
    await expect(rows.nth(0).innerText()).resolves.toContain('Releases Dec 2, 2026');
    await expect(rows.nth(2).innerText()).resolves.toContain('Paid Oct 1, 2026');
    await expect(rows.nth(3).innerText()).resolves.toMatch(/Voided[\s\S]*Payment refunded/);
    const payouts = referrals.getByRole('table', { name: 'Your referral payouts' });
    await expect(payouts.innerText()).resolves.toMatch(
      /September 2026\s+\$14\.97\s+Oct 1, 2026\s+tr_local_0001/,
    );

    await section('Impact Summary').getByText('Referral Earnings', { exact: true }).waitFor();
    const impact = await section('Impact Summary').innerText();
    expect(impact).toMatch(/Referral Earnings\s+\$24\.96\s+\$14\.97 paid, \$9\.99 released/);
    expect(impact).toMatch(/Pending\s+\$0\.49\s+\$0 donations, \$0\.49 referral rewards/);
    expect(impact).toMatch(/Total Donated\s+\$0/);
    await captureAtBothWidths(page, 'profile-sections');
  });

  it('copies the link, and says so when the clipboard refuses', async () => {
    await mockProfileApi(page, member);
    await signIn(page, web, member);
    await page.goto('/profile');
    const referrals = section('Referral Program');
    await referrals.getByRole('button', { name: 'Copy Link' }).click();
    await toast('Referral link copied');
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toContain(
      `ref=${member.referralCode}&option=1`,
    );

    await page.evaluate(() => {
      Object.defineProperty(navigator, 'clipboard', {
        value: { writeText: () => Promise.reject(new Error('denied')) },
      });
    });
    await referrals.getByRole('button', { name: 'Copy Link' }).click();
    await toast('Failed to copy referral link');
  });

  it('changes the payout mode for new referrals, and the link follows', async () => {
    const calls = await mockProfileApi(page, member);
    await signIn(page, web, member);
    await page.goto('/profile');
    const referrals = section('Referral Program');
    await referrals.getByRole('radio', { name: /Recurring/ }).waitFor();
    await expect(referrals.getByRole('radio', { name: /Recurring/ }).isChecked()).resolves.toBe(true);
    await referrals.getByRole('radio', { name: /One-time/ }).check();
    await toast('New referrals now earn the one-time reward');
    expect(calls.rewardModes).toEqual([{ rewardMode: 'one-time' }]);
    await expect(referrals.getByRole('radio', { name: /One-time/ }).isChecked()).resolves.toBe(true);
    await expect(
      referrals.getByRole('textbox', { name: 'Your referral link' }).inputValue(),
    ).resolves.toMatch(/option=2$/);
  });

  it('sends the member to their payout account setup, and shows a clawback owed', async () => {
    const calls = await mockProfileApi(page, member, {
      referrals: referralsOf(member, {
        payoutAccount: 'onboarding',
        balances: {
          pendingCents: 0,
          releasedCents: 0,
          paidCents: 999,
          voidedCents: 999,
          clawbackOwedCents: 99,
        },
      }),
      payoutUrl: '/referral-terms',
    });
    await signIn(page, web, member);
    await page.goto('/profile');
    const referrals = section('Referral Program');
    await referrals.getByText('Clawback owed', { exact: true }).waitFor();
    await expect(referrals.innerText()).resolves.toMatch(/Clawback owed\s+\$0\.99/);
    await referrals.getByRole('button', { name: 'Continue Payout Account Setup' }).click();
    await page.waitForURL('**/referral-terms');
    expect(calls.payoutAccounts).toBe(1);
  });

  it('shows empty states when there is nothing yet, and a retry when referrals cannot be read', async () => {
    await mockProfileApi(page, member, {
      referrals: referralsOf(member, {
        referred: [],
        rewards: [],
        payouts: [],
        payoutAccount: 'ready',
        balances: { pendingCents: 0, releasedCents: 0, paidCents: 0, voidedCents: 0, clawbackOwedCents: 0 },
      }),
      // One payment: a member who has done something sees every section whole (the first run is below).
      transactions: TRANSACTIONS.slice(0, 1),
      sessions: SESSIONS.filter((session) => session.current),
    });
    await signIn(page, web, member);
    await page.goto('/profile');
    const referrals = section('Referral Program');
    await referrals.getByText('No referral rewards yet', { exact: true }).waitFor();
    await referrals.getByText('No payouts yet', { exact: true }).waitFor();
    await referrals.getByText('Nobody has joined through your link yet.', { exact: true }).waitFor();
    await referrals.getByText(/Your payout account is ready/).waitFor();
    await section('Transactions & Earnings').getByRole('table').waitFor();
    await countIs(page.getByRole('heading', { name: /^Welcome/ }), 0);
    await section('Security & Settings').getByText('You are signed in on this device only.').waitFor();
    await expect(
      section('Security & Settings').getByRole('button', { name: 'Sign out other sessions' }).isDisabled(),
    ).resolves.toBe(true);
    await captureAtBothWidths(page, 'profile-sections-empty');

    // Playwright's clock, so the query client's retry backoff is jumped over (support/clock.ts).
    await context.clock.install();
    const failing = await context.newPage();
    failing.on('pageerror', (error) => errors.push(error.message));
    await mockProfileApi(failing, member, { referrals: 'fail' });
    await failing.goto('/profile');
    const failed = failing.getByRole('region', { name: 'Referral Program' });
    await waitJumpingClock(failing, failed.getByText('Your referral program could not be loaded.'));
    await failed.getByRole('button', { name: 'Retry' }).waitFor();
    const failedImpact = failing.getByRole('region', { name: 'Impact Summary' });
    await failedImpact.getByText('Pending donations', { exact: true }).waitFor();
    const impact = await failedImpact.innerText();
    expect(impact).toMatch(/Referral Earnings\s+—/);
    expect(impact).toMatch(/Pending donations\s+\$0/);
  });

  it("says 'Failed to load profile data' with Retry when the profile call fails, without signing the member out", async () => {
    // Playwright's clock, so the query client's retry backoff is jumped over (support/clock.ts).
    await context.clock.install();
    await mockProfileApi(page, member);
    await signIn(page, web, member);
    let profileCall: 'server error' | 'network error' | 'real' = 'server error';
    await page.route('**/api/auth/profile', (route: Route) =>
      profileCall === 'server error'
        ? route.fulfill(refused(503, 'Service unavailable'))
        : profileCall === 'network error'
          ? route.abort('failed')
          : route.fallback(),
    );
    await page.goto('/profile');
    const failed = page.getByRole('alert');
    await waitJumpingClock(
      page,
      failed.getByRole('heading', { level: 1, name: 'Failed to load profile data' }),
    );
    await failed.getByText('Service unavailable', { exact: true }).waitFor();
    // Still signed in: on /profile, tokens kept, the header offers the profile rather than Login.
    expect(new URL(page.url()).pathname).toBe('/profile');
    expect(await page.evaluate(() => window.localStorage.getItem('accessToken'))).not.toBeNull();
    await page
      .getByRole('banner')
      .getByRole('link', { name: 'Profile' })
      .first()
      .waitFor({ state: 'attached' });
    await captureAtBothWidths(page, 'profile-unavailable');

    profileCall = 'network error';
    await failed.getByRole('button', { name: 'Retry' }).click();
    await waitJumpingClock(page, failed.getByText('Network error', { exact: true }));
    await failed.getByRole('heading', { level: 1, name: 'Failed to load profile data' }).waitFor();

    profileCall = 'real';
    await failed.getByRole('button', { name: 'Retry' }).click();
    await section('Impact Summary').waitFor();
    await countIs(page.getByText('Failed to load profile data'), 0);
  });

  it('filters transactions by type as a substring and searches every field', async () => {
    await mockProfileApi(page, member);
    await signIn(page, web, member);
    await page.goto('/profile');
    const transactions = section('Transactions & Earnings');
    const rows = transactions.locator('tbody tr');
    await transactions.getByRole('table').waitFor();
    await countIs(rows, 5);
    await expect(rows.nth(0).innerText()).resolves.toMatch(
      /Subscription\s+Premium, November 2026\s+−\$4\.99\s+paid/,
    );
    await expect(rows.nth(1).innerText()).resolves.toContain('+$4.99');

    await transactions.getByLabel('Type').selectOption('referral');
    await countIs(rows, 2);
    await expect(rows.allInnerTexts()).resolves.toEqual([
      expect.stringContaining('Referral payout'),
      expect.stringContaining('Referral reward'),
    ]);
    await transactions.getByText('2 of 5 transactions').waitFor();

    await transactions.getByLabel('Search').fill('TR_LOCAL');
    await countIs(rows, 1);
    await transactions.getByLabel('Type').selectOption('');
    await transactions.getByLabel('Search').fill('25.00');
    await countIs(rows, 1);
    await expect(rows.allInnerTexts()).resolves.toEqual([expect.stringContaining('Spring Snake Cup')]);
    await transactions.getByLabel('Search').fill('aug 12');
    await countIs(rows, 1);
    await transactions.getByLabel('Search').fill('refunded');
    await countIs(rows, 1);
    await expect(rows.allInnerTexts()).resolves.toEqual([expect.stringContaining('Refund of Premium')]);

    await transactions.getByLabel('Search').fill('no such thing');
    await transactions.getByText('No matching transactions', { exact: true }).waitFor();
    await captureAtBothWidths(page, 'profile-transactions-empty-search');
    await transactions.getByRole('button', { name: 'Clear filters' }).click();
    await countIs(rows, 5);
  });

  it('welcomes a member with no activity with the next steps, one line per empty section, and section links', async () => {
    // No answers made up here: a new member's real (empty) profile.
    await signIn(page, web, member);
    await page.goto('/profile');
    const welcome = section(`Welcome, @${member.username}`);
    await welcome.waitFor();
    const steps = welcome.getByRole('listitem');
    await countIs(steps, 3);
    await expect(steps.allInnerTexts()).resolves.toEqual([
      expect.stringContaining('Join a challenge'),
      expect.stringContaining('Make a donation'),
      expect.stringContaining('Invite friends'),
    ]);
    await expect(welcome.getByRole('link', { name: 'Browse challenges' }).getAttribute('href')).resolves.toBe(
      '/challenges',
    );
    await expect(welcome.getByRole('link', { name: 'Give now' }).getAttribute('href')).resolves.toBe(
      '/donate',
    );
    await expect(welcome.getByRole('link', { name: 'Get your link' }).getAttribute('href')).resolves.toBe(
      '#profile-referrals',
    );

    // The empty sections keep their headings, in the spec's order, each with one line and no zeros.
    for (const [name, line] of [
      ['Impact Summary', /^Nothing yet\./],
      ['Game Statistics', /^No games played yet\./],
      ['Donations', /^No donations yet\./],
      ['Gameplay', /^No tournaments yet\./],
      ['Transactions & Earnings', /^No transactions yet\./],
    ] as const) {
      const paragraphs = await section(name).locator('p').allInnerTexts();
      expect(paragraphs).toEqual([expect.stringMatching(line)]);
      await expect(section(name).innerText()).resolves.not.toContain('$0');
    }
    await countIs(page.getByRole('button', { name: 'Request Charity Payout' }), 0);
    await countIs(page.getByText('Challenges Played', { exact: true }), 0);
    // The invitation needs the link: it stays, the empty balances and tables go.
    const referrals = section('Referral Program');
    await expect(
      referrals.getByRole('textbox', { name: 'Your referral link' }).inputValue(),
    ).resolves.toContain(`ref=${member.referralCode}`);
    await countIs(referrals.getByRole('table'), 0);
    await referrals.getByText(/^Nobody has joined through your link yet\. When someone you invite/).waitFor();
    // The donation states, explained for later, behind one summary.
    const states = section('Donations').getByText('What happens to a donation');
    await states.click();
    await section('Donations')
      .getByText(/^Promised to a charity\./)
      .waitFor();

    // Every section has a link, and a link lands on its section, below the sticky header.
    const nav = page.getByRole('navigation', { name: 'Profile sections' });
    const links = nav.getByRole('link');
    await expect(links.allInnerTexts()).resolves.toEqual([
      'Get started',
      'Impact',
      'Game statistics',
      'Account',
      'Subscription',
      'Referrals',
      'Donations',
      'Gameplay',
      'Your charity',
      'Transactions',
      'Security',
      'Support',
    ]);
    for (const href of await links.evaluateAll((all) => all.map((link) => link.getAttribute('href')))) {
      expect(await page.locator(href!).count()).toBe(1);
    }
    await nav.getByRole('link', { name: 'Transactions' }).click();
    await page.waitForFunction(() => window.location.hash === '#profile-transactions');
    const landed = await page.evaluate(() => {
      const heading = document.getElementById('profile-transactions')!.getBoundingClientRect();
      const header = document.querySelector('.site-header')!.getBoundingClientRect();
      return { top: heading.top, headerBottom: header.bottom, height: window.innerHeight };
    });
    expect(landed.top).toBeGreaterThanOrEqual(landed.headerBottom);
    expect(landed.top).toBeLessThan(landed.height / 2);
    // Sticky beside the sections on a wide screen: still in view after the jump.
    const navBox = (await nav.boundingBox())!;
    expect(navBox.y).toBeGreaterThanOrEqual(landed.headerBottom);
    expect(navBox.y + navBox.height).toBeLessThanOrEqual(landed.height);

    await page.evaluate(() => window.scrollTo(0, 0));
    await captureAtBothWidths(page, 'profile-first-run');
    // The first run is short: the before-page of issue 23 was 4,782 px at 1280 and 6,901 px at 390.
    const heightAt = async (width: number) => {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      return page.evaluate(() => document.documentElement.scrollHeight);
    };
    expect(await heightAt(1280)).toBeLessThan(4_000);
    expect(await heightAt(390)).toBeLessThan(6_000);
  });

  it('explains each money state in plain words, and keeps the payout button off the history below', async () => {
    await mockProfileApi(page, member);
    await signIn(page, web, member);
    await page.goto('/profile');
    const donations = section('Donations');
    const button = donations.getByRole('button', { name: 'Request Charity Payout' });
    await button.waitFor();
    const text = await donations.innerText();
    expect(text).toMatch(/Yours to direct\s+\$0\s+Prize money you won without choosing a charity\./);
    expect(text).toMatch(
      /Held\s+\$0\s+Promised to a charity\. Charity Arena keeps it until its next transfer/,
    );
    expect(text).toMatch(/Pending\s+\$0\s+Sent to the charity's payment account/);
    expect(text).toMatch(/Cleared\s+\$0\s+Paid into the charity's bank account\./);
    const referrals = section('Referral Program');
    await referrals.getByRole('table', { name: 'Your referral rewards' }).waitFor();
    const rewards = await referrals.innerText();
    expect(rewards).toMatch(
      /Pending\s+\$0\.49\s+Earned, but the payment it comes from can still be refunded\./,
    );
    expect(rewards).toMatch(/Released\s+\$9\.99\s+Yours\. It is paid to your payout account with the next/);
    expect(rewards).toMatch(/Voided\s+\$0\.99\s+Cancelled: the payment was refunded or charged back/);

    const history = donations.getByText('No donations yet', { exact: true }).locator('..');
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      const [buttonBox, historyBox] = [(await button.boundingBox())!, (await history.boundingBox())!];
      expect(historyBox.y - (buttonBox.y + buttonBox.height)).toBeGreaterThanOrEqual(16);
    }
    await captureAtBothWidths(page, 'profile-money-states');
  });

  it('lists active sign-ins with this device marked, and signs the others out', async () => {
    const calls = await mockProfileApi(page, member);
    await signIn(page, web, member);
    await page.goto('/profile');
    const security = section('Security & Settings');
    const signIns = security.getByRole('list', { name: 'Active sign-ins' }).getByRole('listitem');
    await countIs(signIns, 2);
    await expect(signIns.nth(0).innerText()).resolves.toMatch(
      /Chrome on Linux\s*This device[\s\S]*203\.0\.113\.x/,
    );
    await expect(signIns.nth(1).innerText()).resolves.not.toContain('This device');

    await security.getByRole('button', { name: 'Sign out other sessions' }).click();
    await toast('Signed out 1 other session');
    expect(calls.signOutOthers).toBe(1);
    await countIs(signIns, 1);
  });

  it('deletes the account after the username is typed, signs out here and says when data is erased', async () => {
    const calls = await mockProfileApi(page, member);
    await signIn(page, web, member);
    await page.goto('/profile');
    await section('Security & Settings').getByRole('button', { name: 'Delete Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete account' });
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await dialog.getByText('Type your username to confirm.', { exact: true }).waitFor();
    await dialog.getByLabel('Type your username to confirm').fill('someone_else');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await dialog.getByText(`Type your username, ${member.username}, exactly to confirm.`).waitFor();
    await captureAtBothWidths(page, 'profile-delete-account', { fullPage: false });
    expect(calls.deletes).toEqual([]);

    await dialog.getByLabel('Type your username to confirm').fill(member.username);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await page.waitForURL('**/login');
    await toast('Your account is closed. Your personal data will be erased on December 23, 2026.');
    expect(calls.deletes).toEqual([{ confirmUsername: member.username }]);
    await expect(page.evaluate(() => localStorage.getItem('accessToken'))).resolves.toBeNull();
  });

  it('checks a support message with the contract, sends it and shows the ticket; a 429 is explained', async () => {
    const calls = await mockProfileApi(page, member);
    await signIn(page, web, member);
    await page.goto('/profile');
    const support = section('Support');
    await support.getByRole('button', { name: 'Send Message' }).click();
    await support.getByText('Choose a topic.', { exact: true }).waitFor();
    await support.getByText('Write a subject of at least 3 characters.', { exact: true }).waitFor();
    await support.getByText('Write at least 10 characters so we can help.', { exact: true }).waitFor();
    expect(calls.support).toEqual([]);
    await captureAtBothWidths(page, 'profile-support-errors');

    await support.getByLabel('Topic').selectOption('billing');
    await support.getByLabel('Subject').fill('Charged twice');
    await support.getByLabel('Message').fill('My card shows two charges for November.');
    await support.getByRole('button', { name: 'Send Message' }).click();
    await support.getByText('SUP-7K3Q9', { exact: true }).waitFor();
    expect(calls.support).toEqual([
      { topic: 'billing', subject: 'Charged twice', message: 'My card shows two charges for November.' },
    ]);
    await expect(support.getByLabel('Subject').inputValue()).resolves.toBe('');

    const limited = await context.newPage();
    limited.on('pageerror', (error) => errors.push(error.message));
    await mockProfileApi(limited, member, { supportAnswer: 'too-many' });
    await limited.goto('/profile');
    const limitedSupport = limited.getByRole('region', { name: 'Support' });
    await limitedSupport.getByLabel('Topic').selectOption('other');
    await limitedSupport.getByLabel('Subject').fill('Hello again');
    await limitedSupport.getByLabel('Message').fill('One more question about my account.');
    await limitedSupport.getByRole('button', { name: 'Send Message' }).click();
    await limitedSupport.getByText('Too many messages to support. Try again in an hour.').waitFor();
  });

  it("gives a member their real link on /referral with their reward mode's option, saves the member's pick, and a guest a login prompt", async () => {
    const calls = await mockProfileApi(page, member, {
      referrals: referralsOf(member, { code: 'REALCODE42', rewardMode: 'one-time' }),
    });
    await signIn(page, web, member);
    await page.goto('/referral');
    const link = page.getByRole('textbox', { name: 'Referral link' });
    await page.locator('input[value*="REALCODE42"]').waitFor();
    await expect(link.inputValue()).resolves.toBe(`${web.baseUrl}/join?ref=REALCODE42&option=2`);
    await expect(page.getByRole('radio', { name: /One-time/ }).isChecked()).resolves.toBe(true);
    await page.getByText('Joined through your link').waitFor();
    await page.getByRole('radio', { name: /Recurring/ }).check();
    await page.waitForURL('**/referral?option=1');
    await expect(link.inputValue()).resolves.toBe(`${web.baseUrl}/join?ref=REALCODE42&option=1`);
    // The pick is the member's reward mode from now on, not only the link's option.
    await page
      .locator('[role="status"]')
      .getByText('New referrals now earn the recurring reward')
      .first()
      .waitFor();
    expect(calls.rewardModes).toEqual([{ rewardMode: 'recurring' }]);
    await captureAtBothWidths(page, 'referral-member-real');

    // A context of its own: this one's storage holds the member's tokens.
    const guestContext = await browser.newContext({ baseURL: web.baseUrl, viewport: DESKTOP });
    const guest = await guestContext.newPage();
    guest.on('pageerror', (error) => errors.push(error.message));
    await guest.goto('/referral');
    await guest.getByRole('button', { name: 'Copy link' }).click();
    await guest.locator('[role="status"]').getByText('Please login to share your link').first().waitFor();
    await guest.getByRole('button', { name: 'Share' }).click();
    await expect(guest.getByRole('textbox', { name: 'Referral link' }).inputValue()).resolves.toBe('');
    await guestContext.close();
  });
});
