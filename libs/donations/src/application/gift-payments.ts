import { Inject, Injectable } from '@nestjs/common';
import type { Kysely } from 'kysely';
import { DATABASE } from '@arena/database';

interface GiftPaymentTables {
  gift_payment_intents: { payment_intent_id: string; donation_id: string; recorded_at: Date };
}

/**
 * Which gift a payment intent paid (issue 20; the table since issue 21's review): a charge's
 * `charge.refunded` and `charge.dispute.*` name the charge's payment intent. GiftPaidHandler records the
 * pair right after it appends the gift's DonationReceived, on every delivery (so a crash between the two is
 * repaired by the provider's retry); gifts paid before the table were filled in by its migration
 * (20261127233000-GiftPaymentIntents). A refund reported before its gift is recorded finds nothing, and the
 * caller tells the provider to deliver it again. Never by `metadata.memberId`: a signed-in donor's gift
 * carries it too. One primary-key read or write each.
 */
@Injectable()
export class GiftPayments {
  constructor(@Inject(DATABASE) private readonly db: Kysely<GiftPaymentTables>) {}

  /** The first gift recorded for a payment intent keeps it (one Checkout session makes one payment intent). */
  async record(paymentIntentId: string, donationId: string, at: Date): Promise<void> {
    await this.db
      .insertInto('gift_payment_intents')
      .values({ payment_intent_id: paymentIntentId, donation_id: donationId, recorded_at: at })
      .onConflict((oc) => oc.column('payment_intent_id').doNothing())
      .execute();
  }

  async donationOfPaymentIntent(paymentIntentId: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('gift_payment_intents')
      .select('donation_id')
      .where('payment_intent_id', '=', paymentIntentId)
      .executeTakeFirst();
    return row?.donation_id ?? null;
  }
}
