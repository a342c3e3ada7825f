import { stringifySearchWith } from '@tanstack/react-router';

/**
 * Readers for the few search params the routes take. Each route's `validateSearch` runs in the first
 * bundle, so these are a few lines instead of a schema library (zod/mini cost the home page about 15 KB
 * gzipped). A param that is absent or malformed reads as absent, never as an error: a reader returns
 * `undefined` for anything it does not accept. The router has already parsed `?n=3` as the number 3 and
 * `?b=true` as `true`.
 */
/** Digits that the router's JSON parse reads back as a number whose digits are the same. */
const plainNumber = (value: string) => /^-?\d{1,15}$/.test(value) && String(Number(value)) === value;

/**
 * The router's `stringifySearch`. The default quotes a string that reads as JSON, so once a page had read
 * `?ein=530196605` (the number, kept as the string '530196605') the address turned into `?ein=%22530196605%22`
 * under the reader. Digits are written plain here; the readers take them back as a number or a string. Other
 * strings that read as JSON (`"true"`) are still quoted, and objects are JSON, as by default.
 */
export const stringifySearch = stringifySearchWith(
  (value: unknown) => (typeof value === 'string' && plainNumber(value) ? value : JSON.stringify(value)),
  JSON.parse,
);

export type Param<T> = (value: unknown) => T | undefined;

export type SearchOf<S extends Record<string, Param<unknown>>> = {
  [K in keyof S]?: S[K] extends Param<infer T> ? T : never;
};

/** What `validateSearch` takes: an object with `parse`, which answers only the params it knows. */
export interface SearchSchema<T> {
  parse(search: Record<string, unknown>): T;
}

export function searchSchema<S extends Record<string, Param<unknown>>>(params: S): SearchSchema<SearchOf<S>> {
  return {
    parse(search) {
      const read: Record<string, unknown> = {};
      // A param in the address that is malformed is read as `undefined`, not left out: the router merges
      // this answer over the raw search, so a missing key would keep the raw value.
      for (const [key, param] of Object.entries(params)) {
        if (search[key] !== undefined) read[key] = param(search[key]);
      }
      return read as SearchOf<S>;
    },
  };
}

interface TextRule {
  /** Trimmed before the lengths are checked, and read trimmed. */
  trim?: boolean;
  min?: number;
  max?: number;
  pattern?: RegExp;
}

/** A string of `min` to `max` characters (any string by default; matching `pattern`, if given). */
export function text({
  trim = false,
  min = 0,
  max = Number.POSITIVE_INFINITY,
  pattern,
}: TextRule = {}): Param<string> {
  return (value) => {
    // `?q=2024` reaches the reader as the number 2024 (stringifySearch writes such digits plain).
    if (typeof value === 'number' && Number.isFinite(value)) value = String(value);
    if (typeof value !== 'string') return undefined;
    const read = trim ? value.trim() : value;
    if (read.length < min || read.length > max) return undefined;
    return pattern && !pattern.test(read) ? undefined : read;
  };
}

/** One of the values listed, compared exactly (`'1'` is not `1`). */
export function oneOf<const T extends readonly (string | number | boolean)[]>(values: T): Param<T[number]> {
  return (value) => (values.includes(value as T[number]) ? (value as T[number]) : undefined);
}

/** A whole number from `min` to `max`. */
export function intIn(min: number, max: number): Param<number> {
  return (value) =>
    typeof value === 'number' && Number.isSafeInteger(value) && value >= min && value <= max
      ? value
      : undefined;
}

export const bool: Param<boolean> = (value) => (typeof value === 'boolean' ? value : undefined);

/**
 * Digits the router may have read as a number (`?ein=920162721`) or kept as a string (`?ein=12-3456789`,
 * `?ein=012345678`): either form, as a string matching `pattern`.
 */
export function numberOrText(pattern: RegExp): Param<string> {
  return (value) => {
    if (typeof value !== 'string' && typeof value !== 'number') return undefined;
    const read = String(value);
    return pattern.test(read) ? read : undefined;
  };
}

/** A reader whose accepted value is then mapped (`undefined` from `map` reads as absent too). */
export function mapped<T, U>(param: Param<T>, map: (value: T) => U | undefined): Param<U> {
  return (value) => {
    const read = param(value);
    return read === undefined ? undefined : map(read);
  };
}
