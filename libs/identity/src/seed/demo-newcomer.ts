import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DemoMember } from './demo-members';

/** Plays, gives and refers nothing: its profile is the first-run profile (issue 23, item 11). */
export const DEMO_NEWCOMER = {
  username: 'demo_newcomer',
  email: 'demo_newcomer@demo.invalid',
  phoneNumber: '+15550100099',
  referralCode: 'DEMONEWCOMER',
} as const;

/**
 * A demo account kept apart from the players of seedDemoMembers, so no other seed gives it activity.
 * Safe to run again: an account that exists keeps its id.
 */
export async function seedDemoNewcomer(db: Kysely<any>): Promise<DemoMember> {
  await db
    .insertInto('accounts')
    .values({
      id: randomUUID(),
      username: DEMO_NEWCOMER.username,
      email: DEMO_NEWCOMER.email,
      phone_number: DEMO_NEWCOMER.phoneNumber,
      referral_code: DEMO_NEWCOMER.referralCode,
    })
    .onConflict((conflict) => conflict.doNothing())
    .execute();
  const row = await db
    .selectFrom('accounts')
    .select('id')
    .where('username', '=', DEMO_NEWCOMER.username)
    .executeTakeFirst();
  if (!row) throw new Error(`Demo member ${DEMO_NEWCOMER.username} could not be created`);
  return { accountId: String(row.id), username: DEMO_NEWCOMER.username };
}
