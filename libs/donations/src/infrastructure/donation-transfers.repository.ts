import { Inject, Injectable } from '@nestjs/common';
import type { Kysely } from 'kysely';
import { DATABASE } from '@arena/database';

interface DonationTransfersTables {
  donation_transfers: {
    transfer_id: string;
    donation_id: string;
    stripe_account_id: string;
    created_at: Date;
  };
}

/**
 * Which donations a provider transfer carries (migration 20261124100100-Donations): written before
 * their DonationTransferInitiated events, so a transfer's webhook finds them without the read model.
 * Rows are facts of the provider's transfers, so a re-run writes the same rows again (no-op).
 */
@Injectable()
export class DonationTransfersRepository {
  constructor(@Inject(DATABASE) private readonly db: Kysely<DonationTransfersTables>) {}

  /**
   * Records which donations a transfer carries, in one statement: true for the one caller whose insert
   * stored the rows (a concurrent or later run recording the same transfer gets false).
   */
  async record(transferId: string, stripeAccountId: string, donationIds: readonly string[]): Promise<boolean> {
    if (donationIds.length === 0) return false;
    const result = await this.db
      .insertInto('donation_transfers')
      .values(
        donationIds.map((donationId) => ({
          transfer_id: transferId,
          donation_id: donationId,
          stripe_account_id: stripeAccountId,
          created_at: new Date(),
        })),
      )
      .onConflict((oc) => oc.columns(['transfer_id', 'donation_id']).doNothing())
      .executeTakeFirst();
    return result.numInsertedOrUpdatedRows !== undefined && result.numInsertedOrUpdatedRows > 0n;
  }

  async donationsOf(transferId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('donation_transfers')
      .select('donation_id')
      .where('transfer_id', '=', transferId)
      .execute();
    return rows.map((row) => row.donation_id);
  }
}
