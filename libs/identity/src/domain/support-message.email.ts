import { escapeHtml } from '@arena/text';
import type { SupportTopic } from './support-topic';

/**
 * The two emails of a support message: one to the support inbox, one confirming to the member. The
 * subject line holds only our words, the topic and the ticket (the member's subject is flattened to one
 * printable line, so it cannot start a header); the message keeps its lines in the text part and is
 * escaped in the HTML part.
 */
export interface SupportMessageInput {
  ticket: string;
  member: { id: string; username: string; email: string };
  topic: SupportTopic;
  subject: string;
  message: string;
  sentAt: Date;
}

export interface SupportEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** One line of printable text: control and format characters become spaces, runs of space one. */
export function oneLine(value: string): string {
  return value
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The message's own lines, without control characters other than the line break. */
export function messageLines(value: string): string[] {
  return value
    .replace(/\r\n?/g, '\n')
    .replace(/[\p{Zl}\p{Zp}]/gu, '\n')
    .replace(/[^\S\n]+|[\p{Cc}\p{Cf}]/gu, (match) => (match === '\n' ? match : ' '))
    .split('\n')
    .map((line) => line.trimEnd());
}

const htmlParagraphs = (lines: string[]) =>
  lines.map((line) => (line === '' ? '<br>' : `<p>${escapeHtml(line)}</p>`)).join('');

export function supportInboxEmail(input: SupportMessageInput, supportEmail: string): SupportEmail {
  const subject = oneLine(input.subject);
  const lines = messageLines(input.message);
  const facts: Array<[string, string]> = [
    ['Ticket', input.ticket],
    ['Member id', input.member.id],
    ['Username', input.member.username],
    ['Email', input.member.email],
    ['Topic', input.topic],
    ['Subject', subject],
    ['Sent', input.sentAt.toISOString()],
  ];
  return {
    to: supportEmail,
    subject: `[${input.ticket}] Support (${input.topic}) from @${oneLine(input.member.username)}`,
    text: [...facts.map(([name, value]) => `${name}: ${oneLine(value)}`), '', ...lines].join('\n'),
    html:
      `<dl>${facts.map(([name, value]) => `<dt>${name}</dt><dd>${escapeHtml(oneLine(value))}</dd>`).join('')}</dl>` +
      htmlParagraphs(lines),
  };
}

export function supportConfirmationEmail(input: SupportMessageInput): SupportEmail {
  const subject = oneLine(input.subject);
  const intro =
    `We received your message and will answer by email. Your ticket number is ${input.ticket}; ` +
    'mention it if you write to us again about this.';
  return {
    to: input.member.email,
    subject: `We received your message (${input.ticket})`,
    text: `Hello @${oneLine(input.member.username)},\n\n${intro}\n\nSubject: ${subject}\n\nCharity Arena Support`,
    html:
      `<p>Hello @${escapeHtml(oneLine(input.member.username))},</p><p>${escapeHtml(intro)}</p>` +
      `<p>Subject: ${escapeHtml(subject)}</p><p>Charity Arena Support</p>`,
  };
}
