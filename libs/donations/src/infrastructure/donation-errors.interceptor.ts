import {
  BadRequestException,
  ConflictException,
  HttpException,
  HttpStatus,
  Injectable,
  NotFoundException,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { catchError, type Observable } from 'rxjs';
import { DonationError, type DonationErrorKind } from '../domain/donation.errors';

const toHttp: Record<DonationErrorKind, (message: string) => HttpException> = {
  not_found: (message) => new NotFoundException(message),
  conflict: (message) => new ConflictException(message),
  invalid: (message) => new BadRequestException(message),
  too_many: (message) => new HttpException(message, HttpStatus.TOO_MANY_REQUESTS),
};

/** Turns the donation rules' refusals into their HTTP status with the same message. */
@Injectable()
export class DonationErrorsInterceptor implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      catchError((error: unknown) => {
        throw error instanceof DonationError ? toHttp[error.kind](error.message) : error;
      }),
    );
  }
}
