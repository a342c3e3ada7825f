import { Injectable } from '@nestjs/common';
import type { Plan } from '../../domain/tournament.events';

/**
 * The plan a member holds now, which decides the tournaments they may join. A port so the
 * subscriptions issue replaces the provider without touching tournaments.
 */
export abstract class MemberPlans {
  abstract planOf(memberId: string): Promise<Plan>;
}

/** Until subscriptions exist every member is on the Free plan. Replaced by the subscriptions issue. */
@Injectable()
export class EveryoneFreeMemberPlans extends MemberPlans {
  planOf(): Promise<Plan> {
    return Promise.resolve('FREE');
  }
}
