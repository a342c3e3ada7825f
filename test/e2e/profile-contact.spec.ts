import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DESKTOP, launchBrowser } from './support/browser';
import { captureAtBothWidths } from './support/capture';
import { codeFromMailbox, emailInMailbox } from './support/mailbox';
import { createMember, signIn, type TestMember } from './support/member';
import { solidPng } from './support/png';
import { startWebApp, type RunningWebApp } from './support/web-app';

jest.setTimeout(180_000);

/**
 * The profile's Account section in Chromium against the real API serving the built app: a member
 * changes their email and their phone with codes read off the dev mailbox, and their avatar.
 */
describe('profile account: email, phone, region and avatar', () => {
  let web: RunningWebApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let member: TestMember;
  const errors: string[] = [];
  const newEmail = `changed.${randomUUID().slice(0, 8)}@example.net`;
  const newLocalPhone = `7400 ${String(Date.now()).slice(-6)}`;
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
    await account().getByRole('button', { name: 'Change Avatar' }).waitFor();
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

  const askForPhoneCode = async (on: Page) => {
    await on.getByRole('region', { name: 'Account' }).getByRole('button', { name: 'Change Phone' }).click();
    const dialog = on.getByRole('dialog', { name: 'Change phone' });
    await dialog.getByLabel('Country code').selectOption('+44');
    await dialog.getByLabel('New phone number').fill(newLocalPhone);
    await dialog.getByRole('button', { name: 'Send Code' }).click();
    return dialog;
  };

  it('keeps the phone fixed for a day after the email changed, and says so', async () => {
    const dialog = await askForPhoneCode(page);
    const fixed =
      'For your security, your phone number can be changed 24 hours after your last email change.';
    await dialog.getByText(fixed, { exact: true }).waitFor();
    await captureAtBothWidths(page, 'profile-phone-fixed');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it('changes the phone of a member whose email did not just change, and the region follows', async () => {
    const other = await createMember(web);
    const otherContext = await browser.newContext({ baseURL: web.baseUrl, viewport: DESKTOP });
    const otherPage = await otherContext.newPage();
    otherPage.on('pageerror', (error) => errors.push(error.message));
    await signIn(otherPage, web, other);
    await otherPage.goto('/profile');
    const dialog = await askForPhoneCode(otherPage);
    const otherToast = (text: string) =>
      otherPage.locator('[role="status"]').getByText(text, { exact: true }).first().waitFor();
    await otherToast('Verification code sent to your new phone number.');
    await dialog.getByLabel('Verification code').fill(await codeFromMailbox(otherContext, newPhone, 'sms'));
    await dialog.getByLabel('Verification code').press('Enter');
    await otherToast('Phone number updated successfully!');
    await dialog.waitFor({ state: 'hidden' });
    const otherAccount = otherPage.getByRole('region', { name: 'Account' });
    await otherAccount.getByText(masked(newPhone), { exact: true }).waitFor();
    await expect(otherAccount.innerText()).resolves.toMatch(/Region\s+United Kingdom/);
    await captureAtBothWidths(otherPage, 'profile-account-changed');
    await otherContext.close();
  });

  it('changes the avatar to a picture cropped to a square', async () => {
    await page.getByText(member.username.charAt(0).toUpperCase(), { exact: true }).first().waitFor();
    await account().getByRole('button', { name: 'Change Avatar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change avatar' });
    const picture = dialog.getByLabel('Picture');
    await picture.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await dialog.getByText('Choose a PNG, JPEG or WebP image.', { exact: true }).waitFor();
    await expect(dialog.getByRole('button', { name: 'Save Avatar' }).isDisabled()).resolves.toBe(true);

    await picture.setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: solidPng(300, 200, [214, 90, 49]),
    });
    const preview = dialog.getByRole('img', { name: `Avatar of @${member.username}` });
    await expect(preview.getAttribute('src')).resolves.toMatch(/^data:image\/jpeg;base64,/);
    await captureAtBothWidths(page, 'profile-change-avatar', { fullPage: false });

    await dialog.getByRole('button', { name: 'Save Avatar' }).click();
    await toast('Avatar updated successfully!');
    await dialog.waitFor({ state: 'hidden' });
    const avatar = page.getByRole('img', { name: `Avatar of @${member.username}` });
    await expect(avatar.getAttribute('src')).resolves.toMatch(
      new RegExp(`^/api/auth/avatars/${member.id}\\?v=\\d+$`),
    );
    await page.waitForFunction(
      () => (document.querySelector('img.member-avatar') as HTMLImageElement | null)?.naturalWidth === 256,
    );
    await captureAtBothWidths(page, 'profile-avatar');
    expect(errors).toEqual([]);
  });
});
