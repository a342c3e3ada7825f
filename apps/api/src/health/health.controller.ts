import { Controller, Get, Header, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { HealthService } from './health.service';
import { MetricsService } from './metrics.service';

/** JSON.stringify cannot write bigint positions: send them as strings. */
const jsonSafe = (value: unknown) =>
  JSON.parse(JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))) as unknown;

@Controller()
export class HealthController {
  constructor(
    private readonly health: HealthService,
    private readonly metrics: MetricsService,
  ) {}

  /** 200 when everything answers, 503 otherwise, with the details either way. */
  @Get('health')
  async check(@Res() reply: FastifyReply) {
    const health = await this.health.check();
    await reply.status(health.status === 'ok' ? 200 : 503).send(jsonSafe(health));
  }

  @Get('metrics')
  @Header('Cache-Control', 'no-store')
  async scrape(@Res() reply: FastifyReply) {
    await reply.type(this.metrics.registry.contentType).send(await this.metrics.registry.metrics());
  }
}
