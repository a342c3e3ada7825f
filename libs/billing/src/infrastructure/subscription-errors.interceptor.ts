import {
  BadRequestException,
  ConflictException,
  HttpException,
  HttpStatus,
  Injectable,
  ServiceUnavailableException,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { catchError, type Observable } from 'rxjs';
import { SubscriptionError, type SubscriptionErrorKind } from '../domain/subscription.errors';

const toHttp: Record<SubscriptionErrorKind, (message: string) => HttpException> = {
  invalid: (message) => new BadRequestException(message),
  conflict: (message) => new ConflictException(message),
  too_many: (message) => new HttpException(message, HttpStatus.TOO_MANY_REQUESTS),
  unavailable: (message) => new ServiceUnavailableException(message),
};

/** Turns the subscription rules' refusals into their HTTP status with the same message. */
@Injectable()
export class SubscriptionErrorsInterceptor implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      catchError((error: unknown) => {
        throw error instanceof SubscriptionError ? toHttp[error.kind](error.message) : error;
      }),
    );
  }
}
