import { sql } from 'kysely';
import { insertFact, SUBSCRIPTION_EVENT_TYPES, viewOf, type SubscriptionEvent } from '@arena/billing/events';
import type { Projector, TableNames } from '@arena/projection-runner';

type Base = 'subscriptions' | 'subscription_facts';

/**
 * The subscriptions read model (issue 13): one row per member with the plan, status, period end,
 * cancel at period end, and the provider's customer and subscription. Webhooks come in any order, so the
 * row is not patched event by event: each event is kept in `subscription_facts` (once, by its id) and
 * the member's row is folded again from all their facts in the provider's time order, with the same
 * fold the decider uses (@arena/billing/events viewOf).
 */
export const subscriptionsProjector: Projector<Base> = {
  name: 'subscriptions',
  version: 1,
  eventTypes: [...SUBSCRIPTION_EVENT_TYPES],
  tables: ['subscriptions', 'subscription_facts'],

  async createTables(db, names: TableNames<Base>) {
    await sql`
      CREATE TABLE ${sql.table(names.subscriptions)} (
        member_id uuid PRIMARY KEY,
        plan text,
        status text NOT NULL,
        current_period_end timestamptz,
        cancel_at_period_end boolean NOT NULL,
        ends_at timestamptz,
        ended boolean NOT NULL,
        customer_id text,
        subscription_id text,
        price_cents integer NOT NULL,
        updated_at timestamptz NOT NULL
      )`.execute(db);
    await sql`
      CREATE TABLE ${sql.table(names.subscription_facts)} (
        event_id text PRIMARY KEY,
        member_id uuid NOT NULL,
        type text NOT NULL,
        data jsonb NOT NULL
      )`.execute(db);
  },

  async createIndexes(db, names: TableNames<Base>) {
    await sql`CREATE INDEX IF NOT EXISTS ${sql.id(`${names.subscriptions}_by_customer`)}
      ON ${sql.table(names.subscriptions)} (customer_id)`.execute(db);
    await sql`CREATE INDEX IF NOT EXISTS ${sql.id(`${names.subscription_facts}_by_member`)}
      ON ${sql.table(names.subscription_facts)} (member_id)`.execute(db);
  },

  async apply(trx, events, names) {
    const touched = new Set<string>();
    for (const recorded of events) {
      const event = { type: recorded.type, data: recorded.data } as SubscriptionEvent;
      const fresh = await trx
        .insertInto(names.subscription_facts)
        .values({
          event_id: recorded.id,
          member_id: event.data.memberId,
          type: event.type,
          data: JSON.stringify(event.data),
        })
        .onConflict((conflict) => conflict.column('event_id').doNothing())
        .returning('event_id')
        .executeTakeFirst();
      if (fresh) touched.add(event.data.memberId);
    }
    for (const memberId of touched) {
      const rows = await trx
        .selectFrom(names.subscription_facts)
        .select(['type', 'data'])
        .where('member_id', '=', memberId)
        .execute();
      const facts = rows.reduce<SubscriptionEvent[]>(
        (sorted, row) => insertFact(sorted, { type: row.type, data: row.data } as SubscriptionEvent),
        [],
      );
      const view = viewOf(facts);
      const sub = view.current;
      const values = {
        plan: sub?.planType ?? null,
        status: sub?.status ?? 'incomplete',
        current_period_end: sub?.currentPeriodEnd ?? null,
        cancel_at_period_end: sub?.cancelAtPeriodEnd ?? false,
        ends_at: sub?.endsAt ?? null,
        ended: sub?.ended ?? false,
        customer_id: view.customerId,
        subscription_id: sub?.subscriptionId ?? null,
        price_cents: sub?.priceCents ?? 0,
        updated_at: new Date().toISOString(),
      };
      await trx
        .insertInto(names.subscriptions)
        .values({ member_id: memberId, ...values })
        .onConflict((conflict) => conflict.column('member_id').doUpdateSet(values))
        .execute();
    }
  },
};
