import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { signAccessToken } from '../infrastructure/access-token';

export interface TestMember {
  id: string;
  username: string;
  email: string;
  /** A valid 15-minute access token for this member. */
  accessToken: string;
}

let sequence = 0;

/** Inserts an account the way a completed sign-up leaves it and mints its access token. */
export async function createMember(
  db: Kysely<any>,
  jwtSecret: string,
  overrides: Partial<Pick<TestMember, 'username' | 'email'>> = {},
): Promise<TestMember> {
  sequence += 1;
  const id = randomUUID();
  const suffix = id.slice(0, 8);
  const username = overrides.username ?? `player_${suffix}`;
  const email = overrides.email ?? `${username}@example.org`;
  await db
    .insertInto('accounts')
    .values({
      id,
      username,
      email,
      phone_number: `+1555${String(Date.now() % 1e7).padStart(7, '0')}${sequence}`,
      referral_code: `ref${suffix}`,
    })
    .execute();
  return {
    id,
    username,
    email,
    accessToken: await signAccessToken(jwtSecret, { sub: id, username, sid: randomUUID() }),
  };
}
