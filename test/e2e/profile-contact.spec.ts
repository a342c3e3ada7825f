import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DESKTOP, launchBrowser } from './support/browser';
import { captureAtBothWidths } from './support/capture';
import { codeFromMailbox, emailInMailbox } from './support/mailbox';
import { createMember, signIn, type TestMember } from './support/member';
import { startWebApp, type RunningWebApp } from './support/web-app';

jest.setTimeout(180_000);

/**
 * The profile's Account section in Chromium against the real API serving the built app: a member
 * changes their email and their phone with codes read off the dev mailbox.
 */
describe('profile account: email, phone and region, changed with a code to the new address', () => {
  let web: RunningWebApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let member: TestMember;
  const errors: string[] = [];
  const newEmail = `changed.${randomUUID().slice(0, 8)}@example.net`;
  const newLocalPhone = `20 7946 ${String(Date.now()).slice(-4)}`;
  const newPhone = `+44${newLocalPhone.replace(/\s/g, '')}`;

  const account = () => page.getByRole('region', { name: 'Account' });
  const toast = (text: string) =>
    page.locator('[role="status"]').getByText(text, { exact: true }).first().waitFor();
  const masked = (phone: string) => `+${'•'.repeat(phone.length - 5)}${phone.slice(-4)}`;

  beforeAll(async () => {
    [web, browser] = await Promise.all([startWebApp(), launchBrowser()]);
    member = await createMember(web);
    context = await browser.newContext({ baseURL: web.baseUrl, viewport: DESKTOP });
    page = await context.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
    await signIn(page, web, member);
  });

  afterAll(async () => {
    await browser?.close();
    await web?.stop();
  });

  it('shows the email, the masked phone and the region its country code stands for', async () => {
    await page.goto('/profile');
    await account().getByText(member.email, { exact: true }).waitFor();
    const text = await account().innerText();
    expect(text).toContain(masked(member.phoneNumber));
    expect(text).toMatch(/Region\s+United States/);
    await account().getByRole('button', { name: 'Change Email' }).waitFor();
    await account().getByRole('button', { name: 'Change Phone' }).waitFor();
    await expect(account().getByRole('button', { name: 'Change Avatar' }).count()).resolves.toBe(0);
    await captureAtBothWidths(page, 'profile-account');
  });

  it('changes the email with the code from the mailbox, shows it at once, and tells the old address', async () => {
    await account().getByRole('button', { name: 'Change Email' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change email' });
    await dialog.getByRole('button', { name: 'Send Code' }).click();
    await dialog.getByText('Email is required', { exact: true }).waitFor();
    await dialog.getByLabel('New email address').fill(member.email.toUpperCase());
    await dialog.getByRole('button', { name: 'Send Code' }).click();
    await dialog
      .getByText('The new email address must be different from your current one.', { exact: true })
      .waitFor();
    await captureAtBothWidths(page, 'profile-change-email', { fullPage: false });

    await dialog.getByLabel('New email address').fill(newEmail);
    await dialog.getByRole('button', { name: 'Send Code' }).click();
    await toast('Verification code sent to your new email address.');
    await dialog.getByText(newEmail, { exact: true }).waitFor();
    await dialog.getByLabel('Verification code').fill('12');
    await dialog.getByRole('button', { name: 'Verify', exact: true }).click();
    await dialog.getByText('Enter a valid 4-10 digit email code.', { exact: true }).waitFor();
    await captureAtBothWidths(page, 'profile-change-email-code', { fullPage: false });

    await dialog.getByLabel('Verification code').fill(await codeFromMailbox(context, newEmail, 'email'));
    await dialog.getByRole('button', { name: 'Verify', exact: true }).click();
    await toast('Email updated successfully!');
    await dialog.waitFor({ state: 'hidden' });
    await account().getByText(newEmail, { exact: true }).waitFor();

    const notice = await emailInMailbox(context, member.email, 'email address of your Charity Arena account');
    expect(notice).toContain(`@${member.username}`);
    await page.reload();
    await account().getByText(newEmail, { exact: true }).waitFor();
  });

  it('changes the phone, and the region follows the new country code', async () => {
    await account().getByRole('button', { name: 'Change Phone' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change phone' });
    await dialog.getByLabel('Country code').selectOption('+44');
    await dialog.getByLabel('New phone number').fill(newLocalPhone);
    await dialog.getByRole('button', { name: 'Send Code' }).click();
    await toast('Verification code sent to your new phone number.');
    await dialog.getByLabel('Verification code').fill(await codeFromMailbox(context, newPhone, 'sms'));
    await dialog.getByLabel('Verification code').press('Enter');
    await toast('Phone number updated successfully!');
    await dialog.waitFor({ state: 'hidden' });
    await account().getByText(masked(newPhone), { exact: true }).waitFor();
    await expect(account().innerText()).resolves.toMatch(/Region\s+United Kingdom/);
    await captureAtBothWidths(page, 'profile-account-changed');
    expect(errors).toEqual([]);
  });
});
