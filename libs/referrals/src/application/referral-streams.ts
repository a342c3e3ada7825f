import { Inject, Injectable } from '@nestjs/common';
import {
  EVENT_STORE,
  deciderStreams,
  type Decision,
  type EventIds,
  type EventStore,
} from '@arena/event-store';
import type { ReferralCommand } from '../domain/referral.commands';
import { referralDecider, type ReferralState } from '../domain/referral.decider';
import { streamBusy } from '../domain/referral.errors';
import { referralStreamId, type ReferralEvent } from '../domain/referral.events';

/** A referrer's `referral-{referrerId}` stream. */
@Injectable()
export class ReferralStreams {
  private readonly streams;

  constructor(@Inject(EVENT_STORE) store: EventStore) {
    this.streams = deciderStreams({
      store,
      decider: referralDecider,
      streamId: (command: ReferralCommand) => referralStreamId(command.data.referrerId),
      busy: streamBusy,
    });
  }

  load(referrerId: string): Promise<ReferralState> {
    return this.streams.load(referralStreamId(referrerId));
  }

  execute(command: ReferralCommand, eventIds: EventIds): Promise<Decision<ReferralEvent, ReferralState>> {
    return this.streams.execute(command, eventIds);
  }
}
