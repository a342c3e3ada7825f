import type { BrowserContext, Page } from 'playwright-core';

/** The newest message card for a recipient on the /dev/mailbox page, opened in a tab of its own. */
async function withMailbox<T>(context: BrowserContext, read: (page: Page) => Promise<T>) {
  const mailbox = await context.newPage();
  try {
    await mailbox.goto('/dev/mailbox');
    await mailbox.getByRole('heading', { name: 'Dev mailbox' }).waitFor();
    return await read(mailbox);
  } finally {
    await mailbox.close();
  }
}

/**
 * Reads the newest code sent to a recipient off the dev mailbox page, the way a developer would;
 * `newerThan` waits for a code other than one already used.
 */
export function codeFromMailbox(
  context: BrowserContext,
  to: string,
  channel: 'email' | 'sms',
  newerThan?: string,
): Promise<string> {
  return withMailbox(context, async (mailbox) => {
    const card = mailbox.getByRole('article', { name: `${channel} to ${to}` }).first();
    for (let attempt = 0; ; attempt++) {
      await card.waitFor();
      const code = (await card.locator('.mailbox__body').innerText()).match(/\b(\d{6})\b/)?.[1];
      if (code && code !== newerThan) return code;
      if (attempt > 20) throw new Error(`no new ${channel} code for ${to}`);
      await mailbox.waitForTimeout(500);
    }
  });
}

/** Waits until the mailbox holds an email to `to` whose text contains `text`, and returns that text. */
export function emailInMailbox(context: BrowserContext, to: string, text: string): Promise<string> {
  return withMailbox(context, async (mailbox) => {
    const card = mailbox
      .getByRole('article', { name: `email to ${to}` })
      .filter({ hasText: text })
      .first();
    await card.waitFor();
    return card.innerText();
  });
}
