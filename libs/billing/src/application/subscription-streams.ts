import { Inject, Injectable } from '@nestjs/common';
import { DeciderStreams, EVENT_STORE, idNamespace, type EventIds, type EventStore } from '@arena/event-store';
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

/** A member's `subscription-{memberId}` stream, keyed by the member's id. */
@Injectable()
export class SubscriptionStreams extends DeciderStreams<
  SubscriptionCommand,
  SubscriptionEvent,
  SubscriptionState
> {
  constructor(@Inject(EVENT_STORE) store: EventStore) {
    super({
      store,
      decider: subscriptionDecider,
      streamId: subscriptionStreamId,
      keyOf: (command) => command.data.memberId,
      busy: streamBusy,
    });
  }
}
