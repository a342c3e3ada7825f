import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DESKTOP, launchBrowser } from './support/browser';
import { captureAtBothWidths } from './support/capture';
import { codeFromMailbox as readCode } from './support/mailbox';
import { startWebApp, type RunningWebApp } from './support/web-app';

jest.setTimeout(180_000);

/**
 * The account flows in Chromium against the real API serving the built app, with the local
 * outbox driver: codes are read off the /dev/mailbox page, the way a developer would.
 */
describe('accounts in the browser: sign up, stay signed in, log out, log in', () => {
  let web: RunningWebApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const errors: string[] = [];

  const tag = randomUUID().slice(0, 8);
  const member = {
    username: `e2e_${tag}`,
    email: `e2e.${tag}@example.org`,
    localPhone: `7400 ${String(Date.now()).slice(-6)}`,
  };
  const e164Phone = `+44${member.localPhone.replace(/\s/g, '')}`;

  const path = () => new URL(page.url()).pathname;
  const waitForPath = (expected: string) => page.waitForURL((url) => url.pathname === expected);
  const toast = (text: string) =>
    page.locator('[role="status"]').getByText(text, { exact: true }).first().waitFor();

  const submitSignUp = async () => {
    await page.getByLabel('Username').fill(member.username);
    await page.getByLabel('Email address').fill(member.email);
    await page.getByLabel('Country code').selectOption('+44');
    await page.getByLabel('Phone number').fill(member.localPhone);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Create Account' }).click();
  };
  const capture = (name: string) => captureAtBothWidths(page, name);
  const codeFromMailbox = (to: string, channel: 'email' | 'sms', newerThan?: string) =>
    readCode(context, to, channel, newerThan);

  beforeAll(async () => {
    [web, browser] = await Promise.all([startWebApp(), launchBrowser()]);
    context = await browser.newContext({ baseURL: web.baseUrl, viewport: DESKTOP });
    page = await context.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
  });

  afterAll(async () => {
    await browser?.close();
    await web?.stop();
  });

  it('sends a guest from /profile to /login, and shows the login screen with both tabs', async () => {
    await page.goto('/profile');
    await waitForPath('/login');
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
    await expect(page.getByRole('tab').allInnerTexts()).resolves.toEqual(['Phone', 'Email']);
    await expect(page.getByLabel('Country code').locator('option').allInnerTexts()).resolves.toEqual([
      '+1',
      '+44',
      '+61',
      '+91',
    ]);
    await page.getByRole('button', { name: 'Send Code' }).click();
    await page.getByText('Please enter a valid phone number.').first().waitFor();
    await page.getByRole('tab', { name: 'Email' }).click();
    await page.getByRole('button', { name: 'Send Code' }).click();
    await page.getByText('Please enter your email address.').first().waitFor();
    await capture('login');
  });

  it('keeps a referral code from /join and checks the sign-up form with the spec messages', async () => {
    await page.goto('/join?ref=FRIEND42');
    await waitForPath('/create-account');
    expect(new URL(page.url()).searchParams.get('ref')).toBe('FRIEND42');
    await expect(page.evaluate(() => localStorage.getItem('referralCode'))).resolves.toBe('FRIEND42');
    await page.getByText('FRIEND42').waitFor();
    await expect(page.getByLabel('Country code').locator('option').allInnerTexts()).resolves.toEqual([
      '+1',
      '+44',
      '+33',
      '+49',
      '+81',
      '+86',
      '+91',
      '+55',
      '+61',
      '+39',
    ]);

    await page.getByRole('button', { name: 'Create Account' }).click();
    for (const message of [
      'Username is required',
      'Email is required',
      'The phone number is invalid. Use +countrycode and digits.',
    ]) {
      await page.getByText(message, { exact: true }).waitFor();
    }
    await capture('create-account');
  });

  it('keeps the reward option of a referral link through /join and sends it with the sign-up', async () => {
    await page.goto('/join?ref=FRIEND42&option=2');
    await waitForPath('/create-account');
    expect(new URL(page.url()).searchParams.get('option')).toBe('2');
    await expect(page.evaluate(() => localStorage.getItem('referralOption'))).resolves.toBe('2');

    let sent: unknown;
    await page.route('**/api/auth/signup', async (route) => {
      sent = route.request().postDataJSON();
      await route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, message: 'Stopped by the test', statusCode: 400 }),
      });
    });
    await submitSignUp();
    await page.getByText('Stopped by the test').first().waitFor();
    await page.unroute('**/api/auth/signup');
    expect(sent).toMatchObject({ referralCode: 'FRIEND42', referralOption: 2, phoneNumber: e164Phone });
  });

  it('signs up, verifying the email and the phone code read from the dev mailbox, and lands on /profile', async () => {
    await page.goto('/create-account');
    await submitSignUp();
    await waitForPath('/verify');
    expect(new URL(page.url()).searchParams.get('sessionId')).toMatch(/^[0-9a-f-]{36}$/);
    await toast('Verification codes sent! Check your email and phone.');
    await page.getByRole('heading', { name: 'Verify your account' }).waitFor();
    await capture('verify');

    await page.getByLabel('Email code').fill('12');
    await page.getByLabel('Email code').press('Enter');
    await page.getByText('Enter a valid 4-10 digit email code.', { exact: true }).first().waitFor();
    await expect(page.getByLabel('Phone code').getAttribute('maxlength')).resolves.toBe('10');

    const mailboxPage = await context.newPage();
    await mailboxPage.goto('/dev/mailbox');
    await mailboxPage.getByRole('article', { name: `email to ${member.email}` }).waitFor();
    await mailboxPage.getByRole('article', { name: `sms to ${e164Phone}` }).waitFor();
    page = mailboxPage;
    await capture('dev-mailbox');
    page = context.pages()[0]!;
    await mailboxPage.close();

    await page.getByLabel('Email code').fill(await codeFromMailbox(member.email, 'email'));
    await page.getByLabel('Email code').press('Enter');
    await page.getByText('Email verified', { exact: true }).waitFor();
    await page.getByLabel('Phone code').fill(await codeFromMailbox(e164Phone, 'sms'));
    await page.getByLabel('Phone code').press('Enter');

    await waitForPath('/profile');
    await toast('Account created and verified successfully!');
    await page.getByRole('heading', { level: 1, name: `@${member.username}` }).waitFor();
    const account = page.getByRole('region', { name: 'Account' });
    await account.getByText(member.email).waitFor();
    await expect(account.innerText()).resolves.toContain(
      `+${'•'.repeat(e164Phone.length - 5)}${e164Phone.slice(-4)}`,
    );
    await expect(page.evaluate(() => localStorage.getItem('referralCode'))).resolves.toBeNull();
    await capture('profile');
  });

  it('stays signed in across a reload, and sends a member away from guest-only pages', async () => {
    // A slow profile call keeps the session unresolved for a moment: the page says so meanwhile.
    await page.route('**/api/auth/profile', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.reload();
    await page.getByText('Loading...', { exact: true }).waitFor();
    // Nor does the header offer Login to a member whose session is still being checked.
    await expect(page.getByRole('link', { name: 'Login', exact: true }).count()).resolves.toBe(0);
    await page.getByRole('heading', { level: 1, name: `@${member.username}` }).waitFor();
    await page.getByRole('link', { name: 'Profile', exact: true }).waitFor();
    await page.unroute('**/api/auth/profile');
    for (const guestOnly of ['/login', '/create-account', '/verify', '/login-verify']) {
      await page.goto(guestOnly);
      await waitForPath('/');
    }
  });

  it('logs out to /login, and the old tokens are gone', async () => {
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Logout' }).click();
    await waitForPath('/login');
    await toast('Logged out successfully');
    await expect(
      page.evaluate(() => [localStorage.getItem('accessToken'), localStorage.getItem('refreshToken')]),
    ).resolves.toEqual([null, null]);
    await page.goto('/profile');
    await waitForPath('/login');
  });

  it('logs in by email with the code from the mailbox', async () => {
    const signUpCode = await codeFromMailbox(member.email, 'email');
    await page.goto('/login');
    await page.getByRole('tab', { name: 'Email' }).click();
    await page.getByLabel('Email address').fill(member.email);
    await page.getByRole('button', { name: 'Send Code' }).click();
    await waitForPath('/login-verify');
    expect(new URL(page.url()).searchParams.get('channel')).toBe('email');
    await toast('Verification code sent! Check your email.');
    await page.getByRole('button', { name: 'Resend Code' }).waitFor();
    await page.getByRole('button', { name: 'Back to Login' }).waitFor();
    await capture('login-verify');

    await page.getByLabel('Verification code').fill('000');
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await page.getByText('Enter a valid 4-10 digit verification code.', { exact: true }).first().waitFor();

    await page.getByLabel('Verification code').fill(await codeFromMailbox(member.email, 'email', signUpCode));
    await page.getByLabel('Verification code').press('Enter');
    await waitForPath('/profile');
    await toast('Login successful!');
    await page.getByRole('heading', { level: 1, name: `@${member.username}` }).waitFor();
    await page.getByRole('button', { name: 'Logout' }).click();
    await waitForPath('/login');
  });

  it('sends a visitor with a broken verification link back to start, with the spec messages', async () => {
    await page.goto('/login-verify?sessionId=abc&channel=fax');
    await waitForPath('/login');
    await toast('Invalid verification channel. Please start over.');
    await page.goto('/login-verify');
    await waitForPath('/login');
    await toast('No verification session found. Please start over.');
    await page.goto('/verify');
    await waitForPath('/create-account');
    await toast('No verification session found. Please start over.');
    expect(path()).toBe('/create-account');
    expect(errors).toEqual([]);
  });
});
