import { Injectable } from '@nestjs/common';
import { connectedAccountOf, type PaymentEvent, type PaymentEventHandler } from '@arena/payments';
import { PayoutAccountsService } from '../commands/payout-accounts.service';

/** account.updated for a member's payout account: ready once payouts are enabled. Idempotent (a status set). */
@Injectable()
export class PayoutAccountUpdatedHandler implements PaymentEventHandler {
  readonly eventTypes = ['account.updated'] as const;

  constructor(private readonly accounts: PayoutAccountsService) {}

  async handle(event: PaymentEvent): Promise<void> {
    const account = connectedAccountOf(event);
    if (account) await this.accounts.updated(account);
  }
}
