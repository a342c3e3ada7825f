import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Below this an answer fits one packet anyway: compressing it costs CPU for nothing. */
const MIN_BYTES = 1024;

/** The encoding an Accept-Encoding header allows, brotli first; none when it names neither (or q=0). */
export function acceptedEncoding(header: string | undefined): 'br' | 'gzip' | undefined {
  const allowed = new Set(
    (header ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !/^\s*q=0(\.0*)?\s*$/.test(q ?? ''))
      .map(([name]) => name!.trim().toLowerCase()),
  );
  if (allowed.has('br')) return 'br';
  if (allowed.has('gzip')) return 'gzip';
  return undefined;
}

/**
 * Compresses the API's JSON answers of 1 KB and more (a page's lists, a tournament's detail) for a client
 * that accepts brotli or gzip: the web app's assets come precompressed from the build (spa-fallback.ts),
 * the answers it then asks for are made on the fly, at a low brotli quality that costs little CPU.
 */
export function compressAnswers(fastify: FastifyInstance): void {
  fastify.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.hasHeader('content-encoding')) return payload;
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
    // Measured, not copied: most answers (a score, a release) are small and go out as they are.
    const size = Buffer.isBuffer(payload) ? payload.length : Buffer.byteLength(payload);
    if (size < MIN_BYTES) return payload;
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    void reply.header('vary', 'accept-encoding');
    if (!encoding) return payload;
    const compressed =
      encoding === 'br'
        ? await brotli(payload, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
        : await gzipAsync(payload, { level: 6 });
    void reply.header('content-encoding', encoding).removeHeader('content-length');
    return compressed;
  });
}
