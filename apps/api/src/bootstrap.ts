import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { LoggerService } from '@nestjs/common';
import helmet from 'helmet';
import { devToolsEnabled, type AppConfig } from '@arena/config';
import {
  frameworkErrorOptions,
  HttpExceptionFilter,
  refuseMalformedText,
  routeBodyLimits,
  routeRawBodies,
} from '@arena/http';
import { AppModule } from './app.module';
import { MetricsService } from './health/metrics.service';
import { RedisIoAdapter } from './realtime/redis-io.adapter';
import { compressAnswers } from './web/compress-answers';
import { contentSecurityPolicy } from './web/content-security-policy';
import { serveSpa } from './web/spa-fallback';

export interface ApiAppOptions {
  logger?: LoggerService | false;
}

/**
 * Builds the API, initialised but not listening: `main.ts` listens on PORT; tests call
 * `await app.listen(0, '127.0.0.1')` or use `app.inject()`.
 */
export async function createApiApp(
  config: AppConfig,
  options: ApiAppOptions = {},
): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 256 * 1024,
    ...frameworkErrorOptions,
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config), adapter, {
    logger: options.logger ?? false,
    abortOnError: false,
  });
  app.setGlobalPrefix('api');
  // Built once: the Fastify plugin builds helmet anew for every request, parsing the policy each time.
  const securityHeaders = helmet({ contentSecurityPolicy: { directives: contentSecurityPolicy(config) } });
  const fastify = app.getHttpAdapter().getInstance();
  routeBodyLimits(fastify);
  routeRawBodies(fastify);
  compressAnswers(fastify);
  fastify.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)),
  );
  const spaFallback = await serveSpa(app, config.WEB_DIST_DIR, {
    devPages: devToolsEnabled(config),
    // As GET /api/config tells the web app (client-config.controller.ts): no Stripe key, the local driver.
    testMode: !config.STRIPE_SECRET_KEY,
  });
  app.useGlobalFilters(new HttpExceptionFilter(spaFallback));
  app.useWebSocketAdapter(
    new RedisIoAdapter(
      app,
      config.REDIS_URL,
      config.REDIS_PREFIX,
      config.PUBLIC_URL,
      config.TRUST_PROXY,
      config.SOCKET_HANDSHAKES_PER_MINUTE,
    ),
  );

  refuseMalformedText(app.getHttpAdapter().getInstance());
  const metrics = app.get(MetricsService);
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onResponse', async (request, reply) => {
      metrics.httpDuration.observe(
        {
          method: request.method,
          route: request.routeOptions.url ?? 'unmatched',
          status: String(reply.statusCode),
        },
        reply.elapsedTime / 1000,
      );
    });

  app.enableShutdownHooks();
  await app.init();
  return app;
}
