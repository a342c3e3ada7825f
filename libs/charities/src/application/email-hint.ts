/** "desk@example.org" → "d***@example.org": enough for the manager to recognize, too little to harvest. */
export function emailHint(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email[0]}***${email.slice(at)}`;
}
