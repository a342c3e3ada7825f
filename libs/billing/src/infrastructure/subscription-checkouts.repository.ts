import { Inject, Injectable } from '@nestjs/common';
import { sql, type Generated, type Kysely } from 'kysely';
import { DATABASE } from '@arena/database';

interface SubscriptionCheckoutsTables {
  subscription_checkouts: {
    session_id: string;
    member_id: string;
    seq: Generated<string>;
    created_at: Generated<Date>;
    closed_at: Date | null;
    /** The subscription the completed session started (checkout.session.completed), else null. */
    subscription_id: string | null;
  };
}

/** A provider's checkout session lasts 24 hours: an older one needs no expiring. */
const SESSION_LIFETIME_MS = 24 * 3600_000;

/**
 * The subscription checkouts members opened (issue 21), so a newer one replaces the older ones still open.
 * Cost: each checkout reads and updates its member's open rows only (the partial index `subscription_checkouts_open`).
 */
@Injectable()
export class SubscriptionCheckoutsRepository {
  constructor(@Inject(DATABASE) private readonly db: Kysely<SubscriptionCheckoutsTables>) {}

  /**
   * The member's own checkout session, with the subscription it started once the provider said so; null for
   * any other session (made up, or someone else's). One primary-key lookup.
   */
  async ofMember(memberId: string, sessionId: string): Promise<{ subscriptionId: string | null } | null> {
    const row = await this.db
      .selectFrom('subscription_checkouts')
      .select(['member_id', 'subscription_id'])
      .where('session_id', '=', sessionId)
      .executeTakeFirst();
    return row?.member_id === memberId ? { subscriptionId: row.subscription_id } : null;
  }

  /** The provider completed the session into this subscription. Idempotent: a redelivery sets the same. */
  async completed(sessionId: string, subscriptionId: string): Promise<void> {
    await this.db
      .updateTable('subscription_checkouts')
      .set({ subscription_id: subscriptionId })
      .where('session_id', '=', sessionId)
      .execute();
  }

  /**
   * Records the session and takes over the member's checkouts opened before it and not yet replaced:
   * answers those still within a session's lifetime, to expire at the provider. Each older checkout is
   * answered to one caller only (the update claims it), and only to a newer one, so of concurrent
   * checkouts the last opened stays open.
   */
  async replaceOlder(memberId: string, sessionId: string): Promise<string[]> {
    const mine = await this.db
      .insertInto('subscription_checkouts')
      .values({ session_id: sessionId, member_id: memberId })
      .onConflict((conflict) => conflict.column('session_id').doUpdateSet({ member_id: memberId }))
      .returning('seq')
      .executeTakeFirstOrThrow();
    const replaced = await this.db
      .updateTable('subscription_checkouts')
      .set({ closed_at: sql<Date>`now()` })
      .where('member_id', '=', memberId)
      .where('closed_at', 'is', null)
      .where('seq', '<', mine.seq)
      .returning(['session_id', 'created_at'])
      .execute();
    return replaced
      .filter((row) => row.created_at.getTime() > Date.now() - SESSION_LIFETIME_MS)
      .map((row) => row.session_id);
  }
}
