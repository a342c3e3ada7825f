export { NotificationsModule, NotificationDeliveryModule } from './notifications.module';
export { NotificationsService } from './application/notifications.service';
export { OutboxQueries } from './infrastructure/outbox.queries';
export { EmailDeliveryProcessor } from './application/email-delivery.processor';
export { SmsDeliveryProcessor } from './application/sms-delivery.processor';
export { OutboxRelayService } from './application/outbox-relay.service';
export type { EmailMessage, SmsMessage } from './domain/message-senders';
export type { OutboxMessage, NotificationChannel } from './domain/outbox-message';
