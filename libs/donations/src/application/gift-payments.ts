import { Inject, Injectable } from '@nestjs/common';
import { sql, type Kysely } from 'kysely';
import { DATABASE } from '@arena/database';

/**
 * Which gift a payment intent paid (issue 20): a charge's `charge.refunded` and `charge.dispute.*` name
 * the charge's payment intent, and DonationReceived recorded it. Read from the event store itself (not a
 * read model that may lag): a refund reported before the gift's DonationReceived is appended finds
 * nothing, and the caller tells the provider to deliver it again. Never by `metadata.memberId`: a signed-in
 * donor's gift carries it too.
 */
@Injectable()
export class GiftPayments {
  constructor(@Inject(DATABASE) private readonly db: Kysely<unknown>) {}

  async donationOfPaymentIntent(paymentIntentId: string): Promise<string | null> {
    const { rows } = await sql<{ donation_id: string }>`
      SELECT data->>'donationId' AS donation_id FROM events
      WHERE event_type = 'DonationReceived' AND data->>'paymentIntentId' = ${paymentIntentId}
      ORDER BY global_position LIMIT 1`.execute(this.db);
    return rows[0]?.donation_id ?? null;
  }
}
