import {
  ConflictException,
  Injectable,
  type CallHandler,
  type ExecutionContext,
  type HttpException,
  type NestInterceptor,
} from '@nestjs/common';
import { catchError, type Observable } from 'rxjs';
import { TooManyRequestsException } from '@arena/http';
import { CharityCommunityError } from '../domain/charity-community.errors';

const toHttp = (error: CharityCommunityError): HttpException =>
  error.kind === 'conflict'
    ? new ConflictException(error.message)
    : new TooManyRequestsException(error.message, error.retryAfterSeconds);

/** Turns the favorites' and invitations' refusals into their HTTP status with the same message. */
@Injectable()
export class CharityCommunityErrorsInterceptor implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      catchError((error: unknown) => {
        throw error instanceof CharityCommunityError ? toHttp(error) : error;
      }),
    );
  }
}
