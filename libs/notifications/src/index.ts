export { NotificationsModule, NotificationDeliveryModule } from './notifications.module';
export { NotificationsService } from './application/commands/notifications.service';
export { OutboxQueries } from './infrastructure/outbox.queries';
export { EmailDeliveryProcessor } from './application/reactions/email-delivery.processor';
export { SmsDeliveryProcessor } from './application/reactions/sms-delivery.processor';
export { OutboxRelayService } from './application/reactions/outbox-relay.service';
export type { EmailMessage, SmsMessage } from './domain/message-senders';
export type { OutboxMessage, NotificationChannel } from './domain/outbox-message';
