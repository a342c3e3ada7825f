/**
 * The onboarding page's pure rules (web/src/features/charities/onboarding): the details it accepts,
 * what a code box keeps, and how it reads its search params.
 */
import { CharityMessages } from '@arena/contracts/charities.messages';
import { ein as einSchema } from '@arena/contracts';
import fc from 'fast-check';
import {
  codeDigits,
  detailsErrors,
  displayEin,
  einDigits,
  logoFileProblem,
  type OrganizationDetails,
} from './onboarding.rules';
import { onboardingSearch } from './onboarding.search';

const valid: OrganizationDetails = {
  ein: '12-3456789',
  organizationName: 'Harbor Food Bank',
  description: '',
  email: 'director@harbor.example.org',
};

describe('organization details', () => {
  it('accepts an EIN with or without its dash, as the server does', () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        const server = einSchema.safeParse(value);
        expect(einDigits(value)).toBe(server.success ? server.data : null);
      }),
    );
    expect(einDigits(' 12-3456789 ')).toBe('123456789');
    expect(einDigits('123456789')).toBe('123456789');
    expect(einDigits('12-34567')).toBeNull();
    expect(displayEin('123456789')).toBe('12-3456789');
  });

  it('requires the EIN and the organization name, trimmed', () => {
    expect(detailsErrors(valid)).toEqual({});
    expect(detailsErrors({ ...valid, ein: '  ', organizationName: ' \t' })).toEqual({
      ein: CharityMessages.einAndNameRequired,
      organizationName: CharityMessages.einAndNameRequired,
    });
    expect(detailsErrors({ ...valid, organizationName: '   ' })).toEqual({
      organizationName: CharityMessages.einAndNameRequired,
    });
  });

  it('refuses a malformed EIN and an email the code could not reach', () => {
    expect(detailsErrors({ ...valid, ein: '12-345' })).toEqual({ ein: CharityMessages.malformedEin });
    expect(detailsErrors({ ...valid, email: 'director at harbor' })).toEqual({
      email: 'Please enter a valid email address.',
    });
  });
});

describe('code boxes', () => {
  it('keep digits only, at most the code length', () => {
    expect(codeDigits('12 34-56', 6)).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(codeDigits('Your code: 9876543', 6)).toEqual(['9', '8', '7', '6', '5', '4']);
    expect(codeDigits('abc', 6)).toEqual([]);
    fc.assert(
      fc.property(fc.string(), (value) => {
        const digits = codeDigits(value, 6);
        expect(digits.length).toBeLessThanOrEqual(6);
        expect(digits.every((digit) => /^\d$/.test(digit))).toBe(true);
      }),
    );
  });
});

describe('search params', () => {
  it('reads the provider return and an error', () => {
    expect(onboardingSearch.parse({ step: 4, fromStripe: true })).toEqual({ step: 4, fromStripe: true });
    expect(onboardingSearch.parse({ error: 'Failed to link payment account' })).toMatchObject({
      error: 'Failed to link payment account',
    });
  });

  it("reads an invitation's EIN whether the router parsed it as a number or a string", () => {
    expect(onboardingSearch.parse({ ein: 123456789 }).ein).toBe('123456789');
    expect(onboardingSearch.parse({ ein: '12-3456789' }).ein).toBe('12-3456789');
  });

  it('reads anything unknown or malformed as absent', () => {
    expect(onboardingSearch.parse({ step: 9, fromStripe: 'yes', error: '', ein: 'abc' })).toEqual({});
    expect(onboardingSearch.parse({ step: '<script>', ein: 12 })).toEqual({});
  });
});

describe('logoFileProblem', () => {
  it('takes a PNG, JPEG or WebP file of at most 256 KB', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/webp']) {
      expect(logoFileProblem({ type, size: 256 * 1024 })).toBeUndefined();
    }
  });

  it('refuses, in words, an SVG or any other type, and a file over 256 KB', () => {
    for (const type of ['image/svg+xml', 'image/gif', 'text/html', '']) {
      expect(logoFileProblem({ type, size: 10 })).toBe(CharityMessages.logoInvalid);
    }
    expect(logoFileProblem({ type: 'image/png', size: 256 * 1024 + 1 })).toBe(CharityMessages.logoTooLarge);
  });
});
