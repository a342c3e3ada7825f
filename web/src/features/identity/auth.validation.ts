import { loginPhoneNumber, signUpPhoneNumber } from '@arena/contracts/identity.rules';
import { ApiError } from '../../lib/api-client';

/**
 * The sign-up number to send, in E.164, if it has the spec's shape and can receive our SMS (the server's
 * own rule). The mobile-number check carries the phone metadata, so it loads only when a form is sent.
 */
export async function signUpPhone(countryCode: string, typed: string): Promise<string | undefined> {
  const number = signUpPhoneNumber(countryCode, typed);
  if (!number) return undefined;
  const { signUpTextableNumber } = await import('@arena/contracts/phone-check');
  return signUpTextableNumber(number);
}

/**
 * Login asks only for the spec's shape (a plus and 8 to 20 digits), as the server does; a textable number
 * is sent in E.164, any other as typed (no account holds it, and the server answers it like any other).
 */
export async function loginPhone(countryCode: string, typed: string): Promise<string | undefined> {
  const number = loginPhoneNumber(countryCode, typed);
  if (!number) return undefined;
  const { loginTextableNumber } = await import('@arena/contracts/phone-check');
  return loginTextableNumber(number) ?? number;
}

/** The server's message when it sent one, 'Network error' offline, otherwise the screen's own fallback. */
export function failureMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return error.message;
    const body = error.body as { message?: unknown } | undefined;
    if (typeof body?.message === 'string' && body.message.trim()) return body.message;
  }
  return fallback;
}

/** `+14155552671` → `+•••••••2671`: enough to recognise, not enough to copy. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/^\+/, '');
  if (digits.length <= 4) return phone;
  return `+${'•'.repeat(digits.length - 4)}${digits.slice(-4)}`;
}
