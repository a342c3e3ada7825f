import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';

const DEMO_MEMBERS = [
  { key: 'ada', username: 'demo_ada' },
  { key: 'ben', username: 'demo_ben' },
  { key: 'chloe', username: 'demo_chloe' },
  { key: 'dev', username: 'demo_dev' },
  { key: 'emma', username: 'demo_emma' },
  { key: 'felix', username: 'demo_felix' },
] as const;

export type DemoMemberKey = (typeof DEMO_MEMBERS)[number]['key'];

export interface DemoMember {
  accountId: string;
  username: string;
}

/**
 * The demo accounts that play the demo tournaments. Safe to run again: an account that exists keeps its id,
 * so what was seeded before still points at it.
 */
export async function seedDemoMembers(db: Kysely<any>): Promise<Record<DemoMemberKey, DemoMember>> {
  await db
    .insertInto('accounts')
    .values(
      DEMO_MEMBERS.map((member, index) => ({
        id: randomUUID(),
        username: member.username,
        email: `${member.username}@demo.invalid`,
        phone_number: `+1555010${String(index).padStart(4, '0')}`,
        referral_code: `DEMO${member.key.toUpperCase()}`,
      })),
    )
    .onConflict((conflict) => conflict.doNothing())
    .execute();
  const rows = await db
    .selectFrom('accounts')
    .select(['id', 'username'])
    .where(
      'username',
      'in',
      DEMO_MEMBERS.map((member) => member.username),
    )
    .execute();
  const idOf = new Map(rows.map((row) => [String(row.username).toLowerCase(), String(row.id)]));
  const members = DEMO_MEMBERS.map((member) => {
    const accountId = idOf.get(member.username);
    if (!accountId) throw new Error(`Demo member ${member.username} could not be created`);
    return [member.key, { accountId, username: member.username }] as const;
  });
  return Object.fromEntries(members) as Record<DemoMemberKey, DemoMember>;
}
