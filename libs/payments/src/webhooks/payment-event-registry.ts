import { Injectable } from '@nestjs/common';
import { PaymentEventHandlers, type PaymentEventHandler } from '../payments.port';

/** The handlers contexts registered, by event type; the webhook service reads it per event. */
@Injectable()
export class PaymentEventRegistry extends PaymentEventHandlers {
  private readonly handlers: PaymentEventHandler[] = [];

  register(handler: PaymentEventHandler): void {
    if (!this.handlers.includes(handler)) this.handlers.push(handler);
  }

  handlersFor(type: string): PaymentEventHandler[] {
    return this.handlers.filter((handler) => handler.eventTypes.includes(type));
  }
}
