import { Inject, Injectable } from '@nestjs/common';
import { sql, type Kysely } from 'kysely';
import { DATABASE } from '@arena/database';

interface WebhookEventTables {
  payment_webhook_events: {
    event_id: string;
    type: string;
    status: 'applying' | 'applied' | 'failed';
    lease_until: Date | null;
    attempts: number;
    handler_count: number | null;
    last_error: string | null;
    payload: unknown;
    received_at: Date;
    applied_at: Date | null;
  };
}

export type WebhookEventStatus = WebhookEventTables['payment_webhook_events']['status'];

/** How long a claim keeps other deliveries of the same event away; past it, a retry may claim it again. */
export const APPLY_LEASE_SECONDS = 120;

@Injectable()
export class WebhookEventsQueries {
  constructor(@Inject(DATABASE) private readonly db: Kysely<WebhookEventTables>) {}

  /**
   * Claims the event for applying: true when this caller must apply it. A new event, one whose last
   * attempt failed, or one whose claim's lease ran out is claimed; concurrent claims of a new id wait on
   * its primary key, and the loser sees the winner's row and gets false. One short statement: no
   * transaction stays open while the handlers run.
   */
  async claim(eventId: string, type: string, payload: unknown): Promise<boolean> {
    const result = await sql<{ event_id: string }>`
      INSERT INTO payment_webhook_events (event_id, type, status, lease_until, payload)
      VALUES (${eventId}, ${type}, 'applying', now() + make_interval(secs => ${APPLY_LEASE_SECONDS}),
              ${JSON.stringify(payload)}::jsonb)
      ON CONFLICT (event_id) DO UPDATE
        SET status = 'applying',
            lease_until = excluded.lease_until,
            attempts = payment_webhook_events.attempts + 1
      WHERE payment_webhook_events.status = 'failed'
         OR (payment_webhook_events.status = 'applying' AND payment_webhook_events.lease_until < now())
      RETURNING event_id`.execute(this.db);
    return result.rows.length === 1;
  }

  async status(eventId: string): Promise<WebhookEventStatus | undefined> {
    const row = await this.db
      .selectFrom('payment_webhook_events')
      .select('status')
      .where('event_id', '=', eventId)
      .executeTakeFirst();
    return row?.status;
  }

  async markApplied(eventId: string, handlerCount: number): Promise<void> {
    await this.db
      .updateTable('payment_webhook_events')
      .set({
        status: 'applied',
        applied_at: new Date(),
        lease_until: null,
        handler_count: handlerCount,
        last_error: null,
      })
      .where('event_id', '=', eventId)
      .execute();
  }

  /** Leaves the event unapplied (claimable again by the provider's retry), with what went wrong. */
  async markFailed(eventId: string, error: string): Promise<void> {
    await this.db
      .updateTable('payment_webhook_events')
      .set({ status: 'failed', lease_until: null, last_error: error.slice(0, 2000) })
      .where('event_id', '=', eventId)
      .execute();
  }
}
