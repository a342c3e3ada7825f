import { sql } from 'kysely';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { signAccessToken } from '@arena/identity';
import { DESKTOP, launchBrowser } from './support/browser';
import { codeFromMailbox } from './support/mailbox';
import { createMember, type TestMember } from './support/member';
import { startWebApp, type RunningWebApp } from './support/web-app';

jest.setTimeout(120_000);

/**
 * Two tabs of one signed-in browser whose access token has expired refresh at the same moment: the
 * tabs take turns (Web Locks), so the refresh token is spent once, both tabs stay signed in with
 * the same new pair and the sign-in is not revoked as a reuse.
 */
describe('two tabs refreshing at once', () => {
  let web: RunningWebApp;
  let browser: Browser;
  let context: BrowserContext;
  let member: TestMember;

  beforeAll(async () => {
    [web, browser] = await Promise.all([startWebApp(), launchBrowser()]);
    context = await browser.newContext({ baseURL: web.baseUrl, viewport: DESKTOP });
    member = await createMember(web);
  });

  afterAll(async () => {
    await browser?.close();
    await web?.stop();
  });

  /** A real sign-in through the login calls, with the code read off the dev mailbox. */
  async function logIn(): Promise<{ accessToken: string; refreshToken: string }> {
    const post = async (path: string, body: unknown) =>
      (
        await fetch(`${web.baseUrl}/api${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).json();
    const started = await post('/auth/login', { emailOrPhone: member.email });
    const otpCode = await codeFromMailbox(context, member.email, 'email');
    const verified = await post('/auth/login/verify', { sessionId: started.data.sessionId, otpCode });
    return verified.data.tokens;
  }

  it('spends the refresh token once and keeps both tabs signed in', async () => {
    const tokens = await logIn();
    const claims = JSON.parse(Buffer.from(tokens.accessToken.split('.')[1]!, 'base64url').toString());
    const expired = await signAccessToken(
      web.jwtSecret,
      { sub: member.id, username: member.username, sid: claims.sid },
      new Date(Date.now() - 3600_000),
    );
    await context.addInitScript(
      ([access, refresh]) => {
        if (window.localStorage.getItem('refreshToken') !== null) return;
        window.localStorage.setItem('accessToken', access);
        window.localStorage.setItem('refreshToken', refresh);
      },
      [expired, tokens.refreshToken] as const,
    );
    const refreshes: string[] = [];
    context.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/auth/refresh') refreshes.push(request.url());
    });

    const tabs: Page[] = [await context.newPage(), await context.newPage()];
    await Promise.all(tabs.map((tab) => tab.goto('/profile')));
    await Promise.all(
      tabs.map((tab) => tab.getByText(`@${member.username}`, { exact: false }).first().waitFor()),
    );

    expect(refreshes).toHaveLength(1);
    const stored = await Promise.all(
      tabs.map((tab) => tab.evaluate(() => window.localStorage.getItem('refreshToken'))),
    );
    expect(stored[0]).not.toBe(tokens.refreshToken);
    expect(stored[1]).toBe(stored[0]);
    const { rows } = await sql<{ revoked_at: Date | null }>`
      SELECT revoked_at FROM refresh_token_families WHERE id = ${claims.sid}`.execute(web.database.db);
    expect(rows).toEqual([{ revoked_at: null }]);
  });
});
