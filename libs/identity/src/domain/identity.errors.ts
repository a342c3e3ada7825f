import { DomainError } from '@arena/http';

/** Refusals of the identity context, answered by kind (`DomainError`); the message is what the member reads. */
export type IdentityErrorKind = 'invalid' | 'unauthorized' | 'not_found' | 'conflict' | 'too_many';

export class IdentityError extends DomainError<IdentityErrorKind> {}

export const invalid = (message: string) => new IdentityError('invalid', message);
export const notFound = (message: string) => new IdentityError('not_found', message);
export const conflict = (message: string) => new IdentityError('conflict', message);
export const unauthorized = (message = 'Unauthorized') => new IdentityError('unauthorized', message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new IdentityError('too_many', message, retryAfterSeconds);
