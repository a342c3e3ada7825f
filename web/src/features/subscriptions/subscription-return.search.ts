import type { PlanType } from '@arena/contracts';
import { oneOf, searchSchema, text } from '../../lib/search-params';

/**
 * The plans a return URL may name. Written out here, not taken from the contracts' `PLANS`, whose module
 * builds every tournament schema with full zod: these routes' search readers ride in the first bundle.
 */
const PLANS_IN_URL = ['FREE', 'PREMIUM', 'PREMIUM_PLUS'] as const satisfies readonly PlanType[];
// Fails to compile when a plan is added to the contracts and not here.
const everyPlan: [Exclude<PlanType, (typeof PLANS_IN_URL)[number]>] extends [never] ? true : never = true;
void everyPlan;

const sessionId = text({ max: 200 });

/** `/subscription/success?session_id=…&plan=…`: where the provider's checkout comes back to. */
export const subscriptionSuccessSearch = searchSchema({
  session_id: sessionId,
  plan: oneOf(PLANS_IN_URL),
});

/** `/subscription/cancel?session_id=…&reason=…`: a checkout the member left. */
export const subscriptionCancelSearch = searchSchema({
  session_id: sessionId,
  reason: text({ max: 200 }),
});
