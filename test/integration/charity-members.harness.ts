import { randomUUID } from 'node:crypto';
import { signAccessToken } from '@arena/identity';
import type { IdentityHarness } from './identity-harness';

export interface TestMember {
  id: string;
  username: string;
  auth: { authorization: string };
}

/** An account written straight into the harness's database, with a bearer header for it. */
export async function newMember(harness: IdentityHarness, name: string): Promise<TestMember> {
  const id = randomUUID();
  const username = `${name}${id.slice(0, 6)}`;
  await harness.database.db
    .insertInto('accounts')
    .values({
      id,
      username,
      email: `${username}@example.org`,
      phone_number: `+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
      referral_code: id.slice(0, 12),
    })
    .execute();
  const token = await signAccessToken(harness.config.JWT_ACCESS_SECRET, {
    sub: id,
    username,
    sid: randomUUID(),
  });
  return { id, username, auth: { authorization: `Bearer ${token}` } };
}
