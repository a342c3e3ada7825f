import { Controller, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { AccessTokenGuard, CurrentMember, type Member } from '@arena/identity';
import { MonthlyGiftCancelService } from '../application/commands/monthly-gift-cancel.service';
import { MonthlyGifts } from '../application/monthly-gifts';

/** A member's monthly gifts (issue 23): their list on the profile, and cancelling one. */
@Controller('donations/monthly-gifts')
@UseGuards(AccessTokenGuard)
export class MonthlyGiftsController {
  constructor(
    private readonly monthly: MonthlyGifts,
    private readonly cancels: MonthlyGiftCancelService,
  ) {}

  @Get()
  async mine(@CurrentMember() member: Member) {
    return { success: true, data: { gifts: await this.monthly.ofMember(member.id) } };
  }

  @Post(':subscriptionId/cancel')
  @HttpCode(200)
  async cancel(@CurrentMember() member: Member, @Param('subscriptionId') subscriptionId: string) {
    return { success: true, data: await this.cancels.cancel(member.id, subscriptionId) };
  }
}
