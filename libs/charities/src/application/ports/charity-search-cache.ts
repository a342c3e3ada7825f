import type { CharityGraphqlAnswer } from '@arena/contracts';

/** Successful search answers kept for a short while (CHARITY_SEARCH_CACHE_SECONDS), shared by every API process. */
export abstract class CharitySearchCache {
  abstract get(key: string): Promise<CharityGraphqlAnswer | undefined>;
  abstract set(key: string, answer: CharityGraphqlAnswer): Promise<void>;
}
