/** The spec's rules: a plus and 8 to 15 digits at sign-up (E.164), 8 to 20 when logging in. */
export const SIGN_UP_PHONE = /^\+\d{8,15}$/;
export const LOGIN_PHONE = /^\+\d{8,20}$/;

/** Spaces and the usual separators are dropped so `+1 (415) 555-2671` is stored as `+14155552671`. */
export function compactPhone(raw: string): string {
  return raw.replace(/[\s().-]/g, '');
}

/** Emails compare case-insensitively (citext in the database); rate-limit keys need the same folding. */
export function identifierKey(identifier: string): string {
  return identifier.trim().toLowerCase();
}
