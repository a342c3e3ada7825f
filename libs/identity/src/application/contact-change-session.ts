import {
  BadRequestException,
  ConflictException,
  NotFoundException,
  type HttpException,
} from '@nestjs/common';
import { AuthMessages as M } from '../domain/auth.messages';
import { identifierKey } from '../domain/contact';
import type { CodeChannel } from '../domain/one-time-code';
import type {
  AccountRow,
  AuthSessionRow,
  IdentityQueries,
  SessionPurpose,
} from '../infrastructure/identity.queries';

export const CONTACT_CHANGE_PURPOSE = {
  email: 'email_change',
  phone: 'phone_change',
} as const satisfies Record<CodeChannel, SessionPurpose>;

/** The channel a session changes, or undefined for a sign-up or login session. */
export function contactChangeChannel(session: AuthSessionRow): CodeChannel | undefined {
  if (session.purpose === CONTACT_CHANGE_PURPOSE.email) return 'email';
  if (session.purpose === CONTACT_CHANGE_PURPOSE.phone) return 'phone';
  return undefined;
}

/** The new address a contact-change session asked for. */
export function requestedValue(session: AuthSessionRow, channel: CodeChannel): string {
  return (channel === 'email' ? session.email : session.phone_number)!;
}

/**
 * Why a session cannot take a code for one of the member's contact changes (`expected`'s, when
 * given). Another member's session answers exactly like an unknown one.
 */
export function contactChangeProblem(
  session: AuthSessionRow | undefined,
  memberId: string,
  now: Date,
  expected?: CodeChannel,
): HttpException | undefined {
  if (!session || session.account_id !== memberId) return new NotFoundException(M.noSession);
  const channel = contactChangeChannel(session);
  if (!channel || (expected && channel !== expected)) return new BadRequestException(M.wrongChannel);
  if (session.completed_at) return new BadRequestException(M.codeUsed);
  if (now >= session.expires_at) return new BadRequestException(M.sessionExpired);
  return undefined;
}

/** The new value must differ from the member's current one and belong to no other account. */
export async function contactValueProblem(
  queries: IdentityQueries,
  account: AccountRow,
  channel: CodeChannel,
  value: string,
): Promise<HttpException | undefined> {
  const current = channel === 'email' ? account.email : account.phone_number;
  if (identifierKey(current) === identifierKey(value)) {
    return new BadRequestException(channel === 'email' ? M.emailUnchanged : M.phoneUnchanged);
  }
  if (await queries.contactHeldByOther(channel, value, account.id)) {
    return new ConflictException(channel === 'email' ? M.emailTaken : M.phoneTaken);
  }
  return undefined;
}
