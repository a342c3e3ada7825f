export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  /** An HTML alternative of `text`, already escaped by whoever built it. */
  html?: string;
}

export interface SmsMessage {
  to: string;
  text: string;
}

/** Port for email delivery; `name` is recorded on the outbox row that it delivered. */
export interface EmailSender {
  readonly name: string;
  send(message: EmailMessage): Promise<void>;
}

export interface SmsSender {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
}

export const EMAIL_SENDER = Symbol('EMAIL_SENDER');
export const SMS_SENDER = Symbol('SMS_SENDER');
