import { sql, type Kysely } from 'kysely';

// Every email and SMS is stored here before a delivery job runs, so a job run twice sends once.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE notification_outbox (
      id uuid PRIMARY KEY,
      channel text NOT NULL CHECK (channel IN ('email', 'sms')),
      recipient text NOT NULL,
      subject text,
      body text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      delivered_at timestamptz,
      delivered_by text,
      attempts integer NOT NULL DEFAULT 0,
      last_error text
    );
    CREATE INDEX notification_outbox_created_at ON notification_outbox (created_at DESC);
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE notification_outbox`.execute(db);
}
