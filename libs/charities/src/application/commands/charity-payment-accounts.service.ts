import { Injectable, Logger } from '@nestjs/common';
import { isUuid } from '@arena/text';
import { Payments, type ConnectedAccount } from '@arena/payments';
import {
  CharityOnboardingsRepository,
  type CharityOnboardingRow,
} from '../../infrastructure/charity-onboardings.repository';
import { derivedEventIds } from '../charity-event-ids';
import { CharityStreamRepository } from '../charity-stream.repository';

/** What the provider said, and when: an `account.updated` event, or an answer to asking it. */
export interface AccountObservation {
  /** The provider's event id, or a retrieval's id (`retrieved:…`). */
  id: string;
  /** Seconds. */
  created: number;
}

export type AccountRecordOutcome = 'recorded' | 'unchanged' | 'unknown' | 'not_pending' | 'provider_failed';

/**
 * A charity's connected account as the provider reports it, recorded on the charity's stream
 * (CharityPaymentAccountUpdated, docs/charities.md "Onboarding"). One path for both ways the provider's
 * word arrives: the `account.updated` webhook, and asking the provider (`retrieveConnectedAccount`) when
 * the representative comes back from the hosted onboarding or the re-check job finds the account still
 * pending. So a verification never depends on one webhook arriving.
 */
@Injectable()
export class CharityPaymentAccounts {
  private readonly logger = new Logger('CharityPaymentAccounts');

  constructor(
    private readonly onboardings: CharityOnboardingsRepository,
    private readonly streams: CharityStreamRepository,
    private readonly payments: Payments,
  ) {}

  /**
   * Records the account on the charity it belongs to (its metadata.charityId, else its id). The stream's
   * event ids derive from the observation's id, so the same observation twice appends nothing; the decider
   * drops one older than the newest applied. An account that is no charity's is left alone.
   */
  async record(account: ConnectedAccount, observed: AccountObservation): Promise<AccountRecordOutcome> {
    const { charityId } = account;
    const row =
      (charityId && isUuid(charityId) ? await this.onboardings.byId(charityId) : undefined) ??
      (await this.onboardings.byAccount(account.id));
    if (!row) {
      this.logger.warn(
        { account: account.id, observed: observed.id },
        'account.updated for no known charity',
      );
      return 'unknown';
    }
    const charity = await this.streams.load(row.ein);
    if (charity !== null && charity.stripeAccountId === null && row.stripe_account_id === account.id) {
      // The account exists but its link event is not appended yet: failing makes the provider retry.
      throw new Error(`Charity ${row.charity_id}: account ${account.id} not linked yet`);
    }
    const { state } = await this.streams.execute(
      {
        type: 'RecordPaymentAccountUpdate',
        data: {
          ein: row.ein,
          stripeAccountId: account.id,
          chargesEnabled: account.chargesEnabled,
          payoutsEnabled: account.payoutsEnabled,
          detailsSubmitted: account.detailsSubmitted,
          providerEventId: observed.id,
          providerCreated: observed.created,
          at: new Date().toISOString(),
        },
      },
      derivedEventIds(`provider-event:${observed.id}`),
    );
    if (state) await this.onboardings.setPayoutsEnabled(row.charity_id, state.payoutsEnabled);
    return 'recorded';
  }

  /**
   * Asks the provider about a charity's pending account and records its answer as `account.updated`
   * would. At most one caller in ACCOUNT_CHECK_CLAIM_SECONDS asks (claimed in PostgreSQL, so twenty
   * returns at once make one provider call); an account already able to take payouts is not asked about.
   * The provider failing is an outcome, not an error: the webhook and the next job run still come.
   */
  async recheck(charityId: string): Promise<AccountRecordOutcome> {
    if (!isUuid(charityId)) return 'unknown';
    const row = await this.onboardings.claimAccountCheck(charityId);
    if (!row) return 'not_pending';
    return this.ask(row);
  }

  /** The re-check job's: one claimed row (the job's batch, or a return). */
  async recheckRow(row: CharityOnboardingRow): Promise<AccountRecordOutcome> {
    const claimed = await this.onboardings.claimAccountCheck(row.charity_id);
    if (!claimed) return 'not_pending';
    return this.ask(claimed);
  }

  private async ask(row: CharityOnboardingRow): Promise<AccountRecordOutcome> {
    let account: ConnectedAccount;
    try {
      account = await this.payments.retrieveConnectedAccount(row.stripe_account_id!);
    } catch (error) {
      this.logger.warn(
        { charityId: row.charity_id, account: row.stripe_account_id, err: error },
        'could not ask the payment provider about the account',
      );
      return 'provider_failed';
    }
    const charity = await this.streams.load(row.ein);
    if (charity === null || charity.stripeAccountId !== account.id) return 'unknown';
    if (
      charity.chargesEnabled === account.chargesEnabled &&
      charity.payoutsEnabled === account.payoutsEnabled &&
      charity.detailsSubmitted === account.detailsSubmitted
    ) {
      await this.onboardings.setPayoutsEnabled(row.charity_id, charity.payoutsEnabled);
      return 'unchanged';
    }
    // An answer's id names what it says and what it follows: the same answer to the same state is one
    // event however many processes record it; a later change back is another. It is dated when asked, on
    // our clock (an account has no "updated at"): a webhook created before it, delivered late, is older
    // and never overrides it; one of a later change is newer (servers' clocks agree within a second).
    const flags = `${+account.chargesEnabled}${+account.payoutsEnabled}${+account.detailsSubmitted}`;
    return this.record(
      { ...account, charityId: row.charity_id },
      {
        id: `retrieved:${account.id}:${flags}:after:${charity.lastProviderEventId ?? 'none'}`,
        created: Math.floor(Date.now() / 1000),
      },
    );
  }
}
