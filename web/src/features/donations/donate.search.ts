import * as z from 'zod/mini';

/** `/donate?ein=…&cancelled=1`: Donate Now's charity (nine digits) and a checkout the donor cancelled. */
export const donateSearch = z.object({
  // The router reads `ein=920162721` as a number: either form is taken, as nine digits.
  ein: z.catch(
    z.optional(
      z.pipe(
        z.pipe(z.union([z.string(), z.number()]), z.transform(String)),
        z.string().check(z.regex(/^\d{9}$/)),
      ),
    ),
    undefined,
  ),
  cancelled: z.catch(z.optional(z.union([z.literal(1), z.literal('1'), z.literal(true)])), undefined),
});

/** `/donate/success?session_id=…`: the checkout session the provider came back with. */
export const donateSuccessSearch = z.object({
  session_id: z.catch(z.optional(z.string().check(z.minLength(1), z.maxLength(255))), undefined),
});
