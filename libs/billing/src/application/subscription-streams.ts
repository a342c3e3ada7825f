import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { EVENT_STORE, WrongExpectedRevisionError, type EventStore } from '@arena/event-store';
import type { SubscriptionCommand } from '../domain/subscription.commands';
import { subscriptionDecider, type SubscriptionState } from '../domain/subscription.decider';
import { streamBusy } from '../domain/subscription.errors';
import { subscriptionStreamId, type SubscriptionEvent } from '../domain/subscription.events';

const NAMESPACE = 'charity-arena:billing';

/** Name-based UUID (version 5 layout, SHA-1 over a fixed namespace). */
export function nameBasedUuid(name: string): string {
  const bytes = createHash('sha1').update(NAMESPACE).update('\0').update(name).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The id of the event a provider event appends: the same webhook delivered again appends nothing. */
export const subscriptionEventId = (providerEventId: string) =>
  nameBasedUuid(`provider-event:${providerEventId}`);

const MAX_ATTEMPTS = 10;

/**
 * Loads a member's subscription stream, decides, appends with the expected revision (a concurrent
 * append makes it decide again). Commands on one stream run one at a time in this process, so a burst
 * of the same webhook costs no conflicts; across processes the derived event id and the expected
 * revision keep it to one event.
 */
@Injectable()
export class SubscriptionStreams {
  private readonly lanes = new Map<string, Promise<unknown>>();

  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async load(memberId: string): Promise<SubscriptionState> {
    return (await this.read(subscriptionStreamId(memberId))).state;
  }

  execute(command: SubscriptionCommand): Promise<SubscriptionEvent[]> {
    const streamId = subscriptionStreamId(command.data.memberId);
    const previous = this.lanes.get(streamId) ?? Promise.resolve();
    const run = previous.then(
      () => this.decideAndAppend(streamId, command),
      () => this.decideAndAppend(streamId, command),
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
    command: SubscriptionCommand,
  ): Promise<SubscriptionEvent[]> {
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const { state, revision } = await this.read(streamId);
      const events = subscriptionDecider.decide(command, state);
      if (events.length === 0) return [];
      try {
        const result = await this.store.appendToStream(
          streamId,
          events.map((event) => ({
            id: subscriptionEventId(event.data.providerEventId),
            type: event.type,
            data: event.data,
          })),
          { expectedRevision: revision < 0 ? 'no_stream' : revision },
        );
        // These derived ids were stored already (a redelivered webhook): nothing was appended now.
        if (result.nextExpectedRevision !== revision + events.length) return [];
        return events;
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
      }
    }
    throw streamBusy();
  }

  private async read(streamId: string): Promise<{ state: SubscriptionState; revision: number }> {
    const recorded = await this.store.readStream(streamId);
    return {
      state: recorded.reduce(
        (state, event) =>
          subscriptionDecider.evolve(state, { type: event.type, data: event.data } as SubscriptionEvent),
        subscriptionDecider.initialState,
      ),
      revision: recorded.length === 0 ? -1 : recorded[recorded.length - 1]!.revision,
    };
  }
}
