import { Inject, Injectable } from '@nestjs/common';
import type { Generated, Kysely, Selectable } from 'kysely';
import { DATABASE } from '@arena/database';
import type { NotificationChannel, OutboxMessage } from '../domain/outbox-message';

interface OutboxTables {
  notification_outbox: {
    id: string;
    channel: NotificationChannel;
    recipient: string;
    subject: string | null;
    body: string;
    html_body: Generated<string | null>;
    created_at: Generated<Date>;
    delivered_at: Date | null;
    delivered_by: string | null;
    attempts: Generated<number>;
    last_error: string | null;
  };
}

type OutboxRow = Selectable<OutboxTables['notification_outbox']>;

const toMessage = (row: OutboxRow): OutboxMessage => ({
  id: row.id,
  channel: row.channel,
  recipient: row.recipient,
  subject: row.subject,
  body: row.body,
  htmlBody: row.html_body,
  createdAt: row.created_at,
  deliveredAt: row.delivered_at,
  deliveredBy: row.delivered_by,
  attempts: row.attempts,
  lastError: row.last_error,
});

@Injectable()
export class OutboxQueries {
  constructor(@Inject(DATABASE) private readonly db: Kysely<OutboxTables>) {}

  async insert(
    message: Pick<OutboxMessage, 'id' | 'channel' | 'recipient' | 'subject' | 'body'> &
      Partial<Pick<OutboxMessage, 'htmlBody'>>,
  ): Promise<void> {
    const { htmlBody, ...rest } = message;
    await this.db
      .insertInto('notification_outbox')
      .values({
        ...rest,
        html_body: htmlBody ?? null,
        delivered_at: null,
        delivered_by: null,
        last_error: null,
      })
      .execute();
  }

  async find(id: string): Promise<OutboxMessage | undefined> {
    const row = await this.db
      .selectFrom('notification_outbox')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row && toMessage(row);
  }

  /** False when another run delivered it first. */
  async markDelivered(id: string, deliveredBy: string): Promise<boolean> {
    const result = await this.db
      .updateTable('notification_outbox')
      .set((eb) => ({
        delivered_at: new Date(),
        delivered_by: deliveredBy,
        attempts: eb('attempts', '+', 1),
        last_error: null,
      }))
      .where('id', '=', id)
      .where('delivered_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async recordFailure(id: string, error: string): Promise<void> {
    await this.db
      .updateTable('notification_outbox')
      .set((eb) => ({ attempts: eb('attempts', '+', 1), last_error: error.slice(0, 1000) }))
      .where('id', '=', id)
      .execute();
  }

  async listRecent(channels: NotificationChannel[], limit: number): Promise<OutboxMessage[]> {
    if (channels.length === 0) return [];
    const rows = await this.db
      .selectFrom('notification_outbox')
      .selectAll()
      .where('channel', 'in', channels)
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute();
    return rows.map(toMessage);
  }

  /** Messages still waiting, created inside the window: the ones whose job may never have been queued. */
  async listUndelivered(createdAfter: Date, createdBefore: Date, limit: number): Promise<OutboxMessage[]> {
    const rows = await this.db
      .selectFrom('notification_outbox')
      .selectAll()
      .where('delivered_at', 'is', null)
      .where('created_at', '>', createdAfter)
      .where('created_at', '<', createdBefore)
      .orderBy('created_at')
      .limit(limit)
      .execute();
    return rows.map(toMessage);
  }
}
