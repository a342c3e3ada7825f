import * as z from 'zod/mini';
import { LIST_FORMATS, LIST_STATUSES } from './challenge-list.rules';

/**
 * `/challenges?status=ACTIVE&format=ROUND_ROBIN`: both filters live in the URL so a reload or a shared
 * link keeps them. Anything unknown or malformed reads as absent (all statuses, all formats).
 */
export const challengeListSearch = z.object({
  status: z.catch(z.optional(z.enum(LIST_STATUSES)), undefined),
  format: z.catch(z.optional(z.enum(LIST_FORMATS)), undefined),
});

export type ChallengeListSearch = z.output<typeof challengeListSearch>;
