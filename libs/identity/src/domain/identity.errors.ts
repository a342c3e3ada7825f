/**
 * Refusals of the identity context. `kind` tells the HTTP layer which status to answer
 * (`identity-errors.interceptor.ts`); the message is what the member reads.
 */
export type IdentityErrorKind = 'invalid' | 'unauthorized' | 'not_found' | 'conflict' | 'too_many_requests';

export class IdentityError extends Error {
  constructor(
    readonly kind: IdentityErrorKind,
    message: string,
    /** For `too_many_requests`: when the caller may try again. */
    readonly retryAfterSeconds = 0,
  ) {
    super(message);
    this.name = 'IdentityError';
  }
}

export const invalid = (message: string) => new IdentityError('invalid', message);
export const notFound = (message: string) => new IdentityError('not_found', message);
export const conflict = (message: string) => new IdentityError('conflict', message);
export const unauthorized = (message = 'Unauthorized') => new IdentityError('unauthorized', message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new IdentityError('too_many_requests', message, retryAfterSeconds);
