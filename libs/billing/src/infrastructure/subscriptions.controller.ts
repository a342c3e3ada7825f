import { randomUUID } from 'node:crypto';
import { Body, Controller, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import {
  SubscriptionMessages as M,
  subscriptionCheckoutBody,
  subscriptionUpdateBody,
  type PaidPlan,
  type SubscriptionCheckoutBody,
  type SubscriptionUpdateBody,
} from '@arena/contracts';
import { ZodValidationPipe } from '@arena/http';
import { AccessTokenGuard, CurrentMember, type Member } from '@arena/identity';
import { PLANS, SubscriptionsService } from '../application/commands/subscriptions.service';
import { SubscriptionCheckoutRateLimiter } from './subscription-checkout-rate-limiter';

/** /api/subscriptions/* (spec §7): the plans, and the member's own subscription. */
@Controller('subscriptions')
export class SubscriptionsController {
  constructor(
    private readonly subscriptions: SubscriptionsService,
    private readonly limiter: SubscriptionCheckoutRateLimiter,
  ) {}

  @Get('plans')
  plans() {
    return { success: true, message: M.plansListed, data: PLANS };
  }

  @Get('active')
  @UseGuards(AccessTokenGuard)
  async active(@CurrentMember() member: Member) {
    return { success: true, message: M.activeFound, data: await this.subscriptions.active(member.id) };
  }

  @Get('checkout/:sessionId')
  @UseGuards(AccessTokenGuard)
  async checkoutState(@CurrentMember() member: Member, @Param('sessionId') sessionId: string) {
    return { success: true, data: await this.subscriptions.checkoutState(member.id, sessionId) };
  }

  @Post('checkout')
  @HttpCode(200)
  @UseGuards(AccessTokenGuard)
  async checkout(
    @CurrentMember() member: Member,
    @Body(new ZodValidationPipe(subscriptionCheckoutBody)) body: SubscriptionCheckoutBody,
  ) {
    await this.limiter.consume(member.id);
    // Every click is a new checkout: the key only guards this call's own retries inside the driver.
    const answer = await this.subscriptions.checkout(member.id, body.planType as PaidPlan, randomUUID());
    return { success: true, data: answer };
  }

  @Post('cancel')
  @HttpCode(200)
  @UseGuards(AccessTokenGuard)
  async cancel(@CurrentMember() member: Member) {
    return { success: true, data: await this.subscriptions.cancel(member.id) };
  }

  @Post('update')
  @HttpCode(200)
  @UseGuards(AccessTokenGuard)
  async update(
    @CurrentMember() member: Member,
    @Body(new ZodValidationPipe(subscriptionUpdateBody)) body: SubscriptionUpdateBody,
  ) {
    return { success: true, data: await this.subscriptions.upgrade(member.id, body.planType as PaidPlan) };
  }

  @Post('portal')
  @HttpCode(200)
  @UseGuards(AccessTokenGuard)
  async portal(@CurrentMember() member: Member) {
    // Spec §7 answers `url`; the web reads it under data as every other answer.
    const session = await this.subscriptions.portal(member.id);
    return { success: true, url: session.url, data: session };
  }
}
