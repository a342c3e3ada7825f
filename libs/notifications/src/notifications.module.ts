import { Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@arena/config';
import { DevMailboxQuery } from './application/queries/dev-mailbox.query';
import { EmailDeliveryProcessor } from './application/reactions/email-delivery.processor';
import { NotificationsService } from './application/commands/notifications.service';
import { OutboxRelayService } from './application/reactions/outbox-relay.service';
import { SmsDeliveryProcessor } from './application/reactions/sms-delivery.processor';
import { EMAIL_SENDER, SMS_SENDER, type EmailSender } from './domain/message-senders';
import { DevMailboxController } from './infrastructure/dev-mailbox.controller';
import { HttpSmsSender } from './infrastructure/http-sms.sender';
import { LocalOutboxSender } from './infrastructure/local-outbox.sender';
import { OutboxQueries } from './infrastructure/outbox.queries';
import { SmtpEmailSender } from './infrastructure/smtp-email.sender';

/**
 * Email and SMS: `NotificationsService` stores a message and queues its delivery (needs the global
 * JobsModule); the processors deliver it in the worker. With no SMTP_URL / SMS_PROVIDER_URL the
 * local outbox driver takes that channel and `/api/dev/mailbox` shows its messages.
 */
@Module({
  controllers: [DevMailboxController],
  providers: [
    OutboxQueries,
    NotificationsService,
    DevMailboxQuery,
    EmailDeliveryProcessor,
    SmsDeliveryProcessor,
    {
      provide: EMAIL_SENDER,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) =>
        config.SMTP_URL ? new SmtpEmailSender(config.SMTP_URL, config.MAIL_FROM) : new LocalOutboxSender(),
    },
    {
      provide: SMS_SENDER,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) =>
        config.SMS_PROVIDER_URL
          ? new HttpSmsSender(config.SMS_PROVIDER_URL, config.SMS_PROVIDER_API_KEY, config.SMS_FROM)
          : new LocalOutboxSender(),
    },
  ],
  exports: [NotificationsService, OutboxQueries, EmailDeliveryProcessor, SmsDeliveryProcessor],
})
export class NotificationsModule implements OnApplicationShutdown {
  constructor(@Inject(EMAIL_SENDER) private readonly email: EmailSender) {}

  onApplicationShutdown() {
    if (this.email instanceof SmtpEmailSender) this.email.close();
  }
}

/** The worker's part: NotificationsModule plus the relay that re-queues messages whose job never got queued. */
@Module({
  imports: [NotificationsModule],
  providers: [OutboxRelayService],
  exports: [NotificationsModule],
})
export class NotificationDeliveryModule {}
