import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@arena/config';
import { PAYOUT_ACCOUNT_STATUSES } from '@arena/contracts';
import { MemberAccounts } from '@arena/identity';
import { Payments, type ConnectedAccount } from '@arena/payments';
import { memberNotFound, payoutAccountTaken } from '../../domain/referral.errors';
import { ReferralsRepository } from '../../infrastructure/referrals.repository';

export type PayoutAccountStatus = (typeof PAYOUT_ACCOUNT_STATUSES)[number];

const statusOf = (account: ConnectedAccount) => (account.payoutsEnabled ? 'ready' : 'onboarding');

/**
 * A member's payout account for referral rewards: a Connect account opened once per member (the
 * idempotency key is the member's), onboarded on the provider's hosted pages (the local driver's pages in
 * test mode), ready once payouts are enabled (account.updated, or asked of the provider).
 */
@Injectable()
export class PayoutAccountsService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly payments: Payments,
    private readonly accounts: MemberAccounts,
    private readonly repository: ReferralsRepository,
  ) {}

  /** The hosted onboarding's URL: it comes back to the profile's Referral Program section. */
  async onboardingUrl(memberId: string): Promise<string> {
    const contact = await this.accounts.findContact(memberId);
    if (!contact) throw memberNotFound();
    let row = await this.repository.payoutAccount(memberId);
    if (!row) {
      const account = await this.payments.createMemberPayoutAccount({
        memberId,
        email: contact.email,
        idempotencyKey: `member-payout-account-${memberId}`,
      });
      row = await this.repository.savePayoutAccount(memberId, account.id, statusOf(account));
      // Only when the provider answered an account recorded for another member (never, with per-member keys).
      if (!row) throw payoutAccountTaken();
    }
    const returnUrl = `${this.config.PUBLIC_URL}/profile#referral`;
    const link = await this.payments.createAccountLink({
      accountId: row.account_id,
      returnUrl,
      refreshUrl: returnUrl,
    });
    return link.url;
  }

  /** 'none', 'onboarding' or 'ready'; an account still onboarding is asked about (its webhook may be late). */
  async status(memberId: string): Promise<PayoutAccountStatus> {
    const row = await this.repository.payoutAccount(memberId);
    if (!row) return 'none';
    if (row.status === 'ready') return 'ready';
    try {
      const account = await this.payments.retrieveConnectedAccount(row.account_id);
      // Recorded as account.updated records it (the same path).
      if (statusOf(account) !== row.status) await this.updated(account);
      return statusOf(account);
    } catch {
      return row.status;
    }
  }

  /**
   * The re-check job's: members' payout accounts still onboarding, `limit` of them, the longest unasked
   * first, each asked of the provider and its answer recorded as account.updated would. Ends at the first
   * failure of the provider (the next run tries again). Counts what it did.
   */
  async recheckOnboarding(limit: number): Promise<{ taken: number; ready: number; failed: number }> {
    const rows = await this.repository.onboardingPayoutAccounts(limit);
    let ready = 0;
    let failed = 0;
    for (const row of rows) {
      await this.repository.markPayoutAccountChecked(row.account_id);
      let account: ConnectedAccount;
      try {
        account = await this.payments.retrieveConnectedAccount(row.account_id);
      } catch {
        failed += 1;
        break;
      }
      await this.updated(account);
      if (statusOf(account) === 'ready') ready += 1;
    }
    return { taken: rows.length, ready, failed };
  }

  /** account.updated: true when the account is a member's payout account. */
  async updated(account: ConnectedAccount): Promise<boolean> {
    return this.repository.setPayoutAccountStatus(account.id, statusOf(account));
  }
}
