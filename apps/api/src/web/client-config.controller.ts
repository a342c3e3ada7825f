import { Controller, Get, Header, Inject } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@arena/config';
import type { ClientConfig } from '@arena/contracts';

/**
 * `GET /api/config`: settings the web app needs at run time. One production build of the web runs in
 * every environment, so it cannot carry GAME_ORIGIN or the payment mode from its build; it asks here before framing a game
 * and to say "test mode" when the local payment driver runs.
 */
@Controller('config')
export class ClientConfigController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Get()
  @Header('Cache-Control', 'no-cache')
  get(): { success: true; data: ClientConfig } {
    const gameOrigin = this.config.GAME_ORIGIN ? new URL(this.config.GAME_ORIGIN).origin : null;
    const payments = this.config.STRIPE_SECRET_KEY
      ? { mode: 'stripe' as const, publishableKey: this.config.STRIPE_PUBLISHABLE_KEY ?? null }
      : { mode: 'local' as const, publishableKey: null };
    return { success: true, data: { gameOrigin, payments } };
  }
}
