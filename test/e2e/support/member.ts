import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { signAccessToken } from '@arena/identity';
import type { RunningWebApp } from './web-app';

export interface TestMember {
  id: string;
  username: string;
  email: string;
  phoneNumber: string;
  referralCode: string;
}

/** A member stored in the app's own database, as the accounts context would have created it. */
export async function createMember(web: RunningWebApp): Promise<TestMember> {
  const suffix = randomBytes(4).toString('hex');
  const member: TestMember = {
    id: randomUUID(),
    username: `player_${suffix}`,
    email: `player_${suffix}@example.org`,
    phoneNumber: `+1415${2_000_000 + (parseInt(suffix, 16) % 8_000_000)}`,
    referralCode: `REF${suffix.toUpperCase()}`,
  };
  await sql`
    INSERT INTO accounts (id, username, email, phone_number, referral_code)
    VALUES (${member.id}, ${member.username}, ${member.email}, ${member.phoneNumber}, ${member.referralCode})
  `.execute(web.database.db);
  return member;
}

/**
 * Signs the member in for this page the way a finished login leaves things: a valid access token
 * and a refresh token in localStorage, checked by the real profile call.
 */
export async function signIn(
  page: Page,
  web: RunningWebApp,
  member: Pick<TestMember, 'id' | 'username'>,
): Promise<void> {
  const accessToken = await signAccessToken(web.jwtSecret, {
    sub: member.id,
    username: member.username,
    sid: randomUUID(),
  });
  await page.addInitScript(
    ([access, refresh]) => {
      if (window.localStorage.getItem('accessToken') !== null) return;
      window.localStorage.setItem('accessToken', access);
      window.localStorage.setItem('refreshToken', refresh);
    },
    [accessToken, `unused-refresh-${member.id}`] as const,
  );
}
