import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { payoutRequestBody, type PayoutRequestBody } from '@arena/contracts';
import { ZodValidationPipe } from '@arena/http';
import { AccessTokenGuard, CurrentMember, type Member } from '@arena/identity';
import { PayoutRequestService } from '../application/commands/payout-request.service';

/** POST /api/donations/payout-requests: the member directs part of their prize balance (spec §5). */
@Controller('donations')
export class PayoutRequestsController {
  constructor(private readonly payouts: PayoutRequestService) {}

  @Post('payout-requests')
  @HttpCode(200)
  @UseGuards(AccessTokenGuard)
  async request(
    @CurrentMember() member: Member,
    @Body(new ZodValidationPipe(payoutRequestBody)) body: PayoutRequestBody,
  ) {
    return { success: true, data: await this.payouts.request(member.id, body) };
  }
}
