export type NotificationChannel = 'email' | 'sms';

/** A message as the outbox keeps it: stored first, delivered by a job, never deleted by delivery. */
export interface OutboxMessage {
  id: string;
  channel: NotificationChannel;
  recipient: string;
  subject: string | null;
  body: string;
  /** The HTML alternative of an email's body, when it has one. */
  htmlBody?: string | null;
  createdAt: Date;
  deliveredAt: Date | null;
  deliveredBy: string | null;
  attempts: number;
  lastError: string | null;
}
