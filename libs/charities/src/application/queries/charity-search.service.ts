import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { CharityGraphqlAnswer } from '@arena/contracts';
import {
  normalisedVariables,
  readCharitySearchOperation,
  type CharitySearchRequest,
} from './charity-search-operation';
import { CharityData } from '../ports/charity-data';
import { CharitySearchCache } from '../ports/charity-search-cache';

/**
 * The search proxy's one use case: read the request into validated variables, answer from the cache or
 * from the configured source, and cache only complete answers (an error today should not be served for
 * the next minute).
 */
@Injectable()
export class CharitySearchService {
  constructor(
    private readonly data: CharityData,
    private readonly cache: CharitySearchCache,
  ) {}

  async answer(request: CharitySearchRequest): Promise<CharityGraphqlAnswer> {
    const variables = readCharitySearchOperation(request);
    const key = `${this.data.source}:${createHash('sha256').update(normalisedVariables(variables)).digest('hex')}`;
    const cached = await this.cache.get(key);
    if (cached) return cached;

    const { envelope, errors } = await this.data.search(variables);
    const answer: CharityGraphqlAnswer = {
      data: envelope ? { publicSearchFaceted: envelope } : null,
      ...(errors.length > 0 ? { errors } : {}),
      extensions: { source: this.data.source, ratingsAvailable: this.data.ratingsAvailable },
    };
    if (envelope && errors.length === 0) await this.cache.set(key, answer);
    return answer;
  }
}
