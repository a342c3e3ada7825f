import type { NotificationChannel, OutboxMessage } from '../domain/outbox-message';
import type { OutboxQueries } from '../infrastructure/outbox.queries';

/**
 * The delivered_at guard that makes a delivery job safe to run again: a message already delivered
 * is skipped; a failure is recorded and rethrown so BullMQ retries it with backoff.
 */
export async function deliverOnce(
  outbox: OutboxQueries,
  messageId: string,
  channel: NotificationChannel,
  senderName: string,
  send: (message: OutboxMessage) => Promise<void>,
): Promise<string> {
  const message = await outbox.find(messageId);
  if (!message || message.channel !== channel) return `no ${channel} message ${messageId}: nothing to do`;
  if (message.deliveredAt) return `${channel} message ${messageId} was already delivered`;
  try {
    await send(message);
  } catch (error) {
    await outbox.recordFailure(messageId, error instanceof Error ? error.message : String(error));
    throw error;
  }
  await outbox.markDelivered(messageId, senderName);
  return `delivered ${channel} message ${messageId} by ${senderName}`;
}
