import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const RAW_BODY = Symbol('rawBody');

type WithRawBody = FastifyRequest & { [RAW_BODY]?: Buffer };

/**
 * Keeps the exact bytes of a request body for routes marked `@RouteConfig({ rawBody: true })` (a
 * webhook's signature covers the bytes, not the parsed JSON), and only for them: every other route
 * parses as before and keeps no copy. The body is still parsed as usual afterwards; read the bytes with
 * `rawBodyOf(request)`. Call before `app.init()`, like routeBodyLimits.
 */
export function routeRawBodies(fastify: FastifyInstance): void {
  fastify.addHook('onRoute', (route) => {
    if ((route.config as { rawBody?: unknown } | undefined)?.rawBody !== true) return;
    const existing = route.preParsing ? [route.preParsing].flat() : [];
    route.preParsing = [...existing, keepRawBody];
  });
}

async function keepRawBody(request: FastifyRequest, _reply: unknown, payload: NodeJS.ReadableStream) {
  const limit = request.routeOptions.bodyLimit;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of payload as AsyncIterable<Buffer | string>) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    size += bytes.length;
    // The limit Fastify would apply while parsing; checked here too, since this reads the stream first.
    if (limit && size > limit)
      throw Object.assign(new Error('Request body is too large'), { statusCode: 413 });
    chunks.push(bytes);
  }
  const raw = Buffer.concat(chunks);
  (request as WithRawBody)[RAW_BODY] = raw;
  const replay = Readable.from([raw]) as Readable & { receivedEncodedLength?: number };
  replay.receivedEncodedLength = raw.length;
  return replay;
}

/** The exact body bytes of a route marked rawBody, or undefined elsewhere (or when there was no body). */
export function rawBodyOf(request: FastifyRequest): Buffer | undefined {
  return (request as WithRawBody)[RAW_BODY];
}
