import { Injectable, Logger } from '@nestjs/common';
import type { RewardMode } from '@arena/contracts';
import { MemberAccounts } from '@arena/identity';
import { ReferralsRepository } from '../../infrastructure/referrals.repository';
import { causes, derivedEventIds } from '../referral-ids';
import { ReferralStreams } from '../referral-streams';

/** accounts.referral_option: the link's option=1|2. */
export const modeOfOption = (option: 1 | 2 | null): RewardMode | null =>
  option === 1 ? 'recurring' : option === 2 ? 'one-time' : null;

/**
 * A member who signed up with a referral code is registered on the code owner's stream: right after
 * sign-up (best effort) and again, lazily, before any reward of theirs is accrued, so a lost hook costs
 * nothing. The event id derives from the referred member: it is appended once, whoever gets there first.
 */
@Injectable()
export class ReferralRegistrations {
  private readonly logger = new Logger('ReferralRegistrations');

  constructor(
    private readonly accounts: MemberAccounts,
    private readonly streams: ReferralStreams,
    private readonly repository: ReferralsRepository,
  ) {}

  /** The member's referrer, registered now if it was not yet; null for a member nobody referred. */
  async ensureRegistered(memberId: string): Promise<{ referrerId: string } | null> {
    const account = await this.accounts.referralOf(memberId);
    if (!account?.referredByCode) return null;
    const owner = await this.accounts.findByReferralCode(account.referredByCode);
    // An unknown code, a closed referrer's, or one's own: nobody is rewarded.
    if (!owner || owner.id === memberId) return null;
    await this.repository.addReferrer(owner.id, account.createdAt);
    await this.streams.execute(
      {
        type: 'RegisterReferral',
        data: {
          referrerId: owner.id,
          referredMemberId: memberId,
          referredUsername: account.username,
          linkMode: modeOfOption(account.referralOption),
          registeredAt: account.createdAt.toISOString(),
        },
      },
      derivedEventIds(causes.registered(memberId)),
    );
    return { referrerId: owner.id };
  }

  /** The sign-up hook: never fails the sign-up (the accrual registers lazily anyway). */
  async afterSignUp(memberId: string): Promise<void> {
    try {
      await this.ensureRegistered(memberId);
    } catch (error) {
      this.logger.warn(`referral of ${memberId} not registered at sign-up: ${String(error)}`);
    }
  }
}
