import { Inject, Injectable } from '@nestjs/common';
import { DeciderStreams, EVENT_STORE, type EventStore } from '@arena/event-store';
import type { CharityCommand } from '../domain/charity.commands';
import { charityDecider, type CharityState } from '../domain/charity.decider';
import { streamBusy } from '../domain/charity.errors';
import { charityStreamId, type CharityEvent } from '../domain/charity.events';

/**
 * A charity's `charity-{ein}` stream, keyed by EIN. It sees a handful of events in its life, so nothing
 * is cached: each command reads the stream.
 */
@Injectable()
export class CharityStreamRepository extends DeciderStreams<CharityCommand, CharityEvent, CharityState> {
  constructor(@Inject(EVENT_STORE) store: EventStore) {
    super({
      store,
      decider: charityDecider,
      streamId: charityStreamId,
      keyOf: (command) => command.data.ein,
      busy: streamBusy,
    });
  }
}
