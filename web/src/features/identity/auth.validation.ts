import { ApiError } from '../../lib/api-client';

/** The spec's country codes: four at login, ten at sign-up. */
export const LOGIN_COUNTRY_CODES = ['+1', '+44', '+61', '+91'] as const;
export const SIGN_UP_COUNTRY_CODES = [
  '+1',
  '+44',
  '+33',
  '+49',
  '+81',
  '+86',
  '+91',
  '+55',
  '+61',
  '+39',
] as const;

export const CODE_MAX_LENGTH = 10;
const CODE = /^\d{4,10}$/;

export const Messages = {
  loginPhone: 'Please enter a valid phone number.',
  loginEmail: 'Please enter your email address.',
  username: 'Username is required',
  email: 'Email is required',
  signUpPhone: 'The phone number is invalid. Use +countrycode and digits.',
  terms: 'Please accept the Terms of Use (v2.0) and confirm that you are 18 or older and in the US.',
  emailCode: 'Enter a valid 4-10 digit email code.',
  phoneCode: 'Enter a valid 4-10 digit phone code.',
  loginCode: 'Enter a valid 4-10 digit verification code.',
  noSession: 'No verification session found. Please start over.',
  badChannel: 'Invalid verification channel. Please start over.',
} as const;

/** Login by phone: the country code plus the digits typed, a plus and 8 to 20 digits. */
export function loginPhoneNumber(countryCode: string, digits: string): string | undefined {
  const number = `${countryCode}${digits.replace(/\D/g, '')}`;
  return /^\+\d{8,20}$/.test(number) ? number : undefined;
}

/** Sign-up: spaces stripped, the country code added unless the number has its own plus; 8 to 15 digits. */
export function signUpPhoneNumber(countryCode: string, typed: string): string | undefined {
  const compact = typed.replace(/\s/g, '');
  const number = compact.startsWith('+') ? compact : `${countryCode}${compact}`;
  return /^\+\d{8,15}$/.test(number) ? number : undefined;
}

export const isCode = (value: string) => CODE.test(value.trim());

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
