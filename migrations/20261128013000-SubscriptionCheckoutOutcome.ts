import { sql, type Kysely } from 'kysely';

// Issue 23, item 12: the success page asks what became of the member's checkout. The provider may report the
// subscription (customer.subscription.created) before the session that made it (checkout.session.completed), and
// then the subscription's start carries no session: the completed session's subscription is kept here instead.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE subscription_checkouts ADD COLUMN subscription_id text`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE subscription_checkouts DROP COLUMN subscription_id`.execute(db);
}
