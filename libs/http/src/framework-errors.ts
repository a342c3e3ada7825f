import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyReply, FastifyServerOptions } from 'fastify';
import type { ErrorBody } from './http-exception.filter';

/** Errors Fastify's router raises before any route runs; the messages never echo the URL back. */
const ROUTER_ERRORS: Record<string, { statusCode: number; message: string }> = {
  FST_ERR_BAD_URL: { statusCode: 400, message: 'The URL is not valid.' },
  FST_ERR_MAX_PARAM_LENGTH: { statusCode: 414, message: 'The URL is too long.' },
};

/** What Node's HTTP parser rejects before Fastify sees a request at all. */
function clientErrorOf(code: string | undefined): { statusCode: number; message: string } {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { statusCode: 408, message: 'The request took too long.' };
  if (code === 'HPE_HEADER_OVERFLOW')
    return { statusCode: 431, message: 'The request headers (or the URL) are too large.' };
  return { statusCode: 400, message: 'The request is not valid HTTP.' };
}

const bodyOf = (statusCode: number, message: string): ErrorBody => ({ success: false, message, statusCode });

/**
 * Fastify options that give the errors answered outside Nest (a malformed or over-long URL, a
 * request the HTTP parser refuses) the same `{ success: false, message, statusCode }` body as
 * every other error. Errors Fastify raises inside a route (bad JSON, a wrong content type, a body
 * too large) already reach HttpExceptionFilter.
 */
export const frameworkErrorOptions: Pick<FastifyServerOptions, 'frameworkErrors' | 'clientErrorHandler'> = {
  frameworkErrors(error, _request, reply) {
    const known = ROUTER_ERRORS[error.code] ?? { statusCode: 400, message: 'The request is not valid.' };
    void (reply as FastifyReply).status(known.statusCode).send(bodyOf(known.statusCode, known.message));
  },
  clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket) {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    if (socket.writable) {
      const { statusCode, message } = clientErrorOf(error.code);
      const body = JSON.stringify(bodyOf(statusCode, message));
      socket.write(
        `HTTP/1.1 ${statusCode} ${STATUS_CODES[statusCode]}\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy(error);
  },
};
