import { Inject, Injectable } from '@nestjs/common';
import { DONATION_EVENT_TYPES, type DonationEvent } from '@arena/donations/events';
import { EVENT_STORE, START, type EventStore, type GlobalPosition } from '@arena/event-store';
import type { LedgerEvent } from '../../domain/ledger-csv';
import type { MoneyEvent } from '../../domain/reconciliation';

/** What reconciliation reads besides the donations' events: subscription payments and refunds, reversals. */
const RECONCILED = new Set<string>([
  ...DONATION_EVENT_TYPES,
  'SubscriptionPaymentSucceeded',
  'PaymentRefunded',
]);

const PAGE = 1000;
const MONEY_EVENTS = new Set<string>(DONATION_EVENT_TYPES);

/**
 * The money events in ledger order, read from the event store (the donation-ledger read model's order is
 * the same global order; this reader can move to its queries once they serve every column we need).
 */
@Injectable()
export class DonationEventsReader {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  /** Every money event reconciliation compares with the provider, in global order. */
  async moneyEvents(): Promise<MoneyEvent[]> {
    const events: MoneyEvent[] = [];
    let after: GlobalPosition = START;
    for (;;) {
      const page = await this.store.readAll({ after, maxCount: PAGE });
      for (const recorded of page) {
        if (RECONCILED.has(recorded.type)) {
          events.push({ type: recorded.type, data: recorded.data } as MoneyEvent);
        }
      }
      const last = page.at(-1);
      if (!last || page.length < PAGE) return events;
      after = last.position;
    }
  }

  async all(): Promise<LedgerEvent[]> {
    const events: LedgerEvent[] = [];
    let after: GlobalPosition = START;
    for (;;) {
      const page = await this.store.readAll({ after, maxCount: PAGE });
      for (const recorded of page) {
        if (MONEY_EVENTS.has(recorded.type)) {
          events.push({
            id: recorded.id,
            at: recorded.createdAt,
            event: { type: recorded.type, data: recorded.data } as DonationEvent,
          });
        }
      }
      const last = page.at(-1);
      if (!last || page.length < PAGE) return events;
      after = last.position;
    }
  }
}
