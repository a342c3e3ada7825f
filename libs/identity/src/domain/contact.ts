/** Emails compare case-insensitively (citext in the database); rate-limit keys need the same folding. */
export function identifierKey(identifier: string): string {
  return identifier.trim().toLowerCase();
}
