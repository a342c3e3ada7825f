/** What Security & Settings and Support answer (no spec sentences exist for these; kept in one place). */
export const AccountMessages = {
  signedOutOthers: 'Signed out of your other sessions.',
  usernameMismatch: 'The username does not match your account.',
  accountClosed:
    'Your account is closed. Your personal data will be erased in 30 days; ledger entries are kept anonymised.',
  supportMessageSent: 'Your message was sent. We emailed you a confirmation with your ticket number.',
  tooManySupportMessages: 'You have sent several messages in the last hour. Please try again later.',
} as const;

/** Days between closing an account and erasing its personal data (the privacy policy's 30 days). */
export const ERASE_AFTER_DAYS = 30;

/** The name an erased member goes by: usernames cannot hold '-', so it never collides with a member's. */
export const erasedName = (accountId: string) => `deleted-${accountId.replace(/-/g, '').slice(0, 12)}`;
