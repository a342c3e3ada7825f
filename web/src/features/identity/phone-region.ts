import { SIGN_UP_COUNTRY_CODES } from '@arena/contracts/identity.rules';

type CountryCode = (typeof SIGN_UP_COUNTRY_CODES)[number];

/**
 * The country each sign-up country code stands for. +1 is shared by the US, Canada and the
 * Caribbean; members confirm at sign-up that they live in the US, so it reads as the United States.
 */
const COUNTRY_NAMES: Record<CountryCode, string> = {
  '+1': 'United States',
  '+44': 'United Kingdom',
  '+33': 'France',
  '+49': 'Germany',
  '+81': 'Japan',
  '+86': 'China',
  '+91': 'India',
  '+55': 'Brazil',
  '+61': 'Australia',
  '+39': 'Italy',
};

/** The member's region as their phone number's country code tells it; undefined for any other code. */
export function regionOf(phoneNumber: string): string | undefined {
  const code = SIGN_UP_COUNTRY_CODES.find((candidate) => phoneNumber.startsWith(candidate));
  return code && COUNTRY_NAMES[code];
}
