import { parsePhoneNumberFromString } from 'libphonenumber-js/mobile';
import { LOGIN_COUNTRY_CODES, SIGN_UP_COUNTRY_CODES } from './identity.rules';

/**
 * A number our SMS may go to, in E.164 (`+4407911123456` becomes `+447911123456`), or undefined: its
 * country code must be one the form offers and it must be a valid mobile-capable number there. The
 * library's mobile metadata holds only mobile ranges (a US number that may be either counts), so
 * premium-rate, toll-free, fixed-line and unassigned ranges are refused. It is the smallest metadata
 * that answers this question; the web loads this module only when a form is sent.
 */
export function textableNumber(international: string, countryCodes: readonly string[]): string | undefined {
  const parsed = parsePhoneNumberFromString(international);
  if (!parsed || !countryCodes.includes(`+${parsed.countryCallingCode}`) || !parsed.isValid())
    return undefined;
  return parsed.number;
}

export const signUpTextableNumber = (international: string) =>
  textableNumber(international, SIGN_UP_COUNTRY_CODES);
export const loginTextableNumber = (international: string) =>
  textableNumber(international, LOGIN_COUNTRY_CODES);
