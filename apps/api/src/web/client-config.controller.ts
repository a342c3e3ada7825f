import { Controller, Get, Header, Inject } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@arena/config';
import type { ClientConfig } from '@arena/contracts';

/**
 * `GET /api/config`: settings the web app needs at run time. One production build of the web runs in
 * every environment, so it cannot carry GAME_ORIGIN from its build; it asks here before framing a game.
 */
@Controller('config')
export class ClientConfigController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Get()
  @Header('Cache-Control', 'no-cache')
  get(): { success: true; data: ClientConfig } {
    const gameOrigin = this.config.GAME_ORIGIN ? new URL(this.config.GAME_ORIGIN).origin : null;
    return { success: true, data: { gameOrigin } };
  }
}
