import { numberOrText, oneOf, searchSchema, text } from '../../lib/search-params';

/** `/donate?ein=…&cancelled=1`: Donate Now's charity (nine digits) and a checkout the donor cancelled. */
export const donateSearch = searchSchema({
  // The router reads `ein=920162721` as a number: either form is taken, as nine digits.
  ein: numberOrText(/^\d{9}$/),
  cancelled: oneOf([1, '1', true]),
});

/** `/donate/success?session_id=…`: the checkout session the provider came back with. */
export const donateSuccessSearch = searchSchema({
  session_id: text({ min: 1, max: 255 }),
});
