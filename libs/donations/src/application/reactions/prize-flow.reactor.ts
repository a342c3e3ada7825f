import { Injectable } from '@nestjs/common';
import type { RecordedEvent } from '@arena/event-store';
import type { Reactor } from '@arena/projection-runner';
import { PrizeFlow } from './prize-flow';

/** When a prize is allocated or a balance directed, the money flow follows (run by the worker's reaction runner). */
@Injectable()
export class PrizeFlowReactor implements Reactor {
  /** The follower's checkpoint name, kept so a deployed worker resumes where it was. */
  readonly name = 'donations_prize_flow';
  readonly eventTypes = PrizeFlow.eventTypes;

  constructor(private readonly flow: PrizeFlow) {}

  react(event: RecordedEvent): Promise<void> {
    return this.flow.apply(event);
  }
}
