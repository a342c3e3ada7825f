/** A high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const MALFORMED_TEXT_MESSAGE = 'Text must not contain NUL characters or unpaired surrogates';

/** PostgreSQL can store neither in text or jsonb, and no honest client sends them. */
export const isWellFormedText = (text: string) => !text.includes('\u0000') && !LONE_SURROGATE.test(text);

/**
 * True when every string in `value` (object keys included) is well-formed. Walks with an explicit
 * stack, so a deeply nested body cannot exhaust the call stack.
 */
export function holdsOnlyWellFormedText(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (!isWellFormedText(next)) return false;
    } else if (Array.isArray(next)) {
      pending.push(...next);
    } else if (next !== null && typeof next === 'object' && !Buffer.isBuffer(next)) {
      for (const [key, inner] of Object.entries(next)) {
        if (!isWellFormedText(key)) return false;
        pending.push(inner);
      }
    }
  }
  return true;
}
