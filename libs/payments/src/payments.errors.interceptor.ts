import {
  BadGatewayException,
  BadRequestException,
  ConflictException,
  Injectable,
  NotFoundException,
  ServiceUnavailableException,
  type CallHandler,
  type ExecutionContext,
  type HttpException,
  type NestInterceptor,
} from '@nestjs/common';
import { catchError, type Observable } from 'rxjs';
import { PaymentsError, type PaymentsErrorKind } from './payments.errors';

const toHttp: Record<PaymentsErrorKind, (message: string) => HttpException> = {
  not_found: (message) => new NotFoundException(message),
  invalid: (message) => new BadRequestException(message),
  conflict: (message) => new ConflictException(message),
  unavailable: (message) => new ServiceUnavailableException(message),
  provider: (message) => new BadGatewayException(message),
};

/** Turns the payments library's refusals into their HTTP status with the same message. */
@Injectable()
export class PaymentsErrorsInterceptor implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      catchError((error: unknown) => {
        throw error instanceof PaymentsError ? toHttp[error.kind](error.message) : error;
      }),
    );
  }
}
