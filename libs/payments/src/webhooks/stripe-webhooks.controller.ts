import { Controller, Headers, HttpCode, Post, Req } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyRequest } from 'fastify';
import { rawBodyOf } from '@arena/http';
import { StripeWebhooksService } from './stripe-webhooks.service';

/** Event objects are small; anything larger is not the provider's. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

/** `POST /api/stripe/webhooks`: public, trusted only through the signature on its raw bytes. */
@Controller('stripe/webhooks')
export class StripeWebhooksController {
  constructor(private readonly webhooks: StripeWebhooksService) {}

  @Post()
  @HttpCode(200)
  @RouteConfig({ rawBody: true, bodyLimit: WEBHOOK_BODY_LIMIT })
  async receive(@Req() request: FastifyRequest, @Headers('stripe-signature') signature: string | undefined) {
    await this.webhooks.receive(rawBodyOf(request), signature);
    return { received: true };
  }
}
