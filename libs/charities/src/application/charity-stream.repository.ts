import { Inject, Injectable } from '@nestjs/common';
import {
  EVENT_STORE,
  deciderStreams,
  type Decision,
  type EventIds,
  type EventStore,
} from '@arena/event-store';
import type { CharityCommand } from '../domain/charity.commands';
import { charityDecider, type CharityState } from '../domain/charity.decider';
import { streamBusy } from '../domain/charity.errors';
import { charityStreamId, type CharityEvent } from '../domain/charity.events';

export type CharityDecision = Decision<CharityEvent, CharityState>;

/**
 * A charity's `charity-{ein}` stream. It sees a handful of events in its life, so nothing is cached:
 * each command reads the stream.
 */
@Injectable()
export class CharityStreamRepository {
  private readonly streams;

  constructor(@Inject(EVENT_STORE) store: EventStore) {
    this.streams = deciderStreams({
      store,
      decider: charityDecider,
      streamId: (command: CharityCommand) => charityStreamId(command.data.ein),
      busy: streamBusy,
    });
  }

  load(ein: string): Promise<CharityState> {
    return this.streams.load(charityStreamId(ein));
  }

  execute(command: CharityCommand, eventIds: EventIds): Promise<CharityDecision> {
    return this.streams.execute(command, eventIds);
  }
}
