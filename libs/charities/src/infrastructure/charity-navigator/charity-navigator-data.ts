import {
  CHARITY_BY_EIN_QUERY,
  PUBLIC_SEARCH_FACETED_QUERY,
  type CharitySearchEnvelope,
  type CharitySearchResult,
  type CharitySearchVariables,
} from '@arena/contracts';
import type { AppConfig } from '@arena/config';
import {
  CharityData,
  einDigits,
  type CharityDataAnswer,
  type CharityDataError,
} from '../../application/ports/charity-data';

export interface CharityNavigatorOptions {
  url: string;
  apiKey: string;
  /** The header the key is sent in; Charity Navigator's documentation says Authorization (the default). */
  keyHeader?: string;
  /** A word sent before the key in that header (e.g. Bearer); none by default: the key alone. */
  keyScheme?: string;
  /** How long one call may take before the page is told Charity Navigator did not answer. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** Charity Navigator's GraphQL API takes the key as the value of this header (its current documentation). */
export const CHARITY_NAVIGATOR_KEY_HEADER = 'Authorization';

/** The driver's options from the configuration, or null when no key is set (the local data set answers). */
export function charityNavigatorOptions(
  config: Pick<
    AppConfig,
    | 'CHARITY_NAVIGATOR_API_KEY'
    | 'CHARITY_NAVIGATOR_URL'
    | 'CHARITY_NAVIGATOR_API_KEY_HEADER'
    | 'CHARITY_NAVIGATOR_API_KEY_SCHEME'
  >,
): CharityNavigatorOptions | null {
  if (!config.CHARITY_NAVIGATOR_API_KEY) return null;
  return {
    url: config.CHARITY_NAVIGATOR_URL,
    apiKey: config.CHARITY_NAVIGATOR_API_KEY,
    keyHeader: config.CHARITY_NAVIGATOR_API_KEY_HEADER,
    keyScheme: config.CHARITY_NAVIGATOR_API_KEY_SCHEME,
  };
}

export const CharityNavigatorFailures = {
  timeout: 'Charity Navigator did not answer in time',
  unreachable: 'Charity Navigator could not be reached',
  httpStatus: (status: number) => `Charity Navigator answered with HTTP status ${status}`,
  unreadable: 'Charity Navigator sent an answer that could not be read',
} as const;

const MAX_ERROR_MESSAGE = 500;
const MAX_ERRORS = 10;

const text = (value: unknown): string | null =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;
const number = (value: unknown): number | null => {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return null;
};
const integer = (value: unknown, fallback: number): number => {
  const n = number(value);
  return n === null ? fallback : Math.trunc(n);
};

/** One result as our contract types it: missing or oddly typed fields become null, never a crash. */
function readResult(raw: unknown): CharitySearchResult | undefined {
  if (!raw || typeof raw !== 'object') return undefined;
  const r = raw as Record<string, unknown>;
  const ein = text(r.ein);
  if (!ein) return undefined;
  return {
    ein,
    name: text(r.name) ?? '',
    mission: text(r.mission),
    organization_url: text(r.organization_url),
    charity_navigator_url: text(r.charity_navigator_url),
    encompass_score: number(r.encompass_score),
    encompass_star_rating: number(r.encompass_star_rating),
    encompass_publication_date: text(r.encompass_publication_date),
    cause: text(r.cause),
    street: text(r.street),
    street2: text(r.street2),
    city: text(r.city),
    state: text(r.state),
    zip: text(r.zip),
    country: text(r.country),
    highest_level_alert: text(r.highest_level_alert),
  };
}

function readEnvelope(raw: unknown, asked: CharitySearchVariables): CharitySearchEnvelope | null {
  if (!raw || typeof raw !== 'object') return null;
  const e = raw as Record<string, unknown>;
  const results = Array.isArray(e.results)
    ? e.results.map(readResult).filter((r): r is CharitySearchResult => r !== undefined)
    : [];
  return {
    size: integer(e.size, asked.result_size),
    from: integer(e.from, asked.from),
    term: text(e.term) ?? asked.term,
    result_count: integer(e.result_count, results.length),
    results,
  };
}

function readErrors(raw: unknown): CharityDataError[] {
  if (!Array.isArray(raw)) return [];
  return raw.slice(0, MAX_ERRORS).map((error) => {
    const e = (error ?? {}) as Record<string, unknown>;
    const message = (text(e.message) ?? 'Charity Navigator reported an error').slice(0, MAX_ERROR_MESSAGE);
    const path = Array.isArray(e.path)
      ? e.path.filter((p): p is string | number => typeof p === 'string' || typeof p === 'number')
      : undefined;
    return path?.length ? { message, path } : { message };
  });
}

/**
 * Charity Navigator's GraphQL API. We send our own copy of its published publicSearchFaceted document
 * with the variables the proxy validated (never the caller's document), so this is not an open relay.
 * Every outside failure comes back as errors beside whatever data there was (GraphQL's partial data).
 */
export class CharityNavigatorData extends CharityData {
  readonly source = 'charity-navigator' as const;
  readonly ratingsAvailable = true;
  private readonly timeoutMs: number;
  private readonly fetch: typeof fetch;
  private readonly keyHeader: string;
  private readonly keyValue: string;

