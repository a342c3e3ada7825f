import {
  BadRequestException,
  Injectable,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { catchError, type Observable } from 'rxjs';
import { CharitySearchError } from '../domain/charity-search.errors';

/** A refused document or bad variables: 400 with the refusal's message. */
@Injectable()
export class CharitySearchErrorsInterceptor implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      catchError((error: unknown) => {
        throw error instanceof CharitySearchError ? new BadRequestException(error.message) : error;
      }),
    );
  }
}
