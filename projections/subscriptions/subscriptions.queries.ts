import type { Kysely } from 'kysely';

/** A member's subscription as the read model has it (projections/subscriptions). */
export interface MemberSubscriptionRow {
  member_id: string;
  plan: 'PREMIUM' | 'PREMIUM_PLUS' | null;
  status: 'active' | 'past_due' | 'canceled' | 'incomplete';
  current_period_end: Date | null;
  cancel_at_period_end: boolean;
  ends_at: Date | null;
  ended: boolean;
  customer_id: string | null;
  subscription_id: string | null;
  price_cents: number;
  updated_at: Date;
}

export interface SubscriptionsTables {
  subscriptions: MemberSubscriptionRow;
}

export async function memberSubscription(
  db: Kysely<SubscriptionsTables>,
  memberId: string,
): Promise<MemberSubscriptionRow | null> {
  const row = await db
    .selectFrom('subscriptions')
    .selectAll()
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return row ?? null;
}

/** The member a provider customer belongs to (a refund names the charge's customer only). */
export async function memberOfCustomer(
  db: Kysely<SubscriptionsTables>,
  customerId: string,
): Promise<string | null> {
  const row = await db
    .selectFrom('subscriptions')
    .select('member_id')
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  return row?.member_id ?? null;
}
