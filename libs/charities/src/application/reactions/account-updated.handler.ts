import { Injectable } from '@nestjs/common';
import { connectedAccountOf, type PaymentEvent, type PaymentEventHandler } from '@arena/payments';
import { CharityPaymentAccounts } from '../commands/charity-payment-accounts.service';

/**
 * `account.updated` → CharityPaymentAccountUpdated on the charity the account belongs to (by the
 * account's metadata.charityId, else by the account id): CharityPaymentAccounts.record, the path the
 * return from onboarding and the re-check job take too. The event id derives from the provider's event
 * id, so a replayed webhook appends nothing; the decider drops an update older than the newest applied.
 * An account that is no charity's is not ours to track (another context's, or a test's).
 */
@Injectable()
export class AccountUpdatedHandler implements PaymentEventHandler {
  readonly eventTypes = ['account.updated'] as const;

  constructor(private readonly accounts: CharityPaymentAccounts) {}

  async handle(event: PaymentEvent): Promise<void> {
    const account = connectedAccountOf(event);
    if (!account) return;
    await this.accounts.record(account, { id: event.id, created: event.created });
  }
}
