import { Controller, Get } from '@nestjs/common';

/**
 * `GET /api/dev/tools`: tells the web app that the developer pages exist here. Registered only
 * where `devToolsEnabled` (AppModule), so elsewhere it is a 404 like any unknown path; the web app
 * asks rather than trusting its own build mode, as one production build runs in every environment.
 */
@Controller('dev/tools')
export class DevToolsController {
  @Get()
  available() {
    return { success: true };
  }
}
