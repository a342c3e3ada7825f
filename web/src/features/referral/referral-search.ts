import * as z from 'zod/mini';

/** `?ref=CODE&option=1|2` as a referral link carries them; anything malformed reads as absent. */
export const referralCodeParam = z.catch(
  z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(64))),
  undefined,
);
export const referralOptionParam = z.catch(z.optional(z.union([z.literal(1), z.literal(2)])), undefined);
