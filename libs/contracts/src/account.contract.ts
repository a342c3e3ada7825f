import { z } from 'zod';

/**
 * The rest of the profile (issue 13, spec §2 "Profile"): Transactions & Earnings, Security & Settings
 * (sign-ins, delete account) and Support.
 */

export const TRANSACTION_TYPES = [
  'subscription',
  'refund',
  'donation',
  'prize',
  'referral-reward',
  'referral-payout',
] as const;

/** One row of Transactions & Earnings: every money movement of the member, from the read models. */
export const memberTransaction = z
  .object({
    id: z.string(),
    date: z.iso.datetime(),
    type: z.enum(TRANSACTION_TYPES),
    description: z.string(),
    /** Positive money in (a reward), negative money out (a payment); a prize directed is 0-sum: shown as is. */
    amountCents: z.number().int(),
    status: z.string(),
    /** The provider's or our reference (invoice, receipt code, transfer), shown masked when it is a provider id. */
    reference: z.string().nullable(),
  })
  .meta({ id: 'MemberTransaction' });
export type MemberTransaction = z.infer<typeof memberTransaction>;
export const memberTransactions = z.array(memberTransaction).meta({ id: 'MemberTransactions' });

/** One active sign-in (a refresh-token family) of Security & Settings. */
export const signInSession = z
  .object({
    id: z.string(),
    createdAt: z.iso.datetime(),
    lastUsedAt: z.iso.datetime(),
    /** 'Chrome on macOS' from the user agent, or 'Unknown device'. */
    device: z.string(),
    /** The address, its last part hidden ('203.0.113.x'). */
    address: z.string().nullable(),
    current: z.boolean(),
  })
  .meta({ id: 'SignInSession' });
export const signInSessions = z.array(signInSession).meta({ id: 'SignInSessions' });

export const signOutOthersAnswer = z
  .object({ signedOut: z.number().int() })
  .meta({ id: 'SignOutOthersAnswer' });

/** Deleting the account: the member types their username to confirm. */
export const deleteAccountBody = z
  .object({ confirmUsername: z.string().trim().min(1, 'Type your username to confirm.').max(64) })
  .meta({ id: 'DeleteAccountBody' });
export const deleteAccountAnswer = z
  .object({ erasesAt: z.iso.datetime() })
  .meta({ id: 'DeleteAccountAnswer' });

export const SUPPORT_TOPICS = [
  'billing',
  'donations',
  'tournaments',
  'account',
  'report-issue',
  'other',
] as const;
export const supportMessageBody = z
  .object({
    topic: z.enum(SUPPORT_TOPICS, { error: 'Choose a topic.' }),
    subject: z
      .string()
      .trim()
      .min(3, 'Write a subject of at least 3 characters.')
      .max(120, 'Keep the subject under 120 characters.'),
    message: z
      .string()
      .trim()
      .min(10, 'Write at least 10 characters so we can help.')
      .max(5000, 'Keep the message under 5,000 characters.'),
  })
  .meta({ id: 'SupportMessageBody' });
export type SupportMessageBody = z.input<typeof supportMessageBody>;
export const supportMessageAnswer = z.object({ ticket: z.string() }).meta({ id: 'SupportMessageAnswer' });
