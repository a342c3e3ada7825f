import type { Type } from '@nestjs/common';
import { DonationsWorkerModule, PrizeFlowReactor } from '@arena/donations';
import type { Reactions, Reactor } from '@arena/projection-runner';
import { ReferralAccrualReactor, ReferralsWorkerModule } from '@arena/referrals';

/**
 * Every reactor the worker runs ("when X happens, do Y"), and the modules that provide them. Who reacts
 * to which event, with the webhook handlers and job processors beside them: docs/reactions.md.
 */
export const reactors: readonly Type<Reactor>[] = [PrizeFlowReactor, ReferralAccrualReactor];

export const reactions: Reactions = {
  imports: [DonationsWorkerModule, ReferralsWorkerModule],
  reactors,
};
