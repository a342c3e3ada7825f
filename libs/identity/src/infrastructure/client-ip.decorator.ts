import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

/** The caller's address as Fastify resolved it (honouring trustProxy), the key of per-IP limits. */
export const ClientIp = createParamDecorator(
  (_data: unknown, context: ExecutionContext) => context.switchToHttp().getRequest<FastifyRequest>().ip,
);
