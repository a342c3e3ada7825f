/** Display rules of the charity screens (spec §2, §3). */

const pad = (value: number) => String(value).padStart(2, '0');

/** A ledger date as the spec shows it: YYYY-MM-DD HH:mm, in the viewer's time zone. */
export function ledgerDate(iso: string): string {
  const date = new Date(iso);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });
const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** "3 hours ago", "yesterday", "now". */
export function relativeTime(iso: string, now = Date.now()): string {
  const seconds = (new Date(iso).getTime() - now) / 1000;
  for (const [unit, size] of STEPS) {
    if (Math.abs(seconds) >= size) return relative.format(Math.round(seconds / size), unit);
  }
  return relative.format(0, 'second');
}

/** City, state, and the country when it is not the US; empty when neither city nor state is known. */
export function charityLocation(city: string | null, state: string | null, country?: string | null): string {
  if (!city && !state) return '';
  const place = [city, state].filter(Boolean).join(', ');
  const foreign = country && !['US', 'USA', 'United States'].includes(country.trim()) ? country : '';
  return foreign ? `${place}, ${foreign}` : place;
}

/** An EIN's nine digits: the API may write one with its dash (12-3456789) and another without. */
export const einDigits = (ein: string) => ein.replace(/\D/g, '');
