import { Body, Controller, Get, HttpCode, Post, Put, UseGuards } from '@nestjs/common';
import { rewardModeBody, type RewardMode } from '@arena/contracts';
import { ZodValidationPipe } from '@arena/http';
import { AccessTokenGuard, CurrentMember, type Member } from '@arena/identity';
import { PaymentsClock } from '@arena/payments';
import { MyReferralsQuery } from '../application/queries/my-referrals.query';
import { PayoutAccountsService } from '../application/commands/payout-accounts.service';
import { causes, derivedEventIds } from '../application/referral-ids';
import { ReferralStreams } from '../application/referral-streams';
import { PayoutAccountRateLimiter } from './payout-account-rate-limiter';

/** /api/referrals: the member's referral program (spec §2 Profile, Referral program page). */
@Controller('referrals')
@UseGuards(AccessTokenGuard)
export class ReferralsController {
  constructor(
    private readonly query: MyReferralsQuery,
    private readonly streams: ReferralStreams,
    private readonly payoutAccounts: PayoutAccountsService,
    private readonly limiter: PayoutAccountRateLimiter,
    private readonly clock: PaymentsClock,
  ) {}

  @Get('me')
  async me(@CurrentMember() member: Member) {
    return { success: true, data: await this.query.of(member.id) };
  }

  /** For referrals the member makes from now on; the ones made keep their mode. */
  @Put('reward-mode')
  async rewardMode(
    @CurrentMember() member: Member,
    @Body(new ZodValidationPipe(rewardModeBody)) body: { rewardMode: RewardMode },
  ) {
    const chosenAt = (await this.clock.now()).toISOString();
    await this.streams.execute(
      { type: 'ChooseRewardMode', data: { referrerId: member.id, rewardMode: body.rewardMode, chosenAt } },
      derivedEventIds(causes.modeChosen(member.id, chosenAt)),
    );
    return { success: true, data: await this.query.of(member.id) };
  }

  @Post('payout-account')
  @HttpCode(200)
  async payoutAccount(@CurrentMember() member: Member) {
    await this.limiter.consume(member.id);
    return { success: true, data: { url: await this.payoutAccounts.onboardingUrl(member.id) } };
  }
}
