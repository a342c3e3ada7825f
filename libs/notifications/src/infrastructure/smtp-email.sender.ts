import { createTransport, type Transporter } from 'nodemailer';
import type { EmailMessage, EmailSender } from '../domain/message-senders';

export class SmtpEmailSender implements EmailSender {
  readonly name = 'smtp';
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = createTransport(smtpUrl);
  }

  async send(message: EmailMessage): Promise<void> {
    await this.transport.sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.html === undefined ? {} : { html: message.html }),
    });
  }

  close(): void {
    this.transport.close();
  }
}
