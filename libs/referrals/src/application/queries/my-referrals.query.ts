import { Inject, Injectable } from '@nestjs/common';
import type { Kysely } from 'kysely';
import { APP_CONFIG, type AppConfig } from '@arena/config';
import type { MyReferrals, RewardMode } from '@arena/contracts';
import { DATABASE } from '@arena/database';
import { MemberAccounts } from '@arena/identity';
import {
  referralBalances,
  referralPayouts,
  referralRewards,
  referredMembers,
  type ReferralBalancesTables,
} from '@arena/projections/referral-balances/referral-balances.queries';
import { memberNotFound } from '../../domain/referral.errors';
import { PayoutAccountsService } from '../commands/payout-accounts.service';
import { ReferralStreams } from '../referral-streams';

/** The link's option for a mode: /join?ref=CODE&option=1 (recurring) or 2 (one-time). */
export const optionOfMode = (mode: RewardMode) => (mode === 'recurring' ? 1 : 2);

/**
 * GET /api/referrals/me: the code and link, the mode (from the member's own stream, so a choice shows at
 * once), and balances, rewards, referred members and payouts from the referral-balances read model.
 */
@Injectable()
export class MyReferralsQuery {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DATABASE) private readonly db: Kysely<ReferralBalancesTables>,
    private readonly accounts: MemberAccounts,
    private readonly streams: ReferralStreams,
    private readonly payoutAccounts: PayoutAccountsService,
  ) {}

  async of(memberId: string): Promise<MyReferrals> {
    const account = await this.accounts.referralOf(memberId);
    if (!account) throw memberNotFound();
    const [state, balances, rewards, referred, payouts, payoutAccount] = await Promise.all([
      this.streams.load(memberId),
      referralBalances(this.db, memberId),
      referralRewards(this.db, memberId),
      referredMembers(this.db, memberId),
      referralPayouts(this.db, memberId),
      this.payoutAccounts.status(memberId),
    ]);
    const link = new URL('/join', this.config.PUBLIC_URL);
    link.searchParams.set('ref', account.referralCode);
    link.searchParams.set('option', String(optionOfMode(state.rewardMode)));
    return {
      code: account.referralCode,
      link: link.toString(),
      rewardMode: state.rewardMode,
      balances,
      referred: await Promise.all(
        referred.map(async ({ memberId: referredId, username, joinedAt, rewardMode }) => ({
          username,
          joinedAt: new Date(joinedAt).toISOString(),
          rewardMode,
          active: await this.accounts.isActive(referredId),
        })),
      ),
      rewards,
      payouts,
      payoutAccount,
    };
  }
}
