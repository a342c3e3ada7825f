import { randomUUID } from 'node:crypto';
import { Body, Controller, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { donationCheckoutBody, type DonationCheckoutAnswer, type GiftFrequency } from '@arena/contracts';
import { RefusalsWithOkError, ZodValidationPipe } from '@arena/http';
import { CurrentMember, OptionalAccessTokenGuard, type Member } from '@arena/identity';
import { GiftCheckoutService } from '../application/commands/gift-checkout.service';
import { CheckoutRateLimiter } from './checkout-rate-limiter';

type CheckoutBody = {
  amount_cents: number;
  email?: string;
  charityEin?: string;
  frequency?: GiftFrequency;
};

/**
 * POST /api/stripe/checkout (spec §7: "ok, url, or error"): a gift's hosted checkout; the answer is the
 * spec's flat shape, and a refusal carries `ok: false` and `error` too.
 */
@Controller('stripe')
export class GiftCheckoutController {
  constructor(
    private readonly checkout: GiftCheckoutService,
    private readonly limiter: CheckoutRateLimiter,
  ) {}

  @Post('checkout')
  @HttpCode(200)
  @UseGuards(OptionalAccessTokenGuard)
  @RefusalsWithOkError()
  async start(
    @Req() request: FastifyRequest,
    @CurrentMember() member: Member | undefined,
    @Body(new ZodValidationPipe(donationCheckoutBody)) body: CheckoutBody,
  ): Promise<DonationCheckoutAnswer> {
    await this.limiter.consume(request.ip);
    // Every click is a new checkout: the key only guards this call's own retries inside the driver.
    return this.checkout.start(body, member?.id ?? null, randomUUID());
  }
}
