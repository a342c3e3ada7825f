import {
  BadRequestException,
  ConflictException,
  Injectable,
  NotFoundException,
  UnauthorizedException,
  type CallHandler,
  type ExecutionContext,
  type HttpException,
  type NestInterceptor,
} from '@nestjs/common';
import { catchError, type Observable } from 'rxjs';
import { TooManyRequestsException } from '@arena/http';
import { IdentityError, type IdentityErrorKind } from '../domain/identity.errors';

const toHttp: Record<IdentityErrorKind, (error: IdentityError) => HttpException> = {
  invalid: (error) => new BadRequestException(error.message),
  unauthorized: (error) => new UnauthorizedException(error.message),
  not_found: (error) => new NotFoundException(error.message),
  conflict: (error) => new ConflictException(error.message),
  too_many_requests: (error) => new TooManyRequestsException(error.message, error.retryAfterSeconds),
};

/** Turns the identity context's refusals into their HTTP status with the same message. */
@Injectable()
export class IdentityErrorsInterceptor implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      catchError((error: unknown) => {
        throw error instanceof IdentityError ? toHttp[error.kind](error) : error;
      }),
    );
  }
}
