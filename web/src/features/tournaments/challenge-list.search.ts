import { oneOf, searchSchema, type SearchOf } from '../../lib/search-params';
import { LIST_FORMATS, LIST_STATUSES } from './challenge-list.rules';

const params = {
  status: oneOf(LIST_STATUSES),
  format: oneOf(LIST_FORMATS),
};

/**
 * `/challenges?status=ACTIVE&format=ROUND_ROBIN`: both filters live in the URL so a reload or a shared
 * link keeps them. Anything unknown or malformed reads as absent (all statuses, all formats).
 */
export const challengeListSearch = searchSchema(params);

export type ChallengeListSearch = SearchOf<typeof params>;
