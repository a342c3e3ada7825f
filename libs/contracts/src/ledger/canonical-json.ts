/**
 * RFC 8785 (JSON Canonicalization Scheme) for the values the ledger signs and hashes: strings, finite
 * numbers (in practice integers: cents, indexes, sizes), booleans, null, arrays and plain objects.
 * Object members are sorted by their names' UTF-16 code units (JavaScript's default string order);
 * strings and numbers are serialised as ECMAScript's JSON.stringify does, which is what RFC 8785 §3.2.2
 * specifies. Anything else (undefined, NaN, Infinity, bigint, functions, dates, class instances) is
 * refused, so a value cannot hash differently on two machines.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error('Canonical JSON refuses a non-finite number');
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const members = Object.entries(value as Record<string, unknown>)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([name, member]) => `${JSON.stringify(name)}:${canonicalJson(member)}`);
    return `{${members.join(',')}}`;
  }
  throw new Error(`Canonical JSON refuses a value of type ${typeof value}`);
}
