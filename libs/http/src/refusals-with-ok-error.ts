import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyRequest } from 'fastify';

interface OkErrorConfig {
  refusalsWithOkError?: boolean;
}

/**
 * For a route whose spec answer is "ok, url, or error" (POST /api/stripe/checkout): its refusals carry
 * `ok: false` and `error` (the message again) beside the house error body, so a caller reading either
 * shape learns why. Kept in the Fastify route's config, so refusals before the handler (a hook, a guard,
 * the body's schema) answer the same.
 */
export const RefusalsWithOkError = () => RouteConfig({ refusalsWithOkError: true } satisfies OkErrorConfig);

export function refusesWithOkError(request: FastifyRequest | undefined): boolean {
  return (request?.routeOptions?.config as OkErrorConfig | undefined)?.refusalsWithOkError === true;
}
