import { Inject, Injectable } from '@nestjs/common';
import { DeciderStreams, EVENT_STORE, type EventStore } from '@arena/event-store';
import type { ReferralCommand } from '../domain/referral.commands';
import { referralDecider, type ReferralState } from '../domain/referral.decider';
import { streamBusy } from '../domain/referral.errors';
import { referralStreamId, type ReferralEvent } from '../domain/referral.events';

/** A referrer's `referral-{referrerId}` stream, keyed by the referrer's id. */
@Injectable()
export class ReferralStreams extends DeciderStreams<ReferralCommand, ReferralEvent, ReferralState> {
  constructor(@Inject(EVENT_STORE) store: EventStore) {
    super({
      store,
      decider: referralDecider,
      streamId: referralStreamId,
      keyOf: (command) => command.data.referrerId,
      busy: streamBusy,
    });
  }
}
