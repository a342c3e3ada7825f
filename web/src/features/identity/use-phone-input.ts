import { useState } from 'react';
import type { PhoneFieldProps } from './phone-field';

/** The state behind a PhoneField, starting on the first country code; spread the result into the field. */
export function usePhoneInput(
  countryCodes: readonly [string, ...string[]],
): Omit<PhoneFieldProps, 'label' | 'error'> {
  const [countryCode, setCountryCode] = useState<string>(countryCodes[0]);
  const [number, setNumber] = useState('');
  return {
    countryCodes,
    countryCode,
    onCountryCodeChange: setCountryCode,
    number,
    onNumberChange: setNumber,
  };
}
