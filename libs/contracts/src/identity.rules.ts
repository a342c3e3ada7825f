/**
 * The spec's sign-up and login rules as plain functions: the web's forms check them before sending and
 * the server's schemas (identity.contract.ts) apply the same ones, so both sides agree on every input.
 * No zod here, so the forms can use them without loading a schema library.
 */

/** Country codes the forms offer: four at login, ten at sign-up (spec §5). */
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
export type CountryCode = (typeof SIGN_UP_COUNTRY_CODES)[number] | (typeof LOGIN_COUNTRY_CODES)[number];

/** A plus and 8 to 15 digits at sign-up (E.164), 8 to 20 when logging in. */
export const SIGN_UP_PHONE = /^\+\d{8,15}$/;
export const LOGIN_PHONE = /^\+\d{8,20}$/;

export const USERNAME = /^[A-Za-z0-9_]{3,30}$/;

/**
 * Unicode format (Cf: bidi overrides such as U+202E, zero-width joiners, U+FEFF) and control (Cc)
 * characters: in a name others see they reorder or hide its text. Refused anywhere in a member's
 * name, before any trimming (trim would quietly drop a leading U+FEFF).
 */
export const FORMAT_OR_CONTROL_CHARACTER = /[\p{Cc}\p{Cf}]/u;
export const isDisplayableName = (name: string) => !FORMAT_OR_CONTROL_CHARACTER.test(name);
export const EMAIL_MAX_LENGTH = 254;
/**
 * The shape of a referral code the platform issued (8 of an unambiguous alphabet, any case; the demo
 * members' are longer). A sign-up keeps a code only when it has this shape and an open account holds it.
 */
export const REFERRAL_CODE = /^[A-Za-z0-9]{4,32}$/;

/** Where a one-time code goes. */
export const CODE_CHANNELS = ['email', 'phone'] as const;
export type CodeChannel = (typeof CODE_CHANNELS)[number];

/** One-time codes: 4 to 10 digits, and inputs take at most 10 characters. */
export const CODE_MAX_LENGTH = 10;
export const CODE = /^\d{4,10}$/;
export const isCode = (value: string) => CODE.test(value.trim());

/** Spaces and the usual separators are dropped, so `+1 (415) 555-2671` reads `+14155552671`. */
export function compactPhone(raw: string): string {
  return raw.replace(/[\s().-]/g, '');
}

/** The number as typed, compacted, with the chosen country code in front unless it has its own plus. */
export function internationalPhone(countryCode: string, typed: string): string {
  const compact = compactPhone(typed);
  return compact.startsWith('+') ? compact : `${countryCode}${compact}`;
}

/** Sign-up and contact change: the number in international form if it has the spec's shape. */
export function signUpPhoneNumber(countryCode: string, typed: string): string | undefined {
  const number = internationalPhone(countryCode, typed);
  return SIGN_UP_PHONE.test(number) ? number : undefined;
}

/** Login by phone: the country code plus the digits typed, a plus and 8 to 20 digits. */
export function loginPhoneNumber(countryCode: string, typed: string): string | undefined {
  const number = internationalPhone(countryCode, typed);
  return LOGIN_PHONE.test(number) ? number : undefined;
}
