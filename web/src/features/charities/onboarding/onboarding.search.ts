import * as z from 'zod/mini';

/** The router reads `?ein=123456789` as a number and `?ein=12-3456789` as a string: both are an EIN. */
const einParam = z.pipe(
  z.union([z.string(), z.number()]),
  z.transform((value) => String(value)),
);

/**
 * `/charity-onboarding?step=4&fromStripe=true`, `?error=…`, `?ein=…` (spec §2; the EIN comes from an
 * invitation link). Anything unknown or malformed reads as absent: step 1, no error.
 */
export const onboardingSearch = z.object({
  step: z.catch(
    z.optional(z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)])),
    undefined,
  ),
  fromStripe: z.catch(z.optional(z.boolean()), undefined),
  error: z.catch(z.optional(z.string().check(z.minLength(1), z.maxLength(300))), undefined),
  ein: z.catch(z.optional(einParam.check(z.regex(/^\d{2}-?\d{7}$/))), undefined),
});

export type OnboardingSearch = z.output<typeof onboardingSearch>;
