import { AuthMessages as M } from '../domain/auth.messages';
import { identifierKey } from '../domain/contact';
import { conflict, invalid, notFound, tooManyRequests, type IdentityError } from '../domain/identity.errors';
import type { CodeChannel } from '../domain/one-time-code';
import type { AccountsRepository } from '../infrastructure/accounts.repository';
import type { AccountRow, AuthSessionRow, SessionPurpose } from '../infrastructure/identity.tables';

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

/**
 * Why a session cannot take a code for one of the member's contact changes (`expected`'s, when
 * given). Another member's session answers exactly like an unknown one.
 */
export function contactChangeProblem(
  session: AuthSessionRow | undefined,
  memberId: string,
  now: Date,
  expected?: CodeChannel,
): IdentityError | undefined {
  if (!session || session.account_id !== memberId) return notFound(M.noSession);
  const channel = contactChangeChannel(session);
  if (!channel || (expected && channel !== expected)) return invalid(M.wrongChannel);
  if (session.completed_at) return invalid(M.codeUsed);
  if (now >= session.expires_at) return invalid(M.sessionExpired);
  return undefined;
}

/** The new value must differ from the member's current one and belong to no other account. */
export async function contactValueProblem(
  accounts: AccountsRepository,
  account: AccountRow,
  channel: CodeChannel,
  value: string,
): Promise<IdentityError | undefined> {
  const current = channel === 'email' ? account.email : account.phone_number;
  if (identifierKey(current) === identifierKey(value)) {
    return invalid(channel === 'email' ? M.emailUnchanged : M.phoneUnchanged);
  }
  if (await accounts.contactHeldByOther(channel, value, account.id)) {
    return conflict(channel === 'email' ? M.emailTaken : M.phoneTaken);
  }
  return undefined;
}

/**
 * After one of a member's two addresses changes, the other stays fixed this long. Someone holding a
 * stolen session cannot swap both, and the address left alone stays the owner's way back in.
 */
export const OTHER_ADDRESS_FIXED_MS = 24 * 60 * 60 * 1000;

/** Refuses a change of `channel` while the other address changed less than a day ago. */
export function otherAddressFixedProblem(
  account: AccountRow,
  channel: CodeChannel,
  now: Date,
): IdentityError | undefined {
  const otherChangedAt = channel === 'email' ? account.phone_changed_at : account.email_changed_at;
  if (!otherChangedAt) return undefined;
  const waitMs = otherChangedAt.getTime() + OTHER_ADDRESS_FIXED_MS - now.getTime();
  if (waitMs <= 0) return undefined;
  return tooManyRequests(
    channel === 'email' ? M.emailFixedAfterPhoneChange : M.phoneFixedAfterEmailChange,
    Math.ceil(waitMs / 1000),
  );
}
