import { Inject, Injectable } from '@nestjs/common';
import { EVENT_STORE, START, type EventStore, type RecordedEvent } from '@arena/event-store';
import type { DonationDirected } from '../domain/donation.events';

const PAGE = 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Questions the jobs ask of the whole donation log, answered from the event store (not the read
 * model, which may lag): the answers only pick candidates, each donation's own stream decides.
 */
@Injectable()
export class DonationLog {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  /** Donations that may be in the pool or held: received or directed, or failed back to held. */
  async openDonationIds(): Promise<string[]> {
    const open = new Set<string>();
    await this.scan((event) => {
      const { donationId } = event.data as { donationId: string };
      if (['DonationReceived', 'DonationDirected', 'DonationTransferFailed'].includes(event.type))
        open.add(donationId);
      if (event.type === 'PayoutCleared') open.delete(donationId);
    });
    return [...open];
  }

  /** Cents directed per charity: by winners over the last `days` days, and by anyone ever. */
  async directedTotals(now: Date, days: number) {
    const byWinners = new Map<string, number>();
    const all = new Map<string, number>();
    const since = now.getTime() - days * DAY_MS;
    await this.scan((event) => {
      if (event.type !== 'DonationDirected') return;
      const data = event.data as DonationDirected['data'];
      all.set(data.charityEin, (all.get(data.charityEin) ?? 0) + data.amountCents);
      if (data.directedBy.kind === 'winner' && Date.parse(data.directedAt) >= since)
        byWinners.set(data.charityEin, (byWinners.get(data.charityEin) ?? 0) + data.amountCents);
    });
    return { byWinners, all };
  }

  private async scan(visit: (event: RecordedEvent) => void): Promise<void> {
    let after = START;
    for (;;) {
      const page = await this.store.readAll({ after, maxCount: PAGE });
      for (const event of page) if (event.streamId.startsWith('donation-')) visit(event);
      if (page.length < PAGE) return;
      after = page[page.length - 1]!.position;
    }
  }
}
