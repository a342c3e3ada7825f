import { Controller, Headers, HttpCode, Post, Req } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyRequest } from 'fastify';
import { rawBodyOf } from '@arena/http';
import { StripeWebhooksService } from './stripe-webhooks.service';

/** Event objects are small; anything larger is not the provider's. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

/**
 * Stripe's two webhook endpoints, public, trusted only through the signature on their raw bytes:
 * `POST /api/stripe/webhooks` (the platform's events, STRIPE_WEBHOOK_SECRET) and
 * `POST /api/stripe/connect-webhooks` (connected accounts' events, STRIPE_CONNECT_WEBHOOK_SECRET).
 */
@Controller('stripe')
export class StripeWebhooksController {
  constructor(private readonly webhooks: StripeWebhooksService) {}

  @Post('webhooks')
  @HttpCode(200)
  @RouteConfig({ rawBody: true, bodyLimit: WEBHOOK_BODY_LIMIT })
  async receive(@Req() request: FastifyRequest, @Headers('stripe-signature') signature: string | undefined) {
    await this.webhooks.receive(rawBodyOf(request), signature, 'platform');
    return { received: true };
  }

  @Post('connect-webhooks')
  @HttpCode(200)
  @RouteConfig({ rawBody: true, bodyLimit: WEBHOOK_BODY_LIMIT })
  async receiveConnect(
    @Req() request: FastifyRequest,
    @Headers('stripe-signature') signature: string | undefined,
  ) {
    await this.webhooks.receive(rawBodyOf(request), signature, 'connect');
    return { received: true };
  }
}
