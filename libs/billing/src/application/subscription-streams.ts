import { Inject, Injectable } from '@nestjs/common';
import { EVENT_STORE, deciderStreams, idNamespace, type EventIds, type EventStore } from '@arena/event-store';
import type { SubscriptionCommand } from '../domain/subscription.commands';
import { subscriptionDecider, type SubscriptionState } from '../domain/subscription.decider';
import { streamBusy } from '../domain/subscription.errors';
import { subscriptionStreamId, type SubscriptionEvent } from '../domain/subscription.events';

const billingIds = idNamespace('charity-arena:billing');

/**
 * The ids of what a provider event appends: the same webhook delivered again appends nothing. The first
 * keeps the name the ids were always derived from (`provider-event:{id}`), so events stored before stay
 * recognised.
 */
export const providerEventIds =
  (providerEventId: string): EventIds =>
  (index) =>
    billingIds.uuid(`provider-event:${providerEventId}${index === 0 ? '' : `#${index}`}`);

/** A member's `subscription-{memberId}` stream. */
@Injectable()
export class SubscriptionStreams {
  private readonly streams;

  constructor(@Inject(EVENT_STORE) store: EventStore) {
    this.streams = deciderStreams({
      store,
      decider: subscriptionDecider,
      streamId: (command: SubscriptionCommand) => subscriptionStreamId(command.data.memberId),
      busy: streamBusy,
    });
  }

  load(memberId: string): Promise<SubscriptionState> {
    return this.streams.load(subscriptionStreamId(memberId));
  }

  /** The events this provider event appended (none when it was delivered before). */
  async execute(command: SubscriptionCommand): Promise<SubscriptionEvent[]> {
    const decision = await this.streams.execute(command, providerEventIds(command.data.providerEventId));
    return decision.events;
  }
}
