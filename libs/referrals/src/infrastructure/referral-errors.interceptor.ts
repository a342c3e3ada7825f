import {
  BadRequestException,
  ConflictException,
  HttpException,
  HttpStatus,
  Injectable,
  NotFoundException,
  ServiceUnavailableException,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { catchError, type Observable } from 'rxjs';
import { ReferralError, type ReferralErrorKind } from '../domain/referral.errors';

const toHttp: Record<ReferralErrorKind, (message: string) => HttpException> = {
  not_found: (message) => new NotFoundException(message),
  conflict: (message) => new ConflictException(message),
  invalid: (message) => new BadRequestException(message),
  too_many: (message) => new HttpException(message, HttpStatus.TOO_MANY_REQUESTS),
  unavailable: (message) => new ServiceUnavailableException(message),
};

/** Turns the referral rules' refusals into their HTTP status with the same message. */
@Injectable()
export class ReferralErrorsInterceptor implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      catchError((error: unknown) => {
        throw error instanceof ReferralError ? toHttp[error.kind](error.message) : error;
      }),
    );
  }
}
