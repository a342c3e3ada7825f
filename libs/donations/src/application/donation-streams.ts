import { Inject, Injectable } from '@nestjs/common';
import { EVENT_STORE, WrongExpectedRevisionError, type EventStore } from '@arena/event-store';
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
import type { EventIds } from './donation-ids';

interface Decider<C, E, S> {
  decide(command: C, state: S): E[];
  evolve(state: S, event: E): S;
  initialState: S;
}

export interface Decision<E, S> {
  /** Events this command appended (none when its effect had already happened). */
  events: E[];
  state: S;
}

const MAX_ATTEMPTS = 10;

/**
 * Loads a stream, decides, appends with the expected revision; a concurrent append makes it decide
 * again on the new events. Commands on one stream run one at a time in this process, so a burst of the
 * same webhook or request costs no conflicts. Derived event ids make a replayed cause append nothing.
 */
class StreamRepository<C, E extends { type: string; data: unknown }, S> {
  private readonly lanes = new Map<string, Promise<unknown>>();

  constructor(
    private readonly store: EventStore,
    private readonly decider: Decider<C, E, S>,
  ) {}

  async load(streamId: string): Promise<S> {
    return (await this.read(streamId)).state;
  }

  execute(streamId: string, command: C, eventIds: EventIds): Promise<Decision<E, S>> {
    const previous = this.lanes.get(streamId) ?? Promise.resolve();
    const run = previous.then(
      () => this.decideAndAppend(streamId, command, eventIds),
      () => this.decideAndAppend(streamId, command, eventIds),
    );
    const settled = run.catch(() => undefined);
    this.lanes.set(streamId, settled);
    void settled.then(() => {
      if (this.lanes.get(streamId) === settled) this.lanes.delete(streamId);
    });
    return run;
  }

  private async decideAndAppend(streamId: string, command: C, eventIds: EventIds): Promise<Decision<E, S>> {
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const { state, revision } = await this.read(streamId);
      const events = this.decider.decide(command, state);
      if (events.length === 0) return { events, state };
      try {
        const result = await this.store.appendToStream(
          streamId,
          events.map((event, index) => ({ id: eventIds(index), type: event.type, data: event.data })),
          { expectedRevision: revision < 0 ? 'no_stream' : revision },
        );
        if (result.nextExpectedRevision !== revision + events.length) {
          // These derived ids were stored already (a replayed cause): nothing was appended now.
          return { events: [], state: (await this.read(streamId)).state };
        }
        return { events, state: events.reduce(this.decider.evolve, state) };
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
      }
    }
    throw streamBusy();
  }

  private async read(streamId: string): Promise<{ state: S; revision: number }> {
    const recorded = await this.store.readStream(streamId);
    return {
      state: recorded.reduce(
        (state, event) => this.decider.evolve(state, { type: event.type, data: event.data } as E),
        this.decider.initialState,
      ),
      revision: recorded.length === 0 ? -1 : recorded[recorded.length - 1]!.revision,
    };
  }
}

/** The two kinds of stream of the money flow: `donation-{id}` and `prize-balance-{memberId}`. */
@Injectable()
export class DonationStreams {
  private readonly donations: StreamRepository<DonationCommand, DonationEvent, DonationState>;
  private readonly balances: StreamRepository<PrizeBalanceCommand, PrizeBalanceEvent, PrizeBalance>;

  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {
    this.donations = new StreamRepository(store, donationDecider);
    this.balances = new StreamRepository(store, prizeBalanceDecider);
  }

  loadDonation(donationId: string) {
    return this.donations.load(donationStreamId(donationId));
  }

  donation(command: DonationCommand, eventIds: EventIds) {
    return this.donations.execute(donationStreamId(command.data.donationId), command, eventIds);
  }

  loadBalance(memberId: string) {
    return this.balances.load(prizeBalanceStreamId(memberId));
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
    return this.balances.execute(prizeBalanceStreamId(command.data.memberId), command, eventIds);
  }
}
