import type { CodeChannel } from '../domain/one-time-code';
import type { AuthSessionRow } from '../infrastructure/identity.tables';

/** The address a session's code for `channel` goes to (for a contact change: the new one asked for). */
export function sessionAddress(session: AuthSessionRow, channel: CodeChannel): string {
  return (channel === 'email' ? session.email : session.phone_number)!;
}
