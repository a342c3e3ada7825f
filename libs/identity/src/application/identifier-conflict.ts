import { AuthMessages as M } from '../domain/auth.messages';
import { conflict, type IdentityError } from '../domain/identity.errors';
import { uniqueViolationOf } from '../infrastructure/accounts.repository';

/**
 * The conflict for a write that lost a race for a username, email or phone (the accounts table's
 * unique constraints), or undefined when the error was something else.
 */
export function conflictFor(error: unknown): IdentityError | undefined {
  const constraint = uniqueViolationOf(error);
  if (constraint === undefined) return undefined;
  if (constraint.includes('username')) return conflict(M.usernameTaken);
  if (constraint.includes('email')) return conflict(M.emailTaken);
  if (constraint.includes('phone')) return conflict(M.phoneTaken);
  return undefined;
}
