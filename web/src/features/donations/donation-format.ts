/** Display and input rules of the donation screens (spec §2, §9). Money is integer cents. */

const wholeDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});
const exactDollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** The summary cards: dollars without decimals ($1,235). */
export const dollarsRounded = (cents: number) => wholeDollars.format(Math.round(cents / 100));

/** A ledger row or a receipt: cents shown when there are any ($12.50, $12). */
export const dollars = (cents: number) =>
  cents % 100 === 0 ? wholeDollars.format(cents / 100) : exactDollars.format(cents / 100);

/** A money column whose rows mix whole and part dollars: always with cents ($5.00 above $4.99). */
export const dollarsWithCents = (cents: number) => exactDollars.format(cents / 100);

/**
 * What a dollars input holds, in cents. Anything that is not a number reads as 0, which the contract
 * then refuses with its own message (spec §9: an invalid number becomes 0).
 */
export function centsFromDollars(input: string): number {
  const value = Number(input.trim());
  if (input.trim() === '' || !Number.isFinite(value)) return 0;
  return Math.round(value * 100);
}

/** A date as the ledger shows it, in the viewer's time zone. */
export const shortDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
