import { sql, type Kysely } from 'kysely';
import { DONATION_EVENT_TYPES } from '@arena/donations/events';
import { START, type GlobalPosition } from '@arena/event-store';

/** The money events finance reads: every donation event, and subscription payments and refunds. */
export const FINANCE_MONEY_EVENT_TYPES: readonly string[] = [
  ...DONATION_EVENT_TYPES,
  'SubscriptionPaymentSucceeded',
  'PaymentRefunded',
];

export interface FinanceMoneyEventRow {
  id: string;
  type: string;
  data: unknown;
  createdAt: Date;
}

/**
 * The projected money events, and the position they are complete up to (the active generation's
 * checkpoint), read in one snapshot so the two agree: the caller reads the store after that position for
 * the rest. No active generation (the read model not created): no rows, from START. One scan of the money
 * events' table in global order: its cost grows with the money events, not with the whole log.
 */
export async function financeMoneyEvents(
  db: Kysely<any>,
): Promise<{ events: FinanceMoneyEventRow[]; upTo: GlobalPosition }> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const active = await trx
        .selectFrom('projection_generations')
        .select(['position_commit', 'position_prepare'])
        .where('name', '=', 'finance_money_events')
        .where('status', '=', 'active')
        .executeTakeFirst();
      if (!active) return { events: [], upTo: START };
      const { rows } = await sql<{ event_id: string; event_type: string; data: unknown; created_at: Date }>`
        SELECT event_id, event_type, data, created_at FROM finance_money_events
        ORDER BY position_commit, position_prepare`.execute(trx);
      return {
        events: rows.map((row) => ({
          id: row.event_id,
          type: row.event_type,
          data: row.data,
          createdAt: row.created_at,
        })),
        upTo: { commit: BigInt(active.position_commit), prepare: BigInt(active.position_prepare) },
      };
    });
}
