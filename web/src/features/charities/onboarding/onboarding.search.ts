import { bool, numberOrText, oneOf, searchSchema, text, type SearchOf } from '../../../lib/search-params';

const params = {
  step: oneOf([1, 2, 3, 4, 5]),
  fromStripe: bool,
  error: text({ min: 1, max: 300 }),
  // The router reads `?ein=123456789` as a number and `?ein=12-3456789` as a string: both are an EIN.
  ein: numberOrText(/^\d{2}-?\d{7}$/),
};

/**
 * `/charity-onboarding?step=4&fromStripe=true`, `?error=…`, `?ein=…` (spec §2; the EIN comes from an
 * invitation link). Anything unknown or malformed reads as absent: step 1, no error.
 */
export const onboardingSearch = searchSchema(params);

export type OnboardingSearch = SearchOf<typeof params>;
