import { Controller, Get, Header, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { BearerKeyGuard } from '@arena/http';
import { HealthService, publicHealth, type Health } from './health.service';
import { MetricsService } from './metrics.service';

/** JSON.stringify cannot write bigint positions: send them as strings. */
const jsonSafe = (value: unknown) =>
  JSON.parse(
    JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)),
  ) as unknown;

@Controller()
export class HealthController {
  constructor(
    private readonly health: HealthService,
    private readonly metrics: MetricsService,
  ) {}

  /** Public: 200 when everything answers, 503 otherwise, and only ok or degraded per check. */
  @Get('health')
  @Header('Cache-Control', 'no-store')
  check(@Res() reply: FastifyReply) {
    return this.answer(reply, publicHealth);
  }

  /** Operators: every check's latency and error, and each projector's position, lag and last error. */
  @Get('health/details')
  @Header('Cache-Control', 'no-store')
  @UseGuards(BearerKeyGuard('METRICS_TOKEN'))
  details(@Res() reply: FastifyReply) {
    return this.answer(reply, jsonSafe);
  }

  @Get('metrics')
  @Header('Cache-Control', 'no-store')
  @UseGuards(BearerKeyGuard('METRICS_TOKEN'))
  async scrape(@Res() reply: FastifyReply) {
    await reply.type(this.metrics.registry.contentType).send(await this.metrics.registry.metrics());
  }

  private async answer(reply: FastifyReply, view: (health: Health) => unknown) {
    const health = await this.health.check();
    await reply.status(health.status === 'ok' ? 200 : 503).send(view(health));
  }
}
