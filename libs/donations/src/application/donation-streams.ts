import { Inject, Injectable } from '@nestjs/common';
import { EVENT_STORE, DeciderStreams, type EventIds, type EventStore } from '@arena/event-store';
import type { DonationCommand } from '../domain/donation.commands';
import { donationDecider, type DonationState } from '../domain/donation.decider';
import { streamBusy } from '../domain/donation.errors';
import {
  donationStreamId,
  prizeBalanceStreamId,
  type DonationEvent,
  type PrizeBalanceDirected,
  type PrizeBalanceEvent,
} from '../domain/donation.events';
import type { PrizeBalanceCommand } from '../domain/prize-balance.commands';
import { prizeBalanceDecider, type PrizeBalance } from '../domain/prize-balance.decider';

/** The two kinds of stream of the money flow: `donation-{id}` and `prize-balance-{memberId}`. */
@Injectable()
export class DonationStreams {
  private readonly donations: DeciderStreams<DonationCommand, DonationEvent, DonationState>;
  private readonly balances: DeciderStreams<PrizeBalanceCommand, PrizeBalanceEvent, PrizeBalance>;

  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {
    this.donations = new DeciderStreams({
      store,
      decider: donationDecider,
      streamId: donationStreamId,
      keyOf: (command) => command.data.donationId,
      busy: streamBusy,
    });
    this.balances = new DeciderStreams({
      store,
      decider: prizeBalanceDecider,
      streamId: prizeBalanceStreamId,
      keyOf: (command) => command.data.memberId,
      busy: streamBusy,
    });
  }

  loadDonation(donationId: string) {
    return this.donations.load(donationId);
  }

  donation(command: DonationCommand, eventIds: EventIds) {
    return this.donations.execute(command, eventIds);
  }

  loadBalance(memberId: string) {
    return this.balances.load(memberId);
  }

  /** The balance's direction that opened this donation, as stored. */
  async balanceDirection(memberId: string, donationId: string): Promise<PrizeBalanceDirected['data'] | null> {
    const events = await this.store.readStream(prizeBalanceStreamId(memberId));
    const found = events.find(
      (event) =>
        event.type === 'PrizeBalanceDirected' &&
        (event.data as PrizeBalanceDirected['data']).donationId === donationId,
    );
    return found ? (found.data as PrizeBalanceDirected['data']) : null;
  }

  balance(command: PrizeBalanceCommand, eventIds: EventIds) {
    return this.balances.execute(command, eventIds);
  }
}
