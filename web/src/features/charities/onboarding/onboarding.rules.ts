import { CharityMessages } from '@arena/contracts/charities.messages';
import { LOGO_TYPES, MAX_LOGO_BYTES } from '@arena/contracts/charities.rules';
import { CONTROL_OR_FORMAT_MESSAGE, hasControlOrFormatCharacters } from '@arena/contracts/text.rules';

/**
 * The onboarding form's rules as plain functions (spec §5, "Charity onboarding"), mirroring the server's
 * schemas in charities.contract.ts without loading a schema library into the page.
 */

/** The steps in order (spec §2); the stepper shows their titles. */
export const ONBOARDING_STEPS = [
  { step: 1, title: 'Welcome' },
  { step: 2, title: 'Organization details' },
  { step: 3, title: 'Link payment account' },
  { step: 4, title: 'Confirm email' },
  { step: 5, title: 'All set' },
] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number]['step'];

/** "12-3456789" or "123456789" → "123456789"; anything else → null. */
export function einDigits(value: string): string | null {
  const digits = value.trim().replace('-', '');
  return /^\d{9}$/.test(digits) ? digits : null;
}

/** "123456789" → "12-3456789", the way the IRS writes it. */
export function displayEin(digits: string): string {
  return digits.length === 9 ? `${digits.slice(0, 2)}-${digits.slice(2)}` : digits;
}

export interface OrganizationDetails {
  ein: string;
  organizationName: string;
  description: string;
  email: string;
}

export type DetailsErrors = Partial<Record<keyof OrganizationDetails, string>>;

// The same shape the server's email check accepts in practice: something@something.tld, no spaces.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What is wrong with the details before the payment step, field by field; empty when nothing is. */
export function detailsErrors(details: OrganizationDetails): DetailsErrors {
  const errors: DetailsErrors = {};
  const ein = details.ein.trim();
  const name = details.organizationName.trim();
  if (!ein || !name) {
    if (!ein) errors.ein = CharityMessages.einAndNameRequired;
    if (!name) errors.organizationName = CharityMessages.einAndNameRequired;
  }
  if (ein && !einDigits(ein)) errors.ein = CharityMessages.malformedEin;
  if (name.length > 200) errors.organizationName = 'Organization name must be at most 200 characters';
  else if (hasControlOrFormatCharacters(name)) errors.organizationName = CONTROL_OR_FORMAT_MESSAGE;
  if (details.description.trim().length > 2000)
    errors.description = 'Description must be at most 2000 characters';
  if (!EMAIL.test(details.email.trim())) errors.email = 'Please enter a valid email address.';
  return errors;
}

/** Keeps only digits, at most `length` of them: what a code box (or a paste into one) leaves. */
export function codeDigits(value: string, length: number): string[] {
  return value.replace(/\D/g, '').slice(0, length).split('');
}

/**
 * Why a chosen file cannot be the charity's logo, in words, before it is sent (issue 23); undefined when
 * it may be sent. The server checks the same and more: the real type from the bytes, that it decodes.
 */
export function logoFileProblem(file: { type: string; size: number }): string | undefined {
  if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return CharityMessages.logoInvalid;
  if (file.size > MAX_LOGO_BYTES) return CharityMessages.logoTooLarge;
  return undefined;
}
