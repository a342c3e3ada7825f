import * as z from 'zod/mini';
import type { PlanType } from '@arena/contracts';

/**
 * The plans a return URL may name. Written out here, not taken from the contracts' `PLANS`, whose module
 * builds every tournament schema with full zod: these routes' search schemas ride in the first bundle.
 */
const PLANS_IN_URL = ['FREE', 'PREMIUM', 'PREMIUM_PLUS'] as const satisfies readonly PlanType[];
// Fails to compile when a plan is added to the contracts and not here.
const everyPlan: [Exclude<PlanType, (typeof PLANS_IN_URL)[number]>] extends [never] ? true : never = true;
void everyPlan;

const sessionId = z.catch(z.optional(z.string().check(z.maxLength(200))), undefined);

/** `/subscription/success?session_id=…&plan=…`: where the provider's checkout comes back to. */
export const subscriptionSuccessSearch = z.object({
  session_id: sessionId,
  plan: z.catch(z.optional(z.enum(PLANS_IN_URL)), undefined),
});

/** `/subscription/cancel?session_id=…&reason=…`: a checkout the member left. */
export const subscriptionCancelSearch = z.object({
  session_id: sessionId,
  reason: z.catch(z.optional(z.string().check(z.maxLength(200))), undefined),
});
