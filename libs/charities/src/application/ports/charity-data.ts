import type { CharitySearchEnvelope, CharitySearchResult, CharitySearchVariables } from '@arena/contracts';

/** A GraphQL-style error the search page shows beside whatever data came back. */
export interface CharityDataError {
  message: string;
  path?: Array<string | number>;
}

/**
 * What a search answers: the envelope when there is one (possibly partial), and the errors met on the
 * way. A driver never throws for an outside failure (timeout, HTTP error, unreadable answer): it answers
 * `{ envelope: null, errors: [...] }`, so the page always has something to show.
 */
export interface CharityDataAnswer {
  envelope: CharitySearchEnvelope | null;
  errors: CharityDataError[];
}

export type CharityDataSource = 'charity-navigator' | 'local';

/**
 * Where charity search data comes from: Charity Navigator's GraphQL API when a key is configured, else
 * the bundled IRS data set in PostgreSQL. Onboarding uses `findByEin` to fill a charity's name.
 */
export abstract class CharityData {
  abstract readonly source: CharityDataSource;
  /** False for the bundled data set, which has no ratings: the page says ratings need Charity Navigator. */
  abstract readonly ratingsAvailable: boolean;

  abstract search(variables: CharitySearchVariables): Promise<CharityDataAnswer>;

  /** An EIN with or without its dash; null when unknown, malformed, or the source could not answer. */
  abstract findByEin(ein: string): Promise<CharitySearchResult | null>;
}

/** Nine digits from "12-3456789" or "123456789"; undefined for anything else. */
export function einDigits(ein: string): string | undefined {
  const trimmed = ein.trim();
  return /^\d{2}-?\d{7}$/.test(trimmed) ? trimmed.replace('-', '') : undefined;
}
