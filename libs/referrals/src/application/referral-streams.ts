import { Inject, Injectable } from '@nestjs/common';
import { EVENT_STORE, WrongExpectedRevisionError, type EventStore } from '@arena/event-store';
import type { ReferralCommand } from '../domain/referral.commands';
import { referralDecider, type ReferralState } from '../domain/referral.decider';
import { streamBusy } from '../domain/referral.errors';
import { referralStreamId, type ReferralEvent } from '../domain/referral.events';
import type { EventIds } from './referral-ids';

export interface Decision {
  /** Events this command appended (none when its effect had already happened). */
  events: ReferralEvent[];
  state: ReferralState;
}

const MAX_ATTEMPTS = 10;

/**
 * A referrer's stream: loads it, decides, appends with the expected revision; a concurrent append makes
 * it decide again on the new events. Commands on one stream run one at a time in this process. Derived
 * event ids make a replayed cause append nothing.
 */
@Injectable()
export class ReferralStreams {
  private readonly lanes = new Map<string, Promise<unknown>>();

  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async load(referrerId: string): Promise<ReferralState> {
    return (await this.read(referralStreamId(referrerId))).state;
  }

  execute(command: ReferralCommand, eventIds: EventIds): Promise<Decision> {
    const streamId = referralStreamId(command.data.referrerId);
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

  private async decideAndAppend(
    streamId: string,
    command: ReferralCommand,
    eventIds: EventIds,
  ): Promise<Decision> {
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const { state, revision } = await this.read(streamId);
      const events = referralDecider.decide(command, state);
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
        return { events, state: events.reduce(referralDecider.evolve, state) };
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
      }
    }
    throw streamBusy();
  }

  private async read(streamId: string): Promise<{ state: ReferralState; revision: number }> {
    const recorded = await this.store.readStream(streamId);
    return {
      state: recorded.reduce(
        (state, event) =>
          referralDecider.evolve(state, { type: event.type, data: event.data } as ReferralEvent),
        referralDecider.initialState,
      ),
      revision: recorded.length === 0 ? -1 : recorded[recorded.length - 1]!.revision,
    };
  }
}
