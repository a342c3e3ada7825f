import {
  BadGatewayException,
  BadRequestException,
  ConflictException,
  ForbiddenException,
  HttpException,
  HttpStatus,
  Injectable,
  NotFoundException,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { catchError, type Observable } from 'rxjs';
import { CharityError, type CharityErrorKind } from '../domain/charity.errors';

const toHttp: Record<CharityErrorKind, (message: string) => HttpException> = {
  not_found: (message) => new NotFoundException(message),
  forbidden: (message) => new ForbiddenException(message),
  conflict: (message) => new ConflictException(message),
  invalid: (message) => new BadRequestException(message),
  too_many: (message) => new HttpException(message, HttpStatus.TOO_MANY_REQUESTS),
  unavailable: (message) => new BadGatewayException(message),
};

/** Turns the charity rules' refusals into their HTTP status with the same message. */
@Injectable()
export class CharityErrorsInterceptor implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      catchError((error: unknown) => {
        throw error instanceof CharityError ? toHttp[error.kind](error.message) : error;
      }),
    );
  }
}
