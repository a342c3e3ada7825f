import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@arena/config';
import { PAYOUT_ACCOUNT_STATUSES } from '@arena/contracts';
import { MemberAccounts } from '@arena/identity';
import { Payments, type ConnectedAccount } from '@arena/payments';
import { memberNotFound } from '../../domain/referral.errors';
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
      const status = statusOf(account);
      if (status !== row.status) await this.repository.setPayoutAccountStatus(row.account_id, status);
      return status;
    } catch {
      return row.status;
    }
  }

  /** account.updated: true when the account is a member's payout account. */
  async updated(account: ConnectedAccount): Promise<boolean> {
    return this.repository.setPayoutAccountStatus(account.id, statusOf(account));
  }
}
