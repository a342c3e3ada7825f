/**
 * The invitation email (spec §3, §5). Everything in it but our own words is typed by a stranger: each
 * value is flattened to one line of printable text (no control characters, so nothing can start a
 * header or forge a paragraph), capped, and HTML-escaped in the HTML part.
 */
import { escapeHtml } from '@arena/text';
export interface InvitationEmailInput {
  /** The inviter's username; undefined for a guest (a stranger's claimed name never signs our email). */
  inviter: string | undefined;
  /** The modal's name field: whom to greet at the charity (may be empty). */
  recipientName: string;
  organizationName: string;
  ein: string | undefined;
  publicUrl: string;
}

export interface InvitationEmail {
  subject: string;
  text: string;
  html: string;
}

export const ANONYMOUS_INVITER = 'A Charity Arena member';

/** One line of printable text: control and format characters become spaces, runs of space one. */
export function oneLine(value: string, max: number): string {
  const flat = value
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

export function onboardingLink(publicUrl: string, ein: string | undefined): string {
  const url = new URL('/charity-onboarding', publicUrl);
  if (ein) url.searchParams.set('ein', ein);
  return url.toString();
}

export function invitationEmail(input: InvitationEmailInput): InvitationEmail {
  const inviter = oneLine(input.inviter ?? '', 60) || ANONYMOUS_INVITER;
  const organization = oneLine(input.organizationName, 120);
  const greeting = oneLine(input.recipientName, 60) || organization;
  const link = onboardingLink(input.publicUrl, input.ein);
  // Our words only: a stranger's text never reaches a header.
  const subject = 'Your charity is invited to Charity Arena';
  const paragraphs = [
    `Hello ${greeting},`,
    `${inviter} invited ${organization} to Charity Arena, where players compete in skill tournaments and direct their winnings to the charities they choose.`,
    'Onboard your organization to receive those donations: confirm your details, link a payout account and verify your email. It takes a few minutes.',
  ];
  const text = [...paragraphs, `Start onboarding: ${link}`, '— Charity Arena'].join('\n\n');
  const html = [
    ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    `<p><a href="${escapeHtml(link)}">Start onboarding</a></p>`,
    '<p>— Charity Arena</p>',
  ].join('\n');
  return { subject, text, html };
}
