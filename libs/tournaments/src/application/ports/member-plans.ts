import type { Plan } from '../../domain/tournament.events';

/**
 * The plan a member holds now, which decides the tournaments they may join. A port: billing's
 * SubscriptionPlans (the member's subscription stream) answers it, wired in TournamentsModule.
 */
export abstract class MemberPlans {
  abstract planOf(memberId: string): Promise<Plan>;
}
