import { ConflictException, type HttpException } from '@nestjs/common';
import { AuthMessages as M } from '../domain/auth.messages';
import { uniqueViolationOf } from '../infrastructure/identity.queries';

/**
 * The 409 for a write that lost a race for a username, email or phone (the accounts table's unique
 * constraints), or undefined when the error was something else.
 */
export function conflictFor(error: unknown): HttpException | undefined {
  const constraint = uniqueViolationOf(error);
  if (constraint === undefined) return undefined;
  if (constraint.includes('username')) return new ConflictException(M.usernameTaken);
  if (constraint.includes('email')) return new ConflictException(M.emailTaken);
  if (constraint.includes('phone')) return new ConflictException(M.phoneTaken);
  return undefined;
}
