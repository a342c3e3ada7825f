/** Display rules of charities shared by the web and the server, without zod (the web bundles them). */

/** "123456789" → "12-3456789". */
export const formatEin = (digits: string) =>
  digits.length === 9 ? `${digits.slice(0, 2)}-${digits.slice(2)}` : digits;
