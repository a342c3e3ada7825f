import {
  Catch,
  HttpException,
  NotFoundException,
  HttpStatus,
  Logger,
  type ArgumentsHost,
  type ExceptionFilter,
} from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, type DomainErrorKind } from './domain-error';
import { TooManyRequestsException } from './too-many-requests.exception';
import { refusesWithOkError } from './refusals-with-ok-error';

/** The body every failed call answers with: the web client reads `message`. */
export interface ErrorBody {
  success: false;
  message: string;
  statusCode: number;
}

/** The one place a domain refusal's kind becomes an HTTP status. */
const domainErrorStatus: Record<DomainErrorKind, HttpStatus> = {
  invalid: HttpStatus.BAD_REQUEST,
  unauthorized: HttpStatus.UNAUTHORIZED,
  forbidden: HttpStatus.FORBIDDEN,
  not_found: HttpStatus.NOT_FOUND,
  conflict: HttpStatus.CONFLICT,
  unprocessable: HttpStatus.UNPROCESSABLE_ENTITY,
  too_many: HttpStatus.TOO_MANY_REQUESTS,
  provider_failed: HttpStatus.BAD_GATEWAY,
  unavailable: HttpStatus.SERVICE_UNAVAILABLE,
};

function messageOf(exception: HttpException): string {
  const response = exception.getResponse();
  if (typeof response === 'string') return response;
  const message = (response as { message?: unknown }).message;
  if (Array.isArray(message)) return message.join('; ');
  return typeof message === 'string' ? message : exception.message;
}

/**
 * Known errors keep their status and message; a DomainError (every context's refusals) answers its
 * kind's status with its message. Anything unexpected is logged with its stack and answered as a plain
 * 500 without internals. Fastify's own client errors (a malformed JSON body, a body too large) arrive
 * with a 4xx statusCode and stay 4xx.
 */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Http');

  /** `fallback` may answer a 404 itself (the SPA's index.html for client routes); true when it did. */
  constructor(private readonly fallback?: (request: FastifyRequest, reply: FastifyReply) => boolean) {}

  catch(exception: unknown, host: ArgumentsHost) {
    const http = host.switchToHttp();
    const reply = http.getResponse<FastifyReply>();
    const request = http.getRequest<FastifyRequest>();
    let status: number = HttpStatus.INTERNAL_SERVER_ERROR;
    let message = 'Internal server error';
    let retryAfterSeconds: number | undefined;
    if (exception instanceof NotFoundException && this.fallback?.(request, reply)) return;
    if (exception instanceof DomainError) {
      const refusal: DomainError = exception; // instanceof alone types the kind as any
      status = domainErrorStatus[refusal.kind];
      message = refusal.message;
      retryAfterSeconds = refusal.retryAfterSeconds;
    } else if (exception instanceof HttpException) {
      status = exception.getStatus();
      message = messageOf(exception);
      if (exception instanceof TooManyRequestsException) retryAfterSeconds = exception.retryAfterSeconds;
    } else if (isClientError(exception)) {
      status = exception.statusCode;
      message = exception.message;
    } else {
      this.logger.error({ err: exception, method: request.method, url: request.url }, 'unhandled error');
    }
    if (retryAfterSeconds !== undefined) {
      void reply.header('Retry-After', String(Math.max(1, Math.ceil(retryAfterSeconds))));
    }
    const body: ErrorBody = { success: false, message, statusCode: status };
    void reply
      .status(status)
      .send(refusesWithOkError(request) ? { ...body, ok: false, error: message } : body);
  }
}

function isClientError(error: unknown): error is { statusCode: number; message: string } {
  const statusCode = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500;
}
