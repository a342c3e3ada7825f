import { Injectable, Logger } from '@nestjs/common';
import { isUuid } from '@arena/text';
import { connectedAccountOf, type PaymentEvent, type PaymentEventHandler } from '@arena/payments';
import { CharityOnboardingsRepository } from '../../infrastructure/charity-onboardings.repository';
import { derivedEventIds } from '../charity-event-ids';
import { CharityStreamRepository } from '../charity-stream.repository';

/**
 * `account.updated` → CharityPaymentAccountUpdated on the charity the account belongs to (by the
 * account's metadata.charityId, else by the account id). The event id derives from the provider's
 * event id, so a replayed webhook appends nothing; the decider drops an update older than the newest
 * applied. An account that is no charity's is not ours to track (another context's, or a test's).
 */
@Injectable()
export class AccountUpdatedHandler implements PaymentEventHandler {
  readonly eventTypes = ['account.updated'] as const;
  private readonly logger = new Logger('CharityAccountUpdated');

  constructor(
    private readonly onboardings: CharityOnboardingsRepository,
    private readonly streams: CharityStreamRepository,
  ) {}

  async handle(event: PaymentEvent): Promise<void> {
    const account = connectedAccountOf(event);
    if (!account) return;
    const { charityId } = account;
    const row =
      (charityId && isUuid(charityId) ? await this.onboardings.byId(charityId) : undefined) ??
      (await this.onboardings.byAccount(account.id));
    if (!row) {
      this.logger.warn(
        { account: account.id, providerEvent: event.id },
        'account.updated for no known charity',
      );
      return;
    }
    const charity = await this.streams.load(row.ein);
    if (charity !== null && charity.stripeAccountId === null && row.stripe_account_id === account.id) {
      // The account exists but its link event is not appended yet: failing makes the provider retry.
      throw new Error(`Charity ${row.charity_id}: account ${account.id} not linked yet`);
    }
    await this.streams.execute(
      {
        type: 'RecordPaymentAccountUpdate',
        data: {
          ein: row.ein,
          stripeAccountId: account.id,
          chargesEnabled: account.chargesEnabled,
          payoutsEnabled: account.payoutsEnabled,
          detailsSubmitted: account.detailsSubmitted,
          providerEventId: event.id,
          providerCreated: event.created,
          at: new Date().toISOString(),
        },
      },
      derivedEventIds(`provider-event:${event.id}`),
    );
  }
}
