import { HttpException, HttpStatus } from '@nestjs/common';

/** 429 whose answer carries `Retry-After` (set by HttpExceptionFilter). */
export class TooManyRequestsException extends HttpException {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message, HttpStatus.TOO_MANY_REQUESTS);
  }
}
