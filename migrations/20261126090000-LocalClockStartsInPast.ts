import { sql, type Kysely } from 'kysely';

// The local test clock may start in the past (the demo seed: `LocalPayments.startClockDaysAgo`, allowed only
// while the local world has no subscription), so its offset may be negative; it still only moves forward.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE payment_local_clock DROP CONSTRAINT payment_local_clock_offset_ms_check`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`UPDATE payment_local_clock SET offset_ms = 0 WHERE offset_ms < 0`.execute(db);
  await sql`ALTER TABLE payment_local_clock ADD CONSTRAINT payment_local_clock_offset_ms_check CHECK (offset_ms >= 0)`.execute(
    db,
  );
}
