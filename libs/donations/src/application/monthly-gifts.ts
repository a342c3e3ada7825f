import { Inject, Injectable } from '@nestjs/common';
import type { Kysely } from 'kysely';
import { DATABASE } from '@arena/database';
import type { MonthlyGift } from '@arena/contracts';

export interface MonthlyGiftRow {
  subscription_id: string;
  checkout_session_id: string | null;
  donor_member_id: string | null;
  charity_ein: string | null;
  charity_name: string | null;
  amount_cents: number;
  status: 'active' | 'canceled';
  first_donation_id: string | null;
  started_at: Date;
  canceled_at: Date | null;
}

export interface MonthlyGiftTables {
  monthly_gifts: MonthlyGiftRow;
}

/** What a webhook knows of a gift subscription when it is the first to tell of it. */
export type MonthlyGiftStart = Pick<
  MonthlyGiftRow,
  'subscription_id' | 'donor_member_id' | 'charity_ein' | 'charity_name' | 'amount_cents' | 'started_at'
>;

/**
 * The monthly gifts (issue 23, migration 20261128153000-MonthlyGifts): which provider subscriptions are
 * gifts and whose. Written by MonthlyGiftHandler from the provider's webhooks in any order (each write
 * only fills what is still unknown, so a redelivery changes nothing); read by the donor's profile and by
 * cancelling, which only ever finds a gift by its subscription id AND the member asking.
 */
@Injectable()
export class MonthlyGifts {
  constructor(@Inject(DATABASE) private readonly db: Kysely<MonthlyGiftTables>) {}

  async started(gift: MonthlyGiftStart, more: { checkoutSessionId?: string; firstDonationId?: string }) {
    await this.db
      .insertInto('monthly_gifts')
      .values({
        ...gift,
        checkout_session_id: more.checkoutSessionId ?? null,
        first_donation_id: more.firstDonationId ?? null,
        status: 'active',
        canceled_at: null,
      })
      .onConflict((oc) =>
        oc.column('subscription_id').doUpdateSet((eb) => ({
          checkout_session_id: eb.fn.coalesce(
            'monthly_gifts.checkout_session_id',
            'excluded.checkout_session_id',
          ),
          first_donation_id: eb.fn.coalesce('monthly_gifts.first_donation_id', 'excluded.first_donation_id'),
        })),
      )
      .execute();
  }

  /** The provider ended it (customer.subscription.deleted) or the donor cancelled: kept, marked ended once. */
  async ended(subscriptionId: string, at: Date): Promise<void> {
    await this.db
      .updateTable('monthly_gifts')
      .set({ status: 'canceled', canceled_at: at })
      .where('subscription_id', '=', subscriptionId)
      .where('status', '=', 'active')
      .execute();
  }

  async ofMember(memberId: string): Promise<MonthlyGift[]> {
    const rows = await this.db
      .selectFrom('monthly_gifts')
      .selectAll()
      .where('donor_member_id', '=', memberId)
      .orderBy('started_at', 'desc')
      .limit(100)
      .execute();
    return rows.map(monthlyGiftOf);
  }

  /** The member's own gift of that subscription, or undefined: another member's is not theirs to see. */
  async ownedBy(memberId: string, subscriptionId: string): Promise<MonthlyGiftRow | undefined> {
    return this.db
      .selectFrom('monthly_gifts')
      .selectAll()
      .where('subscription_id', '=', subscriptionId)
      .where('donor_member_id', '=', memberId)
      .executeTakeFirst();
  }
}

export function monthlyGiftOf(row: MonthlyGiftRow): MonthlyGift {
  return {
    subscriptionId: row.subscription_id,
    amountCents: row.amount_cents,
    charityEin: row.charity_ein,
    nonprofit: row.charity_name,
    status: row.status,
    startedAt: row.started_at.toISOString(),
    canceledAt: row.canceled_at?.toISOString() ?? null,
  };
}

/** The first month's donation of a monthly gift's checkout session (its success page asks for it). */
export async function firstDonationOfCheckout(
  db: Kysely<MonthlyGiftTables>,
  checkoutSessionId: string,
): Promise<string | null> {
  const row = await db
    .selectFrom('monthly_gifts')
    .select('first_donation_id')
    .where('checkout_session_id', '=', checkoutSessionId)
    .executeTakeFirst();
  return row?.first_donation_id ?? null;
}