  constructor(private readonly options: CharityNavigatorOptions) {
    super();
    this.timeoutMs = options.timeoutMs ?? 8000;
    this.fetch = options.fetch ?? globalThis.fetch;
    this.keyHeader = options.keyHeader ?? CHARITY_NAVIGATOR_KEY_HEADER;
    this.keyValue = options.keyScheme ? `${options.keyScheme} ${options.apiKey}` : options.apiKey;
  }

  search(variables: CharitySearchVariables): Promise<CharityDataAnswer> {
    // Cities and ZIPs are ours (the bundled data set filters on them); Charity Navigator's query has no
    // such variables, so they are not sent.
    const { cities: _cities, zips: _zips, ...sent } = variables;
    return this.post(PUBLIC_SEARCH_FACETED_QUERY, sent, variables);
  }

  async findByEin(ein: string): Promise<CharitySearchResult | null> {
    const digits = einDigits(ein);
    if (!digits) return null;
    const { envelope } = await this.post(CHARITY_BY_EIN_QUERY, { ein: digits }, {
      term: digits,
      from: 0,
      result_size: 1,
    } as CharitySearchVariables);
    return envelope?.results.find((result) => result.ein.replace('-', '') === digits) ?? null;
  }

  private async post(
    query: string,
    variables: Record<string, unknown>,
    asked: CharitySearchVariables,
  ): Promise<CharityDataAnswer> {
    let response: Response;
    let body: string;
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, this.timeoutMs);
    try {
      response = await this.fetch(this.options.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          [this.keyHeader]: this.keyValue,
        },
        body: JSON.stringify({ query, variables }),
        signal: controller.signal,
      });
      body = await response.text();
    } catch {
      return failure(timedOut ? CharityNavigatorFailures.timeout : CharityNavigatorFailures.unreachable);
    } finally {
      clearTimeout(timer);
    }

    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return failure(
        response.ok
          ? CharityNavigatorFailures.unreadable
          : CharityNavigatorFailures.httpStatus(response.status),
      );
    }
    const answer = (parsed ?? {}) as Record<string, unknown>;
    const errors = readErrors(answer.errors);
    const data = answer.data as Record<string, unknown> | null | undefined;
    const envelope = data && typeof data === 'object' ? readEnvelope(data.publicSearchFaceted, asked) : null;
    if (!response.ok && errors.length === 0)
      errors.push({ message: CharityNavigatorFailures.httpStatus(response.status) });
    if (!envelope && errors.length === 0) errors.push({ message: CharityNavigatorFailures.unreadable });
    return { envelope, errors };
  }
}

function failure(message: string): CharityDataAnswer {
  return { envelope: null, errors: [{ message }] };
}
