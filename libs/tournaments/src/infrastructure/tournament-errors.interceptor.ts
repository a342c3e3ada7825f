import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  Injectable,
  NotFoundException,
  UnprocessableEntityException,
  type CallHandler,
  type ExecutionContext,
  type HttpException,
  type NestInterceptor,
} from '@nestjs/common';
import { catchError, type Observable } from 'rxjs';
import { TournamentError, type TournamentErrorKind } from '../domain/tournament.errors';

const toHttp: Record<TournamentErrorKind, (message: string) => HttpException> = {
  not_found: (message) => new NotFoundException(message),
  forbidden: (message) => new ForbiddenException(message),
  conflict: (message) => new ConflictException(message),
  invalid: (message) => new BadRequestException(message),
  unprocessable: (message) => new UnprocessableEntityException(message),
};

/** Turns the decider's refusals into their HTTP status with the same message. */
@Injectable()
export class TournamentErrorsInterceptor implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      catchError((error: unknown) => {
        throw error instanceof TournamentError ? toHttp[error.kind](error.message) : error;
      }),
    );
  }
}
